/**
 * The history chart of `handoff stats --history --format svg`: one line per figure, its share at
 * each commit (oldest left), commit ids and dates on the x axis. Lines stay told apart where they
 * are equal: each has its own colour, dash pattern and marker shape, equal points are spread into
 * parallel lanes a few pixels apart, and the legend gives each line's newest value.
 */
import type { StatsReport } from "./figures.js";
import { BODY, PAD, PERCENT_TICKS, escapeXml, linesBlock, MUTED, round, svgOpen, textBlock, textElement, TITLE } from "./svg.js";
import { textWidth } from "./text-metrics.js";
import { counted, figureValue } from "./wording.js";

/** One point of history: a commit and its report. */
export interface HistoryPoint {
  /** Full commit id. */
  commit: string;
  /** ISO-8601 commit date. */
  date: string;
  report: StatsReport;
}

/** How each line is drawn, by position in the chart's ids (Okabe–Ito colours, colour-blind safe). */
export const LINE_STYLES = [
  { colour: "#0072B2", dash: "", marker: "circle" },
  { colour: "#D55E00", dash: "7 3", marker: "square" },
  { colour: "#009E73", dash: "2 3", marker: "triangle" },
  { colour: "#CC79A7", dash: "9 3 2 3", marker: "diamond" },
  { colour: "#E69F00", dash: "4 2", marker: "circle" },
  { colour: "#56B4E9", dash: "1 2", marker: "square" },
] as const;

const WIDTH = 820;
const LEGEND_WIDTH = 230;
const PLOT_HEIGHT = 260;
/** Distance between lanes of equal points, px. */
const LANE = 5;

/**
 * Which points get an x-axis label: the first, the last, and between them each point that leaves
 * `gap` px to its labelled neighbours. `centres` are the points' x in px; labels are `labelWidth` wide.
 */
export function labelledPoints(centres: readonly number[], labelWidth: number, gap = 12): number[] {
  if (centres.length === 0) return [];
  const last = centres.length - 1;
  const chosen = [0];
  for (let i = 1; i < last; i++) {
    const previous = centres[chosen[chosen.length - 1] as number] as number;
    if ((centres[i] as number) - previous >= labelWidth + gap && (centres[last] as number) - (centres[i] as number) >= labelWidth + gap) chosen.push(i);
  }
  if (last > 0 && (centres[last] as number) - (centres[chosen[chosen.length - 1] as number] as number) >= labelWidth + gap) chosen.push(last);
  return chosen;
}

/**
 * Lane offsets in px for `shares[series][point]`: where k lines meet at a point they are spread
 * over k lanes centred on the true value; a line alone at its value keeps offset 0.
 */
export function laneOffsets(shares: readonly (readonly number[])[]): number[][] {
  const offsets = shares.map((line) => line.map(() => 0));
  const points = shares[0]?.length ?? 0;
  for (let i = 0; i < points; i++) {
    const groups = new Map<number, number[]>();
    shares.forEach((line, k) => {
      const value = line[i] as number;
      groups.set(value, [...(groups.get(value) ?? []), k]);
    });
    for (const members of groups.values()) {
      members.forEach((k, j) => {
        (offsets[k] as number[])[i] = (j - (members.length - 1) / 2) * LANE;
      });
    }
  }
  return offsets;
}

function marker(shape: string, x: number, y: number, colour: string, title: string): string {
  const r = 4;
  const common = `fill="${colour}" stroke="#ffffff" stroke-width="1"`;
  const tip = `<title>${escapeXml(title)}</title>`;
  if (shape === "square") return `<rect x="${round(x - r + 0.5)}" y="${round(y - r + 0.5)}" width="${2 * r - 1}" height="${2 * r - 1}" ${common}>${tip}</rect>`;
  if (shape === "triangle")
    return `<path d="M${round(x)} ${round(y - r - 0.5)}L${round(x + r)} ${round(y + r - 1)}L${round(x - r)} ${round(y + r - 1)}Z" ${common}>${tip}</path>`;
  if (shape === "diamond")
    return `<path d="M${round(x)} ${round(y - r - 0.5)}L${round(x + r + 0.5)} ${round(y)}L${round(x)} ${round(y + r + 0.5)}L${round(x - r - 0.5)} ${round(y)}Z" ${common}>${tip}</path>`;
  return `<circle cx="${round(x)}" cy="${round(y)}" r="${r - 0.5}" ${common}>${tip}</circle>`;
}

/** A line per figure id in `ids` (share over commits, oldest left), as a standalone SVG document. */
export function lineChartSvg(points: readonly HistoryPoint[], ids: readonly string[]): string {
  const parts: string[] = [];
  const inner = WIDTH - 2 * PAD;
  let y = PAD;
  const title = textBlock(`Handoff adoption over ${counted(points.length, "commit")}`, TITLE, inner);
  parts.push(textElement(title, PAD, y));
  y += title.height + 4;
  const subtitle = textBlock(
    "Share of handoffs at each commit that changed the directory, oldest left; the legend gives the newest commit's values.",
    MUTED,
    inner,
  );
  parts.push(textElement(subtitle, PAD, y));
  y += subtitle.height + 14;

  const plotTop = y;
  const plotLeft = PAD + textWidth("100%", MUTED.size) + 8;
  const plotRight = WIDTH - PAD - LEGEND_WIDTH - 24;
  const plotWidth = plotRight - plotLeft;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const yOf = (share: number) => plotBottom - share * PLOT_HEIGHT;
  // Points sit half a label in from each edge, so the first and last labels stay inside the plot's width.
  const dateWidth = textWidth("0000-00-00", BODY.size);
  const inset = points.length <= 1 ? plotWidth / 2 : dateWidth / 2;
  const xOf = (i: number) => (points.length <= 1 ? plotLeft + plotWidth / 2 : plotLeft + inset + (i / (points.length - 1)) * (plotWidth - 2 * inset));

  for (const pct of PERCENT_TICKS) {
    parts.push(
      `<line x1="${round(plotLeft)}" y1="${round(yOf(pct))}" x2="${round(plotRight)}" y2="${round(yOf(pct))}" stroke="#e5e7eb" stroke-width="1"/>`,
      textElement(textBlock(`${pct * 100}%`, MUTED, Infinity), plotLeft - 8, yOf(pct) - MUTED.lineHeight / 2, "end"),
    );
  }
  parts.push(`<line x1="${round(plotLeft)}" y1="${round(plotBottom)}" x2="${round(plotRight)}" y2="${round(plotBottom)}" stroke="#6b7280" stroke-width="1"/>`);

  const centres = points.map((_, i) => xOf(i));
  const markersFit = points.length < 2 || (centres[1] as number) - (centres[0] as number) >= 6;
  centres.forEach((x) =>
    parts.push(`<line x1="${round(x)}" y1="${round(plotBottom)}" x2="${round(x)}" y2="${round(plotBottom + 4)}" stroke="#6b7280" stroke-width="1"/>`),
  );
  for (const i of labelledPoints(centres, dateWidth)) {
    const point = points[i] as HistoryPoint;
    const tick = linesBlock([point.commit.slice(0, 7), point.date.slice(0, 10)], BODY);
    parts.push(textElement(tick, centres[i] as number, plotBottom + 7, "middle"));
  }
  const axisCaption = textBlock("commit and date", MUTED, plotWidth);
  parts.push(textElement(axisCaption, plotLeft + plotWidth / 2, plotBottom + 7 + 2 * BODY.lineHeight + 4, "middle"));
  let bottom = plotBottom + 7 + 2 * BODY.lineHeight + 4 + axisCaption.height;
  if (points.length === 0) {
    parts.push(
      textElement(
        textBlock("no commit changed the directory", MUTED, plotWidth),
        plotLeft + plotWidth / 2,
        plotTop + PLOT_HEIGHT / 2 - MUTED.lineHeight / 2,
        "middle",
      ),
    );
  }

  const shares = ids.map((id) => points.map((p) => p.report.figures.find((f) => f.id === id)?.share ?? 0));
  const offsets = laneOffsets(shares);
  const newest = points[points.length - 1];
  const legendX = plotRight + 24;
  let legendY = plotTop;
  ids.forEach((id, k) => {
    const style = LINE_STYLES[k % LINE_STYLES.length] as (typeof LINE_STYLES)[number];
    const line = shares[k] as number[];
    const lane = offsets[k] as number[];
    const coords = line.map((share, i) => `${round(xOf(i))},${round(yOf(share) + (lane[i] as number))}`);
    if (coords.length > 1) {
      parts.push(
        `<polyline fill="none" stroke="${style.colour}" stroke-width="2"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""} points="${coords.join(" ")}"/>`,
      );
    }
    // Markers closer than a marker's width would merge into a band: the lines alone tell them apart then.
    line.forEach((share, i) => {
      if (!markersFit) return;
      const point = points[i] as HistoryPoint;
      parts.push(
        marker(style.marker, xOf(i), yOf(share) + (lane[i] as number), style.colour, `${point.commit.slice(0, 7)} ${id}: ${Math.round(share * 100)}%`),
      );
    });
    // Legend entry: a sample of the line with its marker, the figure's label, its newest value.
    const figure = newest?.report.figures.find((f) => f.id === id);
    const label = textBlock(figure?.label ?? id, BODY, LEGEND_WIDTH - 34);
    const value = textBlock(figure ? figureValue(figure) : "no value", MUTED, LEGEND_WIDTH - 34);
    const sampleY = legendY + BODY.lineHeight / 2;
    parts.push(
      `<line x1="${round(legendX)}" y1="${round(sampleY)}" x2="${round(legendX + 24)}" y2="${round(sampleY)}" stroke="${style.colour}" stroke-width="2"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""}/>`,
      marker(style.marker, legendX + 12, sampleY, style.colour, id),
      textElement(label, legendX + 34, legendY),
      textElement(value, legendX + 34, legendY + label.height),
    );
    legendY += label.height + value.height + 10;
  });
  bottom = Math.max(bottom, legendY);
  return `${[svgOpen(WIDTH, bottom + PAD, "Handoff adoption over time"), ...parts, "</svg>"].join("\n")}\n`;
}
