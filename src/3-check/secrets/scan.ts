/**
 * Running the detectors over a text: prefilter by keyword, match, trim, gate by entropy and the
 * allowlist, then keep one finding per span (the first detector in table order wins).
 */
import { allowlistedSpans, isAllowlistedValue, isHashShaped, isPlaceholder, isVendorPlaceholder } from "./allowlist.js";
import type { SecretDetector } from "./detector.js";
import { SECRET_DETECTORS } from "./detectors.js";
import { shannonEntropy } from "./entropy.js";

/** A credential-shaped value found in a text. Offsets are UTF-16 indexes into that text. */
export interface SecretMatch {
  /** Id of the detector that found it (`github-token`). */
  detectorId: string;
  /** The detector's description (`GitHub token`). */
  description: string;
  /** The value itself. Never print it: pass it to `maskSecret`. */
  value: string;
  offset: number;
  /** Exclusive. */
  endOffset: number;
}

/** Leading and trailing whitespace and JSON-escaped line breaks (`\n`) around a value. */
const EDGE_RE = /^(?:\s|\\[nr])+|(?:\s|\\[nr])+$/g;

/**
 * The matches of one detector in `text`, before deduplication: the keyword prefilter is skipped
 * when `lowerText` is undefined (tests run patterns directly).
 */
export function detectorMatches(detector: SecretDetector, text: string, lowerText?: string): SecretMatch[] {
  if (lowerText !== undefined && !detector.keywords.some((k) => lowerText.includes(k))) return [];
  const found: SecretMatch[] = [];
  for (const [from, to, user] of candidates(detector, text)) {
    let start = from;
    let end = to;
    const raw = text.slice(start, end);
    const leading = /^(?:\s|\\[nr])+/.exec(raw);
    if (leading) start += leading[0].length;
    const trailing = /(?:\s|\\[nr])+$/.exec(raw);
    if (trailing) end -= trailing[0].length;
    const dropped = detector.trailingChars;
    if (dropped !== undefined) while (end > start && dropped.includes(text.charAt(end - 1))) end -= 1;
    if (end <= start) continue;
    const value = text.slice(start, end);
    // `postgres:postgres@`: a password equal to the user name is a default, not a secret.
    if (user !== undefined && user === value) continue;
    if (!isReportable(detector, value)) continue;
    found.push({ detectorId: detector.id, description: detector.description, value, offset: start, endOffset: end });
  }
  return found;
}

/** Candidate spans of one detector: `[start, end, user name if the pattern captured one]`. */
function* candidates(detector: SecretDetector, text: string): Generator<[number, number, string | undefined]> {
  if (detector.locate) {
    for (const [start, end] of detector.locate(text)) yield [start, end, undefined];
    return;
  }
  for (const match of text.matchAll(detector.pattern)) {
    const indices = match.indices?.groups?.secret;
    if (indices) yield [indices[0], indices[1], match.groups?.user];
  }
}

/** Whether a detector's value passes its entropy floor, its own check and the allowlist. */
export function isReportable(detector: SecretDetector, value: string): boolean {
  if (detector.entropy > 0 && shannonEntropy(value.replace(EDGE_RE, "")) < detector.entropy) return false;
  const allowlisted = detector.optionValue
    ? isHashShaped(value)
    : detector.hexValues
      ? isPlaceholder(value)
      : detector.precision === "very-high" && detector.id !== "private-key"
        ? isHashShaped(value) || isVendorPlaceholder(value)
        : isAllowlistedValue(value);
  if (allowlisted) return false;
  return detector.accept ? detector.accept(value) : true;
}

/**
 * Every credential-shaped value in `text`, in text order. Where matches overlap, the detector
 * listed first in `detectors` wins (vendor detectors before the generic one), except that a
 * longer match containing a `yieldsToLonger` detector's match replaces it; nothing inside a
 * `data:` URL is reported.
 * @param detectors defaults to {@link SECRET_DETECTORS}.
 */
export function scanSecrets(text: string, detectors: readonly SecretDetector[] = SECRET_DETECTORS): SecretMatch[] {
  const lowerText = text.toLowerCase();
  const skip = allowlistedSpans(text);
  // Accepted matches never overlap one another, so sorted by offset they are sorted by end too:
  // the overlaps of a new match are found by binary search (many findings stay linear-ish).
  const accepted: SecretMatch[] = [];
  const firstEndingAfter = (offset: number): number => {
    let lo = 0;
    let hi = accepted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((accepted[mid] as SecretMatch).endOffset > offset) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const overlapsOf = (match: SecretMatch): { at: number; count: number } => {
    const at = firstEndingAfter(match.offset);
    let count = 0;
    while (at + count < accepted.length && (accepted[at + count] as SecretMatch).offset < match.endOffset) count++;
    return { at, count };
  };
  const yields = new Set(detectors.filter((d) => d.yieldsToLonger).map((d) => d.id));
  for (const detector of detectors) {
    for (const match of detectorMatches(detector, text, lowerText)) {
      if (skip.some(([s, e]) => match.offset < e && match.endOffset > s)) continue;
      const { at, count } = overlapsOf(match);
      const contains = (a: SecretMatch): boolean =>
        yields.has(a.detectorId) && match.offset <= a.offset && match.endOffset >= a.endOffset && match.value.length > a.value.length;
      if (count > 0 && !accepted.slice(at, at + count).every(contains)) continue;
      accepted.splice(at, count, match);
    }
  }
  // A table row `| AWS_SECRET_ACCESS_KEY | wJalr… |` is an assignment written as two cells.
  for (const match of tableCellMatches(text, detectors)) {
    if (overlapsOf(match).count > 0) continue;
    if (skip.some(([s, e]) => match.offset < e && match.endOffset > s)) continue;
    accepted.splice(firstEndingAfter(match.offset), 0, match);
  }
  return accepted;
}

/** Most cells of one table row read as key and value pairs; longest key and value cell read. */
const MAX_ROW_CELLS = 16;
const MAX_KEY_CELL = 60;
const MAX_VALUE_CELL = 300;

/** Marks a cell's value may be wrapped in, outermost first. */
const CELL_WRAPPERS = ["``", "`", "**", "__", '"', "'"];

/** A cell's text without the inline code, emphasis or quotes around it, and where that text starts in the cell. */
function cellCore(cell: string): { text: string; at: number } {
  const trimmed = cell.trim();
  let at = cell.indexOf(trimmed);
  let text = trimmed;
  for (let unwrapped = true; unwrapped;) {
    unwrapped = false;
    for (const mark of CELL_WRAPPERS) {
      if (text.length > 2 * mark.length && text.startsWith(mark) && text.endsWith(mark)) {
        text = text.slice(mark.length, text.length - mark.length);
        at += mark.length;
        unwrapped = true;
        break;
      }
    }
  }
  return { text, at };
}

/**
 * Values that a table row states for a key in the cell before them: each pair of neighbouring
 * cells of a row (a line starting with `|`) is read as `key = value` by the detectors, and a match
 * inside the value is mapped back to the row. Linear: a row is split once, and at most
 * {@link MAX_ROW_CELLS} cells of bounded length are read.
 */
function* tableCellMatches(text: string, detectors: readonly SecretDetector[]): Generator<SecretMatch> {
  if (!text.includes("|")) return;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let first = lineStart;
    while (first < lineEnd && (text[first] === " " || text[first] === "\t")) first++;
    if (text[first] === "|") {
      const cells: Array<{ start: number; end: number }> = [];
      let cellStart = first + 1;
      for (let i = first + 1; i < lineEnd && cells.length < MAX_ROW_CELLS; i++) {
        if (text[i] === "|" && text[i - 1] !== "\\") {
          cells.push({ start: cellStart, end: i });
          cellStart = i + 1;
        }
      }
      for (let c = 0; c + 1 < cells.length; c++) {
        const keyCell = cells[c] as { start: number; end: number };
        const valueCell = cells[c + 1] as { start: number; end: number };
        if (keyCell.end - keyCell.start > MAX_KEY_CELL || valueCell.end - valueCell.start > MAX_VALUE_CELL) continue;
        const key = cellCore(text.slice(keyCell.start, keyCell.end)).text;
        const value = cellCore(text.slice(valueCell.start, valueCell.end));
        if (key.length === 0 || value.text.length < 8 || /\s/.test(value.text)) continue;
        const probe = `${key} = ${value.text}`;
        const valueAt = key.length + 3;
        for (const match of scanProbe(probe, detectors)) {
          if (match.offset < valueAt) continue;
          const offset = valueCell.start + value.at + (match.offset - valueAt);
          yield { ...match, offset, endOffset: offset + match.value.length };
        }
      }
    }
    lineStart = lineEnd + 1;
  }
}

/** The detectors' matches in a short probe text (no table pass of its own). */
function scanProbe(probe: string, detectors: readonly SecretDetector[]): SecretMatch[] {
  const lower = probe.toLowerCase();
  const found: SecretMatch[] = [];
  for (const detector of detectors) {
    for (const match of detectorMatches(detector, probe, lower)) {
      if (!found.some((f) => match.offset < f.endOffset && match.endOffset > f.offset)) found.push(match);
    }
  }
  return found;
}
