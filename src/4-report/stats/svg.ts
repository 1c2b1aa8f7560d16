/**
 * SVG 1.1 building blocks shared by the stats charts: XML escaping, text elements (one `<tspan>`
 * per wrapped line), and the charts' fonts and colours.
 */
import { escapeXmlAttribute } from "../junit.js";
import { textWidth, wrapText, type FontWeight } from "./text-metrics.js";

/**
 * Escapes text for XML 1.0 content and attribute values: markup and quotes as entities, characters
 * XML forbids as visible `\uXXXX` (the JUnit reporter's escaping).
 */
export function escapeXml(text: string): string {
  return escapeXmlAttribute(text);
}

/**
 * The font stack: the charts are laid out with DejaVu Sans's widths, and the fonts after it are
 * narrower, so a viewer without DejaVu Sans still sees every label whole.
 */
export const FONT_FAMILY = "DejaVu Sans, Segoe UI, system-ui, -apple-system, Helvetica, Arial, sans-serif";

/** Margin around a chart, px. */
export const PAD = 16;

/** Where the percent axes are labelled and gridded: 0 %, 25 %, 50 %, 75 %, 100 %. */
export const PERCENT_TICKS = [0, 0.25, 0.5, 0.75, 1] as const;

/** A text style: size in px, line height in px, weight and fill colour. */
export interface TextStyle {
  size: number;
  lineHeight: number;
  weight: FontWeight;
  fill: string;
}

/** Body text (labels, values, ticks). */
export const BODY: TextStyle = { size: 12, lineHeight: 15, weight: "book", fill: "#1f2937" };
/** Secondary text (axis labels, subtitles). */
export const MUTED: TextStyle = { ...BODY, fill: "#4b5563" };
/** Chart titles. */
export const TITLE: TextStyle = { size: 16, lineHeight: 20, weight: "bold", fill: "#111827" };

/** A block of text: its lines (already wrapped) and where the first baseline sits. */
export interface TextBlock {
  lines: string[];
  style: TextStyle;
  /** Height of the block in px: lines × line height. */
  height: number;
  /** Widest line in px. */
  width: number;
}

/** Wraps `text` to `maxWidth` px in `style` (`Infinity`: one line). */
export function textBlock(text: string, style: TextStyle, maxWidth: number): TextBlock {
  return linesBlock(wrapText(text, maxWidth, style.size, style.weight), style);
}

/** A block of the given lines, unwrapped. */
export function linesBlock(lines: string[], style: TextStyle): TextBlock {
  return {
    lines,
    style,
    height: lines.length * style.lineHeight,
    width: Math.max(...lines.map((line) => textWidth(line, style.size, style.weight))),
  };
}

/** Where a text's `x` sits: its start, middle or end (SVG `text-anchor`). */
export type Anchor = "start" | "middle" | "end";

/**
 * One `<text>` element for a block whose top edge is at `top` px: a `<tspan>` per line, baselines
 * spaced by the line height (the first at `top` + ascent).
 */
export function textElement(block: TextBlock, x: number, top: number, anchor: Anchor = "start", extra = ""): string {
  const { style } = block;
  // DejaVu Sans's ascent is ~0.76 em; centring the x-height in the line box puts the baseline at
  // about (line height + 0.72 em) / 2.
  const firstBaseline = top + (style.lineHeight + style.size * 0.72) / 2;
  const attributes = [
    `x="${round(x)}"`,
    `y="${round(firstBaseline)}"`,
    anchor === "start" ? "" : `text-anchor="${anchor}"`,
    `font-family="${FONT_FAMILY}"`,
    `font-size="${style.size}"`,
    style.weight === "bold" ? `font-weight="bold"` : "",
    `fill="${style.fill}"`,
    extra,
  ].filter(Boolean);
  const spans = block.lines.map((line, i) => (i === 0 ? escapeXml(line) : `<tspan x="${round(x)}" dy="${style.lineHeight}">${escapeXml(line)}</tspan>`));
  // The first line is the element's own text: a one-line label stays a plain <text>.
  const [first, ...rest] = spans;
  return `<text ${attributes.join(" ")}>${first ?? ""}${rest.join("")}</text>`;
}

/** Rounds a coordinate to 0.1 px for compact output. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The opening `<svg>` element and a white background. */
export function svgOpen(width: number, height: number, label: string): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ].join("\n");
}
