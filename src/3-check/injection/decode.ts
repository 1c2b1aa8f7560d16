/**
 * Finding and decoding encoded runs in prose for `injection-obfuscation`: base64 (standard and
 * URL-safe, RFC 4648), hex (plain, `\x41`, space- or colon-separated bytes), percent-encoding
 * (RFC 3986), `\u0041` escapes, numeric HTML character references and ROT13 where the text labels
 * it (`rot13: …`). Every pattern is a single
 * character class with a length floor, so a scan is linear in the text length.
 */

import { isUtf8 } from "node:buffer";

/** One encoded run and what it decodes to. `start`/`end` index the scanned text. */
export interface DecodedRun {
  start: number;
  end: number;
  encoding: "base64" | "hex" | "percent" | "unicode-escape" | "html-entity" | "rot13";
  decoded: string;
}

/**
 * `marker`: a string every decodable run of that encoding contains, so texts without it skip the
 * scan (the percent pattern matches every word, and only runs with four `%XX` decode).
 */
const CANDIDATES: ReadonlyArray<{ re: RegExp; encoding: DecodedRun["encoding"]; marker?: string }> = [
  { re: /[\w+/-]{20,}={0,2}/g, encoding: "base64" },
  { re: /(?:\\x[0-9A-Fa-f]{2}){6,}|\b[0-9A-Fa-f]{16,}\b|\b[0-9A-Fa-f]{2}(?:[ :][0-9A-Fa-f]{2}){7,}\b/g, encoding: "hex" },
  { re: /(?:%[0-9A-F]{2}|[\w.~+!*'()-])+/gi, encoding: "percent", marker: "%" },
  { re: /(?:\\u[0-9A-Fa-f]{4}|\\u\{[0-9A-Fa-f]{1,6}\}){4,}/g, encoding: "unicode-escape", marker: "\\u" },
  { re: /(?:&#(?:x[0-9A-Fa-f]{1,6}|\d{1,7});){4,}/g, encoding: "html-entity", marker: "&#" },
  // ROT13 only where the text names it ("rot13: Vtaber …"): unlabelled ROT13 reads as any other word salad.
  { re: /(?<=\brot-?13\b[^A-Z\n]{1,4})[A-Z][A-Z ,.'!?;:@()/-]{15,2000}/gi, encoding: "rot13", marker: "13" },
];

/** Shortest decoded text worth checking, in characters. */
const MIN_DECODED = 8;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A code point that is not a letter, number, punctuation, symbol or space. */
const NOT_PRINTABLE = /[^\p{L}\p{N}\p{P}\p{S}\s]/gu;

/** The text of `bytes` when it is UTF-8 that is mostly printable, else undefined. */
function asText(bytes: Uint8Array): string | undefined {
  // Most candidates (paths, identifiers) decode to bytes that are not UTF-8: checked without
  // the decoder's exception.
  if (!isUtf8(bytes)) return undefined;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  if (text.length < MIN_DECODED) return undefined;
  let codePoints = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        codePoints--;
        i++;
      }
    }
  }
  const printable = codePoints - (text.match(NOT_PRINTABLE)?.length ?? 0);
  return printable >= codePoints * 0.9 ? text : undefined;
}

function decodeBase64(s: string): string | undefined {
  const body = s.replace(/=+$/, "");
  if (body.length % 4 === 1) return undefined;
  // A run of letters only (a long identifier, a word) is not worth decoding.
  if (/^[A-Z]+$/i.test(body) && !/[A-Z]/.test(body.slice(1))) return undefined;
  return asText(Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
}

function decodeHex(s: string): string | undefined {
  const digits = s.replace(/\\x|[ :]/g, "");
  if (digits.length % 2 !== 0) return undefined;
  return asText(Buffer.from(digits, "hex"));
}

function decodePercent(s: string): string | undefined {
  if ((s.match(/%[0-9A-F]{2}/gi) ?? []).length < 4) return undefined;
  try {
    const text = decodeURIComponent(s.replace(/\+/g, " "));
    return text.length >= MIN_DECODED ? text : undefined;
  } catch {
    return undefined;
  }
}

function decodeCodePoints(s: string, re: RegExp, radix: (m: string) => number): string | undefined {
  let out = "";
  for (const m of s.matchAll(re)) {
    const cp = radix(m[0]);
    if (!Number.isFinite(cp) || cp < 0 || cp > 0x10ffff) return undefined;
    out += String.fromCodePoint(cp);
  }
  return out.length >= MIN_DECODED ? out : undefined;
}

function decode(encoding: DecodedRun["encoding"], s: string): string | undefined {
  switch (encoding) {
    case "base64":
      return decodeBase64(s);
    case "hex":
      return decodeHex(s);
    case "percent":
      return decodePercent(s);
    case "unicode-escape":
      return decodeCodePoints(s, /\\u\{?[0-9A-Fa-f]{1,6}\}?/g, (m) => parseInt(m.replace(/[\\u{}]/g, ""), 16));
    case "rot13":
      return s.replace(/[A-Z]/gi, (c) => String.fromCharCode((((c.charCodeAt(0) & 31) + 12) % 26) + (c.charCodeAt(0) & 96) + 1));
    case "html-entity":
      return decodeCodePoints(s, /&#x?[0-9A-Fa-f]{1,7};/g, (m) => (m[2] === "x" ? parseInt(m.slice(3, -1), 16) : parseInt(m.slice(2, -1), 10)));
  }
}

/** Every encoded run of `text` that decodes to readable text, in text order. */
export function decodedRuns(text: string): DecodedRun[] {
  const runs: DecodedRun[] = [];
  for (const { re, encoding, marker } of CANDIDATES) {
    if (marker !== undefined && !text.includes(marker)) continue;
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const decoded = decode(encoding, m[0]);
      if (decoded !== undefined) runs.push({ start: m.index, end: m.index + m[0].length, encoding, decoded });
    }
  }
  return runs.sort((a, b) => a.start - b.start);
}
