/**
 * Text measurement for the SVG charts: widths from DejaVu Sans's advance widths
 * ({@link BOOK_WIDTHS}), and word wrapping to a width. Charts are laid out with these numbers, so a
 * label is wrapped to fit its column instead of being cut.
 */
import { BOLD_WIDTHS, BOOK_WIDTHS, WIDEST } from "./font-metrics.js";

/** Font weight of a text run. */
export type FontWeight = "book" | "bold";

/**
 * East Asian Wide and Fullwidth ranges (Unicode UAX #11) and emoji: one em each, as in the CJK fonts
 * a viewer substitutes for them.
 */
const WIDE_RE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
/** Combining marks and zero-width characters take no advance. */
// eslint-disable-next-line no-misleading-character-class -- a class of single code points (variation selectors, modifiers, marks), each matched on its own
const ZERO_WIDTH_RE = /[\u0300-\u036F\u200B-\u200F\u2060\uFE00-\uFE0F]/u;

/**
 * The advance width of `text` set in DejaVu Sans at `fontSize` px, in px (kerning ignored, which
 * only ever makes the real run narrower). Characters outside the table count as the table's widest
 * glyph, East Asian wide ones as one em.
 */
export function textWidth(text: string, fontSize: number, weight: FontWeight = "book"): number {
  const widths = weight === "bold" ? BOLD_WIDTHS : BOOK_WIDTHS;
  const widest = weight === "bold" ? WIDEST.bold : WIDEST.book;
  let thousandths = 0;
  for (const char of text) {
    const known = widths.get(char.codePointAt(0) as number);
    if (known !== undefined) thousandths += known;
    else if (ZERO_WIDTH_RE.test(char)) continue;
    else thousandths += WIDE_RE.test(char) ? 1000 : widest;
  }
  return (thousandths * fontSize) / 1000;
}

/**
 * Splits `text` into lines no wider than `maxWidth` px: at spaces where it can, and inside a word
 * only when that word alone is wider than a line. Every character of `text` other than a space
 * appears in the result, in order (runs of spaces become one, or a line break); an empty text gives
 * one empty line.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, weight: FontWeight = "book"): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => textWidth(candidate, fontSize, weight) <= maxWidth;
  for (const word of text.split(/ +/).filter((w) => w !== "")) {
    const joined = line === "" ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    // A word wider than a whole line is broken between characters.
    for (const char of word) {
      if (line !== "" && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  lines.push(line);
  return lines;
}
