/**
 * Disguises of a prompt-injection phrase, for the `injection-*` rule tests: the same words split by
 * zero-width characters, spelled with Cyrillic look-alikes, in fullwidth forms, inside an HTML
 * comment, and encoded (base64, hex, percent).
 */

/** Inserts U+200B ZERO WIDTH SPACE after the second character of every word of 3+ letters. */
export function zeroWidthSplit(text: string): string {
  return text.replace(/\b([A-Z]{2})([A-Z])/gi, "$1\u200B$2");
}

const CYRILLIC: Readonly<Record<string, string>> = {
  a: "\u0430",
  e: "\u0435",
  o: "\u043E",
  p: "\u0440",
  c: "\u0441",
  x: "\u0445",
  y: "\u0443",
  i: "\u0456",
  s: "\u0455",
  A: "\u0410",
  E: "\u0415",
  O: "\u041E",
  P: "\u0420",
  C: "\u0421",
  X: "\u0425",
  I: "\u0406",
  S: "\u0405",
  T: "\u0422",
  H: "\u041D",
  M: "\u041C",
  K: "\u041A",
  B: "\u0412",
};

/** Replaces every Latin letter that has a Cyrillic look-alike with it (`ignore` → `іgnоrе`). */
export function homoglyph(text: string): string {
  return [...text].map((c) => CYRILLIC[c] ?? c).join("");
}

/** ASCII `!`…`~` as fullwidth forms (U+FF01…U+FF5E), spaces as U+3000 IDEOGRAPHIC SPACE. */
export function fullwidth(text: string): string {
  return [...text].map((c) => (c === " " ? "\u3000" : c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("");
}

/** `<!-- text -->`. */
export function htmlComment(text: string): string {
  return `<!-- ${text} -->`;
}

/** Standard base64 of the UTF-8 bytes. */
export function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** Lowercase hex of the UTF-8 bytes. */
export function hex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex");
}

/** Every UTF-8 byte percent-encoded (`%69%67…`). */
export function percent(text: string): string {
  return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}
