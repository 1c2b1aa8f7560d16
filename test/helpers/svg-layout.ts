/**
 * Layout checks for the stats charts: each `<text>` of a chart is rendered alone with resvg and
 * DejaVu Sans (scripts/render-svg.mjs) and its ink box measured, so overlaps and text past the
 * canvas are found in pixels, not guessed from coordinates.
 */
import { inkBox, renderPng } from "../../scripts/render-svg.mjs";

/** A box in the SVG's user units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One `<text>` element: its source, its lines (unescaped) and the box its ink covers. */
export interface MeasuredText {
  element: string;
  lines: string[];
  box: Box;
}

function unescape(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name] as string);
}

/** The canvas size from the root element's width and height. */
export function canvasSize(svg: string): { width: number; height: number } {
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  if (!match) throw new Error("no <svg width height>");
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Every `<text>` element of `svg` with its lines and measured ink box. */
export function measureTexts(svg: string): MeasuredText[] {
  const { width, height } = canvasSize(svg);
  return [...svg.matchAll(/<text\b[^>]*>.*?<\/text>/g)].map(([element]) => {
    const inner = element.replace(/^<text\b[^>]*>/, "").replace(/<\/text>$/, "");
    const lines = inner.split(/<tspan\b[^>]*>/).map((part) => unescape(part.replace(/<\/tspan>/g, "")));
    const box = inkBox(element, width, height);
    if (!box) throw new Error(`draws nothing: ${element}`);
    return { element, lines, box };
  });
}

/** Whether two boxes share area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Pairs of texts whose ink overlaps, as `"a" / "b"` strings (empty when none). */
export function textCollisions(texts: readonly MeasuredText[]): string[] {
  const collisions: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i] as MeasuredText;
      const b = texts[j] as MeasuredText;
      if (overlaps(a.box, b.box)) collisions.push(`${JSON.stringify(a.lines.join(" "))} / ${JSON.stringify(b.lines.join(" "))}`);
    }
  }
  return collisions;
}

/** Texts whose ink leaves the canvas (cut off in any viewer). */
export function textsOutsideCanvas(svg: string, texts: readonly MeasuredText[]): string[] {
  const { width, height } = canvasSize(svg);
  return texts.filter(({ box }) => box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height).map((t) => t.lines.join(" "));
}

/** The `<rect>` elements carrying `attribute` (e.g. `data-figure`), as boxes with that attribute's value. */
export function rectsWith(svg: string, attribute: string): Array<Box & { value: string }> {
  return [...svg.matchAll(/<rect\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(` ${attribute}="`))
    .map((tag) => {
      const number = (name: string) => Number(new RegExp(` ${name}="([\\d.]+)"`).exec(tag)?.[1]);
      return {
        x: number("x"),
        y: number("y"),
        width: number("width"),
        height: number("height"),
        value: unescape(new RegExp(` ${attribute}="([^"]*)"`).exec(tag)?.[1] ?? ""),
      };
    });
}

/** Renders `svg` to PNG at `scale` × its size. */
export function rasterise(svg: string, scale = 1): { png: Uint8Array; width: number; height: number } {
  return renderPng(svg, scale);
}
