import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runStats } from "../../src/6-front-ends/cli/stats.js";
import { barChartSvg } from "../../src/4-report/stats/bar-chart.js";
import type { Figure, StatsReport } from "../../src/4-report/stats/figures.js";
import { labelledPoints, laneOffsets, lineChartSvg, type HistoryPoint } from "../../src/4-report/stats/line-chart.js";
import { textWidth, wrapText } from "../../src/4-report/stats/text-metrics.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";
import { canvasSize, measureTexts, overlaps, rasterise, rectsWith, textCollisions, textsOutsideCanvas, type MeasuredText } from "../helpers/svg-layout.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function fig(id: string, label: string, count: number, total: number): Figure {
  return { id, label, count, total, share: total === 0 ? 0 : Math.round((count / total) * 10000) / 10000 };
}

function report(figures: Figure[], over: Partial<StatsReport> = {}): StatsReport {
  return { files: 1, handoffs: 1, pointers: 0, other: 0, figures, worst: [], ...over };
}

let corpusRun: Promise<StatsReport> | undefined;
/** The bundled corpus's figures (computed once for the file's tests). */
function corpusReport(): Promise<StatsReport> {
  corpusRun ??= (async () => {
    const cap = captureIO(repoRoot);
    expect(await runStats(["corpus"], { format: "json", now: new Date("2026-12-01T00:00:00Z") }, cap.io)).toBe(0);
    return JSON.parse(cap.stdout()) as StatsReport;
  })();
  return corpusRun;
}

async function corpusSvg(): Promise<string> {
  return barChartSvg(await corpusReport());
}

/** Renders to PNG and checks what every chart must hold: no text overlaps another or leaves the canvas. */
function checkLayout(svg: string): MeasuredText[] {
  const { png, width, height } = rasterise(svg);
  expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  expect({ width, height }).toEqual(canvasSize(svg));
  const texts = measureTexts(svg);
  expect(textCollisions(texts)).toEqual([]);
  expect(textsOutsideCanvas(svg, texts)).toEqual([]);
  // The layout's widths are DejaVu Sans's advances: the rendered ink never exceeds them.
  for (const t of texts) {
    const estimate = Math.max(
      ...t.lines.map((line) => textWidth(line, Number(/font-size="(\d+)"/.exec(t.element)?.[1]), t.element.includes('font-weight="bold"') ? "bold" : "book")),
    );
    expect(t.box.width, t.lines.join(" ")).toBeLessThanOrEqual(estimate + 0.5);
  }
  return texts;
}

const LONG_WORD = "section:verified-delivery:authorization_boundary.authorized_steps_with_evidence_and_owner";

describe("bar chart pictures", () => {
  it("renders the bundled corpus chart with every label whole, inside its column, clear of the bars", async () => {
    const svg = await corpusSvg();
    const texts = checkLayout(svg);
    const bars = rectsWith(svg, "data-figure");
    expect(bars.length).toBe(34);
    const barLeft = Math.min(...bars.map((b) => b.x));
    const figures = (await corpusReport()).figures;
    for (const f of figures) {
      const label = texts.find((t) => t.lines.join(" ") === f.label);
      expect(label, f.label).toBeDefined();
      expect((label as MeasuredText).box.x + (label as MeasuredText).box.width).toBeLessThanOrEqual(barLeft);
    }
    for (const t of texts) for (const bar of bars) expect(overlaps(t.box, bar), `${t.lines.join(" ")} on ${bar.value}`).toBe(false);
    // Two lines where the label is wider than the column, one otherwise.
    expect(texts.find((t) => t.lines[0]?.startsWith("frontmatter valid for its profile"))?.lines).toEqual([
      "frontmatter valid for its profile (of those with",
      "frontmatter)",
    ]);
    expect(svg).not.toContain("…");
  });

  it("matches the README's docs/stats-adoption.png (else: npm run charts)", async () => {
    const { png } = rasterise(await corpusSvg(), 2);
    expect(Buffer.from(png).equals(readFileSync(path.join(repoRoot, "docs/stats-adoption.png"))), "docs/stats-adoption.png is stale: run npm run charts").toBe(
      true,
    );
  });

  it("labels the axis in percent above and below the bars", async () => {
    const texts = measureTexts(await corpusSvg());
    for (const pct of ["0%", "25%", "50%", "75%", "100%"]) expect(texts.filter((t) => t.lines.join("") === pct).length, pct).toBe(2);
  });

  it("draws expired, secret and injection figures in the problem colour, the rest in the adoption colour, with a legend", async () => {
    const svg = await corpusSvg();
    const colours = Object.fromEntries([...svg.matchAll(/<rect [^>]*fill="(#[0-9A-Fa-f]{6})" data-figure="([^"]+)"/g)].map((m) => [m[2], m[1]]));
    expect(
      Object.entries(colours)
        .filter(([, c]) => c === "#D55E00")
        .map(([id]) => id),
    ).toEqual(["expired", "secret-findings", "injection-findings"]);
    expect(Object.values(colours).filter((c) => c === "#0072B2").length).toBe(31);
    expect(svg).toContain(">problems: expired, secret or injection findings (fewer is better)</text>");
    expect(svg).toContain(">adoption (more is better)</text>");
  });

  it("wraps a label longer than the column, breaks a word wider than a line, and keeps every character", () => {
    const label = `a figure with a long explanation of what it counts and why: ${LONG_WORD} 漢字の見出し`;
    const svg = barChartSvg(report([fig("custom", label, 1, 3), fig("expired", "expired", 0, 3)], { handoffs: 3, files: 4, pointers: 1 }));
    const texts = checkLayout(svg);
    const text = texts.find((t) => t.lines.join("").replace(/ /g, "") === label.replace(/ /g, ""));
    expect(text).toBeDefined();
    expect((text as MeasuredText).lines.length).toBeGreaterThan(2);
    for (const line of (text as MeasuredText).lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(300);
    expect(svg).toContain("Handoff adoption: 3 handoffs</text>");
    expect(texts.map((t) => t.lines.join(" "))).toContain(
      "Each bar is a figure's share of the handoffs it counts (count of total beside it). 1 pointer file and 0 other files are counted apart.",
    );
  });

  it("uses the singular for one handoff and shows 0 of 0 without a share", () => {
    const svg = barChartSvg(report([fig("frontmatter-valid", "frontmatter valid", 0, 0)], { pointers: 0, other: 1, files: 2 }));
    const texts = checkLayout(svg);
    expect(svg).toContain("Handoff adoption: 1 handoff</text>");
    expect(
      texts
        .map((t) => t.lines.join(" "))
        .find((t) => t.startsWith("Each bar"))
        ?.endsWith(" 0 pointer files and 1 other file are counted apart."),
    ).toBe(true);
    expect(svg).toContain(">0 of 0</text>");
  });
});

function historyPoint(i: number, shares: Record<string, [number, number]>, date = `2026-11-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00Z`): HistoryPoint {
  const figures = Object.entries(shares).map(([id, [count, total]]) => fig(id, `${id} label`, count, total));
  return { commit: `${i.toString(16).padStart(7, "0")}${"f".repeat(33)}`, date, report: report(figures, { handoffs: figures[0]?.total ?? 0 }) };
}

const IDS = ["v1-headings", "hypotheses", "job-records", "zero-errors"];

describe("history chart pictures", () => {
  it("labels the x axis with commit ids and dates, thinning them so none collide", () => {
    const points = Array.from({ length: 40 }, (_, i) =>
      historyPoint(i, { "v1-headings": [i % 5, 5], hypotheses: [1, 5], "job-records": [2, 5], "zero-errors": [5, 5] }),
    );
    const svg = lineChartSvg(points, IDS);
    const texts = checkLayout(svg);
    const ticks = texts.filter((t) => t.lines.length === 2 && /^[0-9a-f]{7}$/.test(t.lines[0] as string));
    expect(ticks.length).toBeGreaterThan(3);
    expect(ticks[0]?.lines).toEqual(["0000000", "2026-11-01"]);
    expect(ticks[ticks.length - 1]?.lines).toEqual(["0000027", "2026-11-12"]);
  });

  it("labels every commit when there is room, and a single commit in the middle", () => {
    const three = lineChartSvg(
      [0, 1, 2].map((i) => historyPoint(i, { "v1-headings": [i, 2] })),
      ["v1-headings"],
    );
    expect(
      checkLayout(three)
        .filter((t) => t.lines[1]?.startsWith("2026-11-"))
        .map((t) => t.lines[0]),
    ).toEqual(["0000000", "0000001", "0000002"]);
    const one = lineChartSvg([historyPoint(0, { "v1-headings": [1, 2] })], ["v1-headings"]);
    checkLayout(one);
    expect(one).toContain("Handoff adoption over 1 commit</text>");
    const none = lineChartSvg([], IDS);
    checkLayout(none);
    expect(none).toContain(">no commit changed the directory</text>");
  });

  it("keeps equal lines apart in lanes, each with its own colour, dash and marker, and gives values in the legend", () => {
    const points = [0, 1, 2].map((i) => historyPoint(i, { "v1-headings": [2, 2], hypotheses: [2, 2], "job-records": [2, 2], "zero-errors": [1, 2] }));
    const svg = lineChartSvg(points, IDS);
    const texts = checkLayout(svg);
    const polylines = [...svg.matchAll(/<polyline [^>]*stroke="(#[0-9A-Fa-f]{6})"[^>]*?(?: stroke-dasharray="([^"]+)")? points="([^"]+)"/g)];
    expect(polylines.length).toBe(4);
    expect(new Set(polylines.map((m) => m[1])).size).toBe(4);
    expect(polylines.map((m) => m[2] ?? "")).toEqual(["", "7 3", "2 3", "9 3 2 3"]);
    // The three lines at 100% sit in three lanes 5 px apart, centred on the true value.
    const firstY = polylines.map((m) => Number((m[3] as string).split(" ")[0]?.split(",")[1]));
    expect(firstY[1]).toBeCloseTo((firstY[0] as number) + 5, 5);
    expect(firstY[2]).toBeCloseTo((firstY[0] as number) + 10, 5);
    expect(new Set(firstY).size).toBe(4);
    expect(svg.match(/<circle /g)?.length).toBe(3 + 1);
    expect(svg.match(/<path d="M[^"L]*L[^"L]*L[^"]*Z"/g)?.length).toBe(2 * (3 + 1));
    const legend = texts.filter((t) => / of 2 \(\d+%\)$/.test(t.lines.join(" "))).map((t) => t.lines.join(" "));
    expect(legend).toEqual(["2 of 2 (100%)", "2 of 2 (100%)", "2 of 2 (100%)", "1 of 2 (50%)"]);
  });

  it("spreads only the points that coincide", () => {
    expect(
      laneOffsets([
        [0.5, 0.2],
        [0.5, 0.4],
        [0.1, 0.4],
      ]),
    ).toEqual([
      [-2.5, 0],
      [2.5, -2.5],
      [0, 2.5],
    ]);
    expect(labelledPoints([0, 50, 100, 150, 200], 70)).toEqual([0, 2, 4]);
    expect(labelledPoints([0, 30], 70)).toEqual([0]);
  });
});

describe("text measurement", () => {
  it("measures DejaVu Sans advances and wraps at spaces, inside a word only when it must", () => {
    expect(textWidth("W", 12)).toBeCloseTo(11.87, 1);
    expect(textWidth("漢", 12)).toBe(12);
    expect(wrapText("one two three", textWidth("one two", 12), 12)).toEqual(["one two", "three"]);
    expect(wrapText("abcdefgh", textWidth("abc", 12) + 0.1, 12)).toEqual(["abc", "def", "gh"]);
    expect(wrapText("", 100, 12)).toEqual([""]);
  });

  it("keeps src/4-report/stats/font-metrics.ts as scripts/font-metrics.mjs generates it from the font", () => {
    expect(execFileSync(process.execPath, [path.join(repoRoot, "scripts/font-metrics.mjs"), "--check"], { encoding: "utf8" })).toBe("");
  });
});
