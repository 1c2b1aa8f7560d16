/**
 * mojibake: text that was decoded twice — UTF-8 bytes read as Windows-1252 (or Latin-1) and saved
 * again as UTF-8 — so every non-ASCII character became two or three: `—` became `â€”`, `’` became
 * `â€™`, `§` became `Â§`, `é` became `Ã©`. The file is valid UTF-8 (`file-encoding` has nothing to
 * say) and every line renders, but the next reader sees noise where the punctuation and accents
 * were. One finding per document, at the first such sequence, with how many there are.
 */
import type { Rule } from "../src/3-check/engine/rule.js";

/**
 * What a Windows-1252 reading makes of a UTF-8 continuation byte (0x80–0xBF): Latin-1's
 * U+0080–U+00BF, and the characters Windows-1252 puts at 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ).
 */
const CONTINUATION =
  "[\\u0080-\\u00BF\\u0152\\u0153\\u0160\\u0161\\u0178\\u017D\\u017E\\u0192\\u02C6\\u02DC\\u2013\\u2014\\u2018-\\u201A\\u201C-\\u201E\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203A\\u20AC\\u2122]";
/**
 * A UTF-8 sequence read as Windows-1252: a lead byte of a two-byte sequence (0xC2–0xDF: `Â`–`ß`)
 * or of a three-byte one (0xE0–0xEF: `à`–`ï`) followed by what its continuation bytes became.
 * Reference: the WHATWG Encoding Standard's windows-1252 index (https://encoding.spec.whatwg.org/index-windows-1252.txt).
 */
const MOJIBAKE_RE = new RegExp(`[\\u00C2-\\u00DF]${CONTINUATION}|[\\u00E0-\\u00EF]${CONTINUATION}{2}`, "g");

/** Sequences a document holds before it counts as decoded twice: one or two can be real text (`Ã` in a name, then `©`). */
export const MIN_SEQUENCES = 3;

export const mojibake: Rule = {
  meta: {
    id: "mojibake",
    code: "HK053",
    description: "The text was not decoded twice (UTF-8 read as Windows-1252 and saved again: `â€”` for `—`).",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["encoding"],
    precision: "high",
    messages: {
      decodedTwice:
        "The text looks decoded twice (UTF-8 read as Windows-1252 and saved again): {{count}} sequences such as '{{sample}}' for '{{meant}}'; " +
        "restore the file from a clean copy, or convert it back with `iconv -f UTF-8 -t WINDOWS-1252`",
    },
  },
  check(document, context) {
    const { text } = document;
    let first: RegExpMatchArray | undefined;
    let count = 0;
    for (const match of text.matchAll(MOJIBAKE_RE)) {
      first ??= match;
      count++;
    }
    if (!first || count < MIN_SEQUENCES) return;
    const sample = first[0];
    context.report({
      messageId: "decodedTwice",
      data: { count, sample, meant: decodeOnce(sample) ?? "?" },
      offset: first.index ?? 0,
      endOffset: (first.index ?? 0) + sample.length,
    });
  },
};

/** Windows-1252's byte for each character of its 0x80–0x9F range. */
const CP1252_HIGH: Readonly<Record<string, number>> = Object.fromEntries(
  [
    [0x20ac, 0x80],
    [0x201a, 0x82],
    [0x0192, 0x83],
    [0x201e, 0x84],
    [0x2026, 0x85],
    [0x2020, 0x86],
    [0x2021, 0x87],
    [0x02c6, 0x88],
    [0x2030, 0x89],
    [0x0160, 0x8a],
    [0x2039, 0x8b],
    [0x0152, 0x8c],
    [0x017d, 0x8e],
    [0x2018, 0x91],
    [0x2019, 0x92],
    [0x201c, 0x93],
    [0x201d, 0x94],
    [0x2022, 0x95],
    [0x2013, 0x96],
    [0x2014, 0x97],
    [0x02dc, 0x98],
    [0x2122, 0x99],
    [0x0161, 0x9a],
    [0x203a, 0x9b],
    [0x0153, 0x9c],
    [0x017e, 0x9e],
    [0x0178, 0x9f],
  ].map(([cp, byte]) => [String.fromCodePoint(cp as number), byte as number]),
);

/** The character `sequence` stood for before it was decoded twice, or undefined when its bytes are no UTF-8. */
function decodeOnce(sequence: string): string | undefined {
  const bytes = [...sequence].map((ch) => CP1252_HIGH[ch] ?? (ch.codePointAt(0) as number));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}
