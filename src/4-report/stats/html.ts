/**
 * The HTML report of `handoff stats --format html`: a standalone page (no scripts, no external
 * resources) with the chart and, beside it, the data table it draws — the numbers to read exactly,
 * and what a screen reader reads.
 */
import type { StatsReport } from "./figures.js";
import type { HistoryPoint } from "./line-chart.js";
import { escapeXml } from "./svg.js";
import { fileCounts, isProblemFigure } from "./wording.js";

const STYLE = [
  "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;background:#fff;color:#111827}",
  ".report{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}",
  ".chart{flex:0 1 auto;max-width:100%;overflow-x:auto}",
  ".chart svg{max-width:100%;height:auto}",
  "table{border-collapse:collapse;font-size:14px}",
  "caption{text-align:left;font-weight:600;padding-bottom:6px}",
  "th,td{padding:3px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}",
  "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}",
  "tr.problem td:first-child::before{content:'';display:inline-block;width:10px;height:10px;margin-right:6px;background:#D55E00}",
  "code{font-size:12px;color:#4b5563}",
].join("\n");

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** The figures as an HTML table: label, id, count, total, share; problem figures carry class `problem`. */
export function figuresTableHtml(report: StatsReport): string {
  const rows = report.figures.map(
    (f) =>
      `<tr${isProblemFigure(f.id) ? ' class="problem"' : ""}><td>${escapeXml(f.label)}</td><td><code>${escapeXml(f.id)}</code></td><td class="n">${f.count}</td><td class="n">${f.total}</td><td class="n">${percent(f.share)}</td></tr>`,
  );
  return [
    "<table>",
    `<caption>${escapeXml(fileCounts(report))}</caption>`,
    '<thead><tr><th>figure</th><th>id</th><th class="n">count</th><th class="n">of</th><th class="n">share</th></tr></thead>',
    `<tbody>\n${rows.join("\n")}\n</tbody>`,
    "</table>",
  ].join("\n");
}

/** The history as an HTML table: commit, date, handoffs, then `count of total` for each id. */
export function historyTableHtml(points: readonly HistoryPoint[], ids: readonly string[]): string {
  const rows = points.map((p) => {
    const cells = ids.map((id) => {
      const f = p.report.figures.find((x) => x.id === id);
      return `<td class="n">${f ? `${f.count} of ${f.total}` : "–"}</td>`;
    });
    return `<tr><td><code>${escapeXml(p.commit.slice(0, 7))}</code></td><td>${escapeXml(p.date.slice(0, 10))}</td><td class="n">${p.report.handoffs}</td>${cells.join("")}</tr>`;
  });
  return [
    "<table>",
    "<caption>Figures at each commit, oldest first</caption>",
    `<thead><tr><th>commit</th><th>date</th><th class="n">handoffs</th>${ids.map((id) => `<th class="n"><code>${escapeXml(id)}</code></th>`).join("")}</tr></thead>`,
    `<tbody>\n${rows.join("\n")}\n</tbody>`,
    "</table>",
  ].join("\n");
}

/** A standalone HTML page: `title`, then the chart `svg` with `tableHtml` beside it (below it on a narrow screen). */
export function htmlPage(title: string, svg: string, tableHtml: string): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    "</head>",
    "<body>",
    `<h1>${escapeXml(title)}</h1>`,
    '<div class="report">',
    `<figure class="chart">\n${svg.trimEnd()}\n</figure>`,
    `<div class="data">\n${tableHtml}\n</div>`,
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
