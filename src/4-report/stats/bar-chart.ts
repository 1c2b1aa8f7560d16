/**
 * The adoption bar chart of `handoff stats --format svg`: one horizontal bar per figure, its share
 * of 0–100 % on a labelled percent axis, `count of total (share)` beside it. Labels are wrapped to
 * their column, never cut; problem figures (expired, secret or injection findings, where fewer is
 * better) are drawn in their own colour, explained by a legend.
 */
import type { Figure, StatsReport } from "./figures.js";
import { BODY, PAD, PERCENT_TICKS, escapeXml, MUTED, round, svgOpen, textBlock, textElement, TITLE, type TextBlock } from "./svg.js";
import { textWidth } from "./text-metrics.js";
import { counted, figureValue, isProblemFigure } from "./wording.js";

/** Bar colours: adoption (more is better) and problems (fewer is better); colour-blind safe (Okabe–Ito blue and vermillion). */
export const BAR_COLOURS = { adoption: "#0072B2", problem: "#D55E00" } as const;

const LABEL_MAX = 300;
const GAP = 10;
const BAR_WIDTH = 300;
const BAR_HEIGHT = 14;
const ROW_MIN = 24;
/** Swatch and the space after it, px. */
const SWATCH_GAP = 18;

/** The bar chart as a standalone SVG document (trailing newline). */
export function barChartSvg(report: StatsReport): string {
  const figures = report.figures;
  const labelWidth = Math.min(LABEL_MAX, Math.max(80, ...figures.map((f) => textWidth(f.label, BODY.size))));
  const valueWidth = Math.max(textWidth("100%", MUTED.size) / 2, ...figures.map((f) => textWidth(figureValue(f), BODY.size)));
  const barX = PAD + labelWidth + GAP;
  const width = barX + BAR_WIDTH + GAP + valueWidth + PAD;
  const inner = width - 2 * PAD;
  const parts: string[] = [];
  let y = PAD;

  const title = textBlock(`Handoff adoption: ${counted(report.handoffs, "handoff")}`, TITLE, inner);
  parts.push(textElement(title, PAD, y));
  y += title.height + 4;
  const apart = report.pointers + report.other;
  const subtitle = textBlock(
    `Each bar is a figure's share of the handoffs it counts (count of total beside it).${apart > 0 ? ` ${counted(report.pointers, "pointer file")} and ${counted(report.other, "other file")} are counted apart.` : ""}`,
    MUTED,
    inner,
  );
  parts.push(textElement(subtitle, PAD, y));
  y += subtitle.height + 8;
  y = legend(parts, y, inner);

  const axis = (top: number) => {
    for (const pct of PERCENT_TICKS) {
      parts.push(textElement(textBlock(`${pct * 100}%`, MUTED, Infinity), barX + pct * BAR_WIDTH, top, "middle"));
    }
  };
  axis(y);
  y += MUTED.lineHeight + 4;
  const rowsTop = y;
  const rows: Array<{ figure: Figure; label: TextBlock; top: number; height: number }> = [];
  for (const figure of figures) {
    const label = textBlock(figure.label, BODY, labelWidth);
    const height = Math.max(ROW_MIN, label.height + 9);
    rows.push({ figure, label, top: y, height });
    y += height;
  }
  const rowsBottom = y;
  rows.forEach((row, i) => {
    if (i % 2 === 1) parts.push(`<rect x="${PAD / 2}" y="${round(row.top)}" width="${round(width - PAD)}" height="${round(row.height)}" fill="#f6f8fa"/>`);
  });
  for (const pct of PERCENT_TICKS) {
    const x = round(barX + pct * BAR_WIDTH);
    parts.push(`<line x1="${x}" y1="${round(rowsTop)}" x2="${x}" y2="${round(rowsBottom)}" stroke="#d1d5db" stroke-width="1"/>`);
  }
  for (const { figure, label, top, height } of rows) {
    const middle = top + height / 2;
    const colour = isProblemFigure(figure.id) ? BAR_COLOURS.problem : BAR_COLOURS.adoption;
    const barTop = round(middle - BAR_HEIGHT / 2);
    const w = round(figure.share * BAR_WIDTH);
    parts.push(
      textElement(label, barX - GAP, middle - label.height / 2, "end"),
      `<rect x="${round(barX)}" y="${barTop}" width="${w}" height="${BAR_HEIGHT}" fill="${colour}" data-figure="${escapeXml(figure.id)}"><title>${escapeXml(`${figure.label}: ${figureValue(figure)} — ${figure.id}`)}</title></rect>`,
      textElement(textBlock(figureValue(figure), BODY, Infinity), barX + BAR_WIDTH + GAP, middle - BODY.lineHeight / 2),
    );
  }
  y += 4;
  axis(y);
  y += MUTED.lineHeight + PAD;
  return `${[svgOpen(width, y, "Handoff adoption"), ...parts, "</svg>"].join("\n")}\n`;
}

/** The two swatches and what they mean; an item flows onto the next line when its line is full. @returns the y below it. */
function legend(parts: string[], top: number, inner: number): number {
  const items = [
    { colour: BAR_COLOURS.adoption, text: "adoption (more is better)" },
    { colour: BAR_COLOURS.problem, text: "problems: expired, secret or injection findings (fewer is better)" },
  ];
  let x = PAD;
  let y = top;
  let lineHeight = 0;
  for (const item of items) {
    const block = textBlock(item.text, BODY, inner - SWATCH_GAP);
    const itemWidth = SWATCH_GAP + block.width;
    if (x > PAD && x + itemWidth > PAD + inner) {
      x = PAD;
      y += lineHeight + 4;
      lineHeight = 0;
    }
    parts.push(
      `<rect x="${round(x)}" y="${round(y + (BODY.lineHeight - 12) / 2)}" width="12" height="12" fill="${item.colour}"/>`,
      textElement(block, x + SWATCH_GAP, y),
    );
    x += itemWidth + 20;
    lineHeight = Math.max(lineHeight, block.height);
  }
  return y + lineHeight + 10;
}
