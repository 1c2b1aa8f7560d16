/**
 * The `github` reporter: GitHub Actions workflow commands, so findings appear as annotations on the
 * pull request (https://docs.github.com/actions/reference/workflow-commands-for-github-actions):
 *
 *     ::error file=handoffs/a.md,line=3,col=1,endLine=3,endColumn=9,title=required-sections::Missing …
 *
 * Escaping follows `@actions/core` (`escapeData`/`escapeProperty`): in data `%`, CR and LF become
 * `%25`, `%0D`, `%0A`; in properties also `:` → `%3A` and `,` → `%2C`. So no text from a document —
 * a message quoting a line that begins with `::` — can end the command or start a new one. Before
 * that, control characters are shown as escapes (`./controls.ts`): the log viewer interprets ANSI
 * sequences, and a bidi override would reorder an annotation.
 *
 * GitHub shows at most 10 error and 10 warning annotations per step (and 50 per job); further ones
 * are dropped silently. We therefore emit at most {@link ANNOTATIONS_PER_KIND} of each kind, print the
 * rest as plain log lines (prefixed, escaped, never a command), and end with a `::notice` that says
 * how many findings were not annotated. Info findings are `::notice` annotations, capped the same way.
 */
import path from "node:path";
import type { MaskedDiagnostic, MaskedFileResult } from "../3-check/engine/diagnostic.js";
import { escapeControls } from "./controls.js";
import { markdownCell } from "./markdown-text.js";
import { summarize } from "../3-check/pipeline/summary.js";

/** Annotations of one kind GitHub shows per step (community discussions #26680, #68471). */
export const ANNOTATIONS_PER_KIND = 10;

/**
 * Escapes workflow-command data (the message): control characters shown as escapes (the log
 * viewer interprets ANSI sequences; LF and CRLF line breaks are kept), then `%`, CR, LF.
 */
export function escapeData(text: string): string {
  return escapeControls(text, { multiline: true }).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow-command property value: as data, plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Options of {@link formatGithub}. */
export interface GithubOptions {
  /** Absolute working directory the result paths are relative to. */
  cwd: string;
  /** Absolute repository root (the workspace): annotation paths are relative to it. */
  repositoryRoot: string;
}

type Kind = "error" | "warning" | "notice";

const KIND: Record<MaskedDiagnostic["severity"], Kind> = { error: "error", warning: "warning", info: "notice" };

function repositoryPath(displayPath: string, options: GithubOptions): string {
  const abs = path.resolve(options.cwd, displayPath);
  const relative = path.relative(options.repositoryRoot, abs);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return abs;
  return relative.split(path.sep).join("/");
}

/** One annotation command for `diagnostic` in file `file` (repository-relative). */
export function annotation(file: string, diagnostic: MaskedDiagnostic): string {
  const properties = [`file=${escapeProperty(file)}`, `line=${diagnostic.line}`, `col=${diagnostic.column}`, `endLine=${diagnostic.endLine}`];
  // GitHub reads endColumn only for single-line annotations.
  if (diagnostic.endLine === diagnostic.line) properties.push(`endColumn=${diagnostic.endColumn}`);
  properties.push(`title=${escapeProperty(diagnostic.ruleId)}`);
  return `::${KIND[diagnostic.severity]} ${properties.join(",")}::${escapeData(diagnostic.message)}`;
}

/**
 * Renders results as workflow commands, one per line, ending with a newline (empty string when
 * there are no findings). `results` must already be masked.
 */
export function formatGithub(results: readonly MaskedFileResult[], options: GithubOptions): string {
  const summary = summarize(results);
  const overflowing = summary.errors > ANNOTATIONS_PER_KIND || summary.warnings > ANNOTATIONS_PER_KIND || summary.infos > ANNOTATIONS_PER_KIND;
  // The closing notice is itself a notice annotation: keep a slot free for it.
  const caps: Record<Kind, number> = {
    error: ANNOTATIONS_PER_KIND,
    warning: ANNOTATIONS_PER_KIND,
    notice: overflowing || summary.infos === ANNOTATIONS_PER_KIND ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND,
  };
  const used: Record<Kind, number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  let plain = 0;
  for (const result of results) {
    const file = repositoryPath(result.path, options);
    for (const diagnostic of result.diagnostics) {
      const kind = KIND[diagnostic.severity];
      if (used[kind] < caps[kind]) {
        used[kind]++;
        lines.push(annotation(file, diagnostic));
      } else {
        plain++;
        // A fixed prefix and escaped newlines: this line can never be read as a command.
        lines.push(
          `handoff: ${escapeData(file)}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${escapeData(diagnostic.message)} (${escapeData(diagnostic.ruleId)})`,
        );
      }
    }
  }
  if (plain > 0) {
    lines.push(
      `::notice title=handoffkit::${plain} more finding${plain === 1 ? "" : "s"} than GitHub annotates per step (${ANNOTATIONS_PER_KIND} errors and ${ANNOTATIONS_PER_KIND} warnings): they are listed in this step's log above; upload the SARIF report to see every finding in code scanning`,
    );
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/**
 * A Markdown job summary (for `$GITHUB_STEP_SUMMARY`): counts, then one table row per error and
 * warning (at most `limit` rows). `results` must already be masked.
 */
export function formatGithubSummary(results: readonly MaskedFileResult[], options: GithubOptions, limit = 100): string {
  const s = summarize(results);
  const out = [
    "### handoffkit",
    "",
    `${s.files} file${s.files === 1 ? "" : "s"} checked: ${s.errors} error${s.errors === 1 ? "" : "s"}, ${s.warnings} warning${s.warnings === 1 ? "" : "s"}, ${s.infos} info.`,
    "",
  ];
  const rows: string[] = [];
  for (const result of results) {
    const file = repositoryPath(result.path, options);
    for (const d of result.diagnostics) {
      if (d.severity === "info") continue;
      rows.push(`| ${markdownCell(file)}:${d.line}:${d.column} | ${d.severity} | ${markdownCell(d.message)} | ${markdownCell(d.ruleId)} |`);
    }
  }
  if (rows.length > 0) {
    out.push("| where | severity | message | rule |", "| --- | --- | --- | --- |", ...rows.slice(0, limit));
    if (rows.length > limit) out.push("", `… and ${rows.length - limit} more (see the step log).`);
    out.push("");
  }
  return `${out.join("\n")}\n`;
}
