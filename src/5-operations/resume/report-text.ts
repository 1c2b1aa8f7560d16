/**
 * `resume`'s text output. The verdict and every warning come first, so a reader going top-down
 * meets them before any content of the handoff:
 *
 * ```text
 * handoff resume: <path> (<profile>)                 or: handoff resume: refused <path> (<profile>)
 * verdict: <resumed|refused>[ (--strict; --dry-run: nothing was changed)]; <counts>
 * refused: <check>: <message>                        one line per reason, when refused
 * warning: <check>: <message>                        one line per warning
 * notice: <check>: <message>                         one line per notice
 * note: <check>: <message>                           what was left out or not checked
 * other open handoffs (<n>, newest first; resume one by name): <path>, …
 * --- BEGIN USER-TIER CONTENT: handoff ---            (only when resumed)
 * …
 * --- END USER-TIER CONTENT: handoff ---
 * <the header again, without its first line>
 * stats: <sections>, <words>, <findings>, <confidence>, <status change>
 * ```
 *
 * The header sits outside the markers: it is the tool speaking, never the document. Each header
 * line is one line (line breaks in a message become spaces) and a line that imitates a marker is
 * escaped as in the content.
 */
import { escapeMarkers } from "./render.js";
import { findingText, type ResumeReport, type StepVerdict } from "./resume.js";

/** Another open handoff `resume` could have picked. */
export interface ResumeCandidate {
  /** Path relative to the working directory. */
  path: string;
  id: string;
  profile: string;
  status: string | null;
  updated: string | null;
  /** The store it is in, relative to the working directory. */
  store: string;
}

/** What the text report says beyond the report itself. */
export interface ResumeTextContext {
  dryRun: boolean;
  /** The other open handoffs, newest first (empty when a handoff was named). */
  candidates: readonly ResumeCandidate[];
  /** `status open -> resumed`, `status open (unchanged: --dry-run)`, or undefined. */
  statusLine: string | undefined;
}

const ORDER: readonly StepVerdict[] = ["refused", "warning", "notice"];

function oneLine(text: string): string {
  return escapeMarkers(text.replace(/[\r\n]+/g, " "));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** `3 findings (2 MD025, 1 next-action)`: the count and the rules it is made of. */
function findingsText(stats: ResumeReport["stats"]): string {
  const rules = Object.entries(stats.findingsByRule).map(([ruleId, n]) => `${n} ${ruleId}`);
  return `${plural(stats.findings, "finding")}${rules.length > 0 ? ` (${rules.join(", ")})` : ""}`;
}

/** The lines between the title and the content (also repeated after the content). */
export function headerLines(report: ResumeReport, context: ResumeTextContext): string[] {
  const count = (outcome: StepVerdict) => report.steps.filter((s) => s.outcome === outcome).reduce((n, s) => n + s.findings.length, 0);
  const counts = [
    report.verdict === "refused" ? plural(count("refused"), "reason") : undefined,
    plural(count("warning"), "warning"),
    count("notice") > 0 ? plural(count("notice"), "notice") : undefined,
  ].filter(Boolean);
  const flags = [report.strict ? "--strict" : undefined, context.dryRun ? "--dry-run: nothing was changed" : undefined].filter(Boolean);
  const lines = [`verdict: ${report.verdict}${flags.length > 0 ? ` (${flags.join("; ")})` : ""}; ${counts.join(", ")}`];
  for (const outcome of ORDER) {
    for (const s of report.steps.filter((x) => x.outcome === outcome))
      for (const f of s.findings) lines.push(oneLine(`${outcome}: ${s.step}: ${findingText(f)}`));
  }
  for (const s of report.steps) for (const n of s.notes) lines.push(oneLine(`note: ${s.step}: ${n}`));
  if (context.candidates.length > 0) {
    lines.push(
      oneLine(`other open handoffs (${context.candidates.length}, newest first; resume one by name): ${context.candidates.map((c) => c.path).join(", ")}`),
    );
  }
  return lines;
}

/** The whole text report (see the module comment). */
export function resumeText(report: ResumeReport, context: ResumeTextContext): string {
  const title =
    report.verdict === "refused" ? `handoff resume: refused ${report.path} (${report.profile})` : `handoff resume: ${report.path} (${report.profile})`;
  const header = headerLines(report, context);
  const out = [oneLine(title), ...header];
  if (report.verdict !== "resumed") return `${out.join("\n")}\n`;
  const confidence =
    report.confidence === undefined
      ? report.confidenceLow
        ? "confidence low (integrity did not verify)"
        : undefined
      : `confidence ${report.confidence}${report.confidenceLow ? " (shown as low: integrity did not verify)" : ""}`;
  const stats = [
    plural(report.stats.sections, "section"),
    plural(report.stats.words, "word"),
    findingsText(report.stats),
    confidence,
    context.statusLine,
  ].filter(Boolean);
  return `${out.join("\n")}\n${report.userTier}${header.join("\n")}\nstats: ${stats.join(", ")}\n`;
}
