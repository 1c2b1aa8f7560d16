import { describe, expect, it } from "vitest";
import { barChartSvg, figuresTableHtml, historyTableHtml, htmlPage, lineChartSvg } from "../../src/4-report/stats/chart.js";
import type { Figure, StatsReport } from "../../src/4-report/stats/figures.js";

function fig(id: string, label: string, count: number, total: number): Figure {
  return { id, label, count, total, share: total === 0 ? 0 : Math.round((count / total) * 10000) / 10000 };
}

const REPORT: StatsReport = {
  files: 4,
  handoffs: 3,
  pointers: 1,
  other: 0,
  figures: [fig("v1-headings", "v1 headings <all three>", 2, 3), fig("expired", "expired", 1, 3)],
  worst: [],
};

describe("stats HTML report", () => {
  it("puts the data table beside the chart: a flex row of the SVG figure and the table", () => {
    const page = htmlPage("Handoff adoption", barChartSvg(REPORT), figuresTableHtml(REPORT));
    expect(page.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(page).toContain(".report{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}");
    const body = page.slice(page.indexOf("<body>"));
    expect(body.indexOf('<div class="report">\n<figure class="chart">\n<svg ')).toBeGreaterThan(0);
    expect(body.indexOf('</svg>\n</figure>\n<div class="data">\n<table>')).toBeGreaterThan(body.indexOf("<svg "));
    expect(page).not.toMatch(/<script|<link|@import|url\(/);
  });

  it("lists every figure with its id, count, total and share; problem figures are marked", () => {
    expect(figuresTableHtml(REPORT).split("\n")).toEqual([
      "<table>",
      "<caption>4 files: 3 handoffs, 1 pointer file, 0 other files</caption>",
      '<thead><tr><th>figure</th><th>id</th><th class="n">count</th><th class="n">of</th><th class="n">share</th></tr></thead>',
      "<tbody>",
      '<tr><td>v1 headings &lt;all three&gt;</td><td><code>v1-headings</code></td><td class="n">2</td><td class="n">3</td><td class="n">66.7%</td></tr>',
      '<tr class="problem"><td>expired</td><td><code>expired</code></td><td class="n">1</td><td class="n">3</td><td class="n">33.3%</td></tr>',
      "</tbody>",
      "</table>",
    ]);
  });

  it("gives the history page a table of commits beside the line chart", () => {
    const points = [
      { commit: "a".repeat(40), date: "2026-11-01T10:00:00Z", report: REPORT },
      { commit: "b".repeat(40), date: "2026-11-02T10:00:00Z", report: { ...REPORT, figures: [] } },
    ];
    const table = historyTableHtml(points, ["v1-headings", "expired"]);
    expect(table.split("\n").slice(2, 6)).toEqual([
      '<thead><tr><th>commit</th><th>date</th><th class="n">handoffs</th><th class="n"><code>v1-headings</code></th><th class="n"><code>expired</code></th></tr></thead>',
      "<tbody>",
      '<tr><td><code>aaaaaaa</code></td><td>2026-11-01</td><td class="n">3</td><td class="n">2 of 3</td><td class="n">1 of 3</td></tr>',
      '<tr><td><code>bbbbbbb</code></td><td>2026-11-02</td><td class="n">3</td><td class="n">–</td><td class="n">–</td></tr>',
    ]);
    const page = htmlPage("Handoff adoption over time", lineChartSvg(points, ["v1-headings"]), table);
    expect(page).toContain('</figure>\n<div class="data">\n<table>\n<caption>Figures at each commit, oldest first</caption>');
  });
});
