/**
 * The `stylish` reporter (the default), after ESLint's: findings grouped by file, one line each
 * with `line:column`, severity, message and ruleId, then a summary line. File names and messages
 * are printed with their control characters escaped (`./controls.ts`).
 */
import pc from "picocolors";
import type { MaskedFileResult } from "../3-check/engine/diagnostic.js";
import { escapeControls } from "./controls.js";
import { summarize, type Summary } from "../3-check/pipeline/summary.js";

/** Options of {@link formatStylish}. */
export interface StylishOptions {
  color: boolean;
  /**
   * Warnings and infos the run counted but does not show (`--quiet`): a summary without shown
   * findings then says so instead of "no problems".
   */
  hidden?: { warnings: number; infos: number };
}

/** Renders results; `results` must already be masked. Ends with a newline unless empty. */
export function formatStylish(results: readonly MaskedFileResult[], options: StylishOptions): string {
  return results.map((result) => formatStylishFile(result, options)).join("") + formatStylishSummary(summarize(results), options);
}

/**
 * One file's block of {@link formatStylish} (path, one line per finding, a blank line), or `""`
 * for a file without findings: streaming output writes these as files finish.
 */
export function formatStylishFile(result: MaskedFileResult, options: StylishOptions): string {
  if (result.diagnostics.length === 0) return "";
  const c = pc.createColors(options.color);
  // Escaped before colouring: no file name or message can send the terminal its own sequences.
  const out: string[] = [c.underline(escapeControls(result.path))];
  const rows = result.diagnostics.map((d) => [
    `${d.line}:${d.column}`,
    d.severity,
    escapeControls(d.message.replace(/[\r\n]+/g, " ")),
    escapeControls(d.ruleId),
  ]);
  // A loop, not Math.max(...rows): a spread of ~500k findings overflows the stack.
  let posWidth = 0;
  let sevWidth = 0;
  for (const r of rows) {
    posWidth = Math.max(posWidth, (r[0] as string).length);
    sevWidth = Math.max(sevWidth, (r[1] as string).length);
  }
  for (const [pos, severity, message, ruleId] of rows as string[][]) {
    const sev = (severity as string).padEnd(sevWidth);
    const coloured = severity === "error" ? c.red(sev) : severity === "warning" ? c.yellow(sev) : c.blue(sev);
    out.push(`  ${c.dim((pos as string).padStart(posWidth))}  ${coloured}  ${message}  ${c.dim(ruleId as string)}`);
  }
  return `${out.join("\n")}\n\n`;
}

/** The closing line of {@link formatStylish} for a run's `summary`, with its newline. */
export function formatStylishSummary(s: Summary, options: StylishOptions): string {
  const c = pc.createColors(options.color);
  const total = s.errors + s.warnings + s.infos;
  const files = `${s.files} file${s.files === 1 ? "" : "s"} checked`;
  const hidden = [
    options.hidden?.warnings ? `${options.hidden.warnings} warning${options.hidden.warnings === 1 ? "" : "s"}` : "",
    options.hidden?.infos ? `${options.hidden.infos} info` : "",
  ].filter(Boolean);
  if (total === 0 && hidden.length > 0) return `${c.yellow(`✔ ${files}, no errors (${hidden.join(" and ")} hidden by --quiet)`)}\n`;
  if (total === 0) return `${c.green(`✔ ${files}, no problems`)}\n`;
  const line = `✖ ${total} problem${total === 1 ? "" : "s"} (${s.errors} error${s.errors === 1 ? "" : "s"}, ${s.warnings} warning${s.warnings === 1 ? "" : "s"}, ${s.infos} info) in ${s.filesWithFindings} of ${s.files} file${s.files === 1 ? "" : "s"}`;
  return `${s.errors > 0 ? c.red(c.bold(line)) : c.yellow(c.bold(line))}\n`;
}
