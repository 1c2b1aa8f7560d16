/**
 * Running the detectors over a text: prefilter by keyword, match, trim, gate by entropy and the
 * allowlist, then keep one finding per span (the first detector in table order wins).
 */
import { allowlistedSpans, isAllowlistedValue, isPlaceholder } from "./allowlist.js";
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
  if (detector.hexValues ? isPlaceholder(value) : isAllowlistedValue(value)) return false;
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
  const accepted: SecretMatch[] = [];
  const yields = new Set(detectors.filter((d) => d.yieldsToLonger).map((d) => d.id));
  for (const detector of detectors) {
    for (const match of detectorMatches(detector, text, lowerText)) {
      if (skip.some(([s, e]) => match.offset < e && match.endOffset > s)) continue;
      const overlapping = accepted.filter((a) => match.offset < a.endOffset && match.endOffset > a.offset);
      const contains = (a: SecretMatch): boolean =>
        yields.has(a.detectorId) && match.offset <= a.offset && match.endOffset >= a.endOffset && match.value.length > a.value.length;
      if (overlapping.length > 0 && !overlapping.every(contains)) continue;
      for (const a of overlapping) accepted.splice(accepted.indexOf(a), 1);
      accepted.push(match);
    }
  }
  return accepted.sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
}
