/**
 * One-byte copies of strings for the classifier's regular expressions.
 *
 * V8 holds a string either one byte per character (every UTF-16 unit ≤ U+00FF) or two, and a
 * regular expression is compiled separately for each: a two-byte subject makes V8 compile every
 * non-Latin-1 alternative and the full ranges of each `\p{…}` class, which for the section-role
 * cue expressions costs ten times the one-byte compile (about 200 ms against 20 ms for the
 * `start` cues). A slice of a two-byte string stays two-byte even when it holds only ASCII, so
 * a heading cut from a document with one em dash or emoji anywhere would pay that cost.
 */

/** How many characters go to one `String.fromCharCode` call (well under any argument limit). */
const CHUNK = 4096;

/**
 * `text` with the same UTF-16 units, built anew from its character codes when every one is at
 * most U+00FF, so V8 stores it one byte per character; otherwise `text` itself. The result is
 * always `=== text` in value. Linear in the length.
 */
export function oneByteString(text: string): string {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return text;
  let copy = "";
  for (let start = 0; start < text.length; start += CHUNK) {
    const end = Math.min(text.length, start + CHUNK);
    const codes: number[] = new Array<number>(end - start);
    for (let i = start; i < end; i++) codes[i - start] = text.charCodeAt(i);
    copy += String.fromCharCode(...codes);
  }
  return copy;
}
