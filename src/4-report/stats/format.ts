/**
 * Text renderings of a stats report: terminal table, JSON, and Markdown sized for GitHub's job
 * summary.
 */
import { escapeControls } from "../controls.js";
import { markdownCell, markdownCodeCell } from "../markdown-text.js";
import type { StatsReport } from "./figures.js";
import { fileCounts } from "./wording.js";

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** A plain-text table, one figure a line: `count / total  share  label`. */
export function formatStatsTable(report: StatsReport): string {
  const lines = [fileCounts(report), ""];
  const width = Math.max(...report.figures.map((f) => `${f.count} of ${f.total}`.length), 8);
  for (const f of report.figures) {
    lines.push(`${`${f.count} of ${f.total}`.padStart(width)}  ${percent(f.share).padStart(6)}  ${escapeControls(f.label)}  (${escapeControls(f.id)})`);
  }
  return `${lines.join("\n")}\n`;
}

/** JSON: every figure with `count`, `total` and `share`. */
export function formatStatsJson(report: StatsReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** A compact Markdown table (label, figure id for `--fail-under`, count, share) plus the worst documents (for `$GITHUB_STEP_SUMMARY`). */
export function formatStatsMarkdown(report: StatsReport): string {
  const lines = [
    "## Handoff adoption",
    "",
    `${fileCounts(report)}.`,
    "",
    "| figure | id | count | share |",
    "| --- | --- | ---: | ---: |",
    ...report.figures.map((f) => `| ${markdownCell(f.label)} | ${markdownCodeCell(f.id)} | ${f.count} of ${f.total} | ${percent(f.share)} |`),
  ];
  if (report.worst.length > 0) {
    lines.push("", "### Documents with the most errors", "", "| document | errors | warnings |", "| --- | ---: | ---: |");
    for (const w of report.worst) lines.push(`| ${markdownCodeCell(w.path)} | ${w.errors} | ${w.warnings} |`);
  }
  return `${lines.join("\n")}\n`;
}
