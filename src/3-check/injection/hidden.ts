/**
 * Where a Markdown document hides text from its rendered view: `<details>` bodies (collapsed by
 * default) and elements styled out of sight — `display:none`, `visibility:hidden`, the `hidden`
 * attribute, zero font size, height or opacity, white or transparent text, or text moved off
 * screen. HTML comments, link reference definitions, alt and title text are hidden by their run
 * kind (`runs.ts`); this module finds the ranges that depend on markup around ordinary text.
 */

/** A hidden range of the document text, `[start, end)`, and how to name it in a message. */
export interface HiddenRange {
  start: number;
  end: number;
  where: string;
}

/** An opening tag whose style or attributes hide its content. */
export const HIDING_ELEMENT =
  /<([A-Z][\w-]{0,20})\b[^>]{0,400}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|(?<![\w-])height\s*:\s*0(?![.\d])|(?<![\w-])color\s*:\s*(?:transparent|#fff(?:fff)?(?![\da-f])|white\b)|(?:left|top|text-indent)\s*:\s*-\d{3,}|clip\s*:\s*rect\(\s*0|\shidden(?=[\s>=/]))[^>]{0,400}>/gi;

/** The first value of ascending `sorted` at or after `value`, else `fallback` (binary search). */
function firstAtOrAfter(sorted: readonly number[], value: number, fallback: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? (sorted[lo] as number) : fallback;
}

/** The hidden ranges of a Markdown document's text: disjoint, in text order. O(n log n) in the text length. */
export function hiddenRanges(text: string): HiddenRange[] {
  if (!text.includes("<")) return [];
  const lower = text.toLowerCase();
  const ranges: HiddenRange[] = [];
  const positions = (needle: string): number[] => {
    const found: number[] = [];
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) found.push(at);
    return found;
  };
  const detailsCloses = positions("</details");
  for (const start of positions("<details")) ranges.push({ start, end: firstAtOrAfter(detailsCloses, start, text.length), where: " in a <details> block" });
  const closesByTag = new Map<string, number[]>();
  HIDING_ELEMENT.lastIndex = 0;
  for (const m of text.matchAll(HIDING_ELEMENT)) {
    const tag = (m[1] as string).toLowerCase();
    let closes = closesByTag.get(tag);
    if (!closes) {
      closes = positions(`</${tag}`);
      closesByTag.set(tag, closes);
    }
    ranges.push({ start: m.index, end: firstAtOrAfter(closes, m.index, text.length), where: " in a hidden HTML element" });
  }
  return merge(ranges);
}

/** Overlapping or nested ranges merged (the outer one's name kept), sorted by start. */
function merge(ranges: HiddenRange[]): HiddenRange[] {
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: HiddenRange[] = [];
  for (const range of ranges) {
    const last = out[out.length - 1];
    if (last && range.start < last.end) last.end = Math.max(last.end, range.end);
    else out.push({ ...range });
  }
  return out;
}

/** The ranges of disjoint, sorted `ranges` that overlap `[start, end)` (binary search). */
export function rangesOverlapping(ranges: readonly HiddenRange[], start: number, end: number): HiddenRange[] {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ranges[mid] as HiddenRange).end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: HiddenRange[] = [];
  for (let i = lo; i < ranges.length && (ranges[i] as HiddenRange).start < end; i++) out.push(ranges[i] as HiddenRange);
  return out;
}
