/**
 * Running the detectors over a text: prefilter by keyword, match, trim, gate by entropy and the
 * allowlist, then keep one finding per span (the first detector in table order wins).
 */
import { allowlistedSpans, isAllowlistedValue } from "./allowlist.js";
import { SECRET_DETECTORS, type SecretDetector } from "./detectors.js";
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
  for (const match of text.matchAll(detector.pattern)) {
    const indices = match.indices?.groups?.secret;
    const raw = match.groups?.secret;
    if (!indices || raw === undefined) continue;
    // `postgres:postgres@`: a password equal to the user name is a default, not a secret.
    if (match.groups?.user !== undefined && match.groups.user === raw) continue;
    let start = indices[0];
    let end = indices[1];
    const leading = /^(?:\s|\\[nr])+/.exec(raw);
    if (leading) start += leading[0].length;
    const trailing = /(?:\s|\\[nr])+$/.exec(raw);
    if (trailing) end -= trailing[0].length;
    if (end <= start) continue;
    const value = text.slice(start, end);
    if (!isReportable(detector, value)) continue;
    found.push({ detectorId: detector.id, description: detector.description, value, offset: start, endOffset: end });
  }
  return found;
}

/** Whether a detector's value passes its entropy floor, its own check and the allowlist. */
export function isReportable(detector: SecretDetector, value: string): boolean {
  if (detector.entropy > 0 && shannonEntropy(value.replace(EDGE_RE, "")) < detector.entropy) return false;
  if (isAllowlistedValue(value)) return false;
  return detector.accept ? detector.accept(value) : true;
}

/**
 * Every credential-shaped value in `text`, in text order. Where matches overlap, the detector
 * listed first in `detectors` wins (vendor detectors before the generic one); nothing inside a
 * `data:` URL is reported.
 * @param detectors defaults to {@link SECRET_DETECTORS}.
 */
export function scanSecrets(text: string, detectors: readonly SecretDetector[] = SECRET_DETECTORS): SecretMatch[] {
  const lowerText = text.toLowerCase();
  const skip = allowlistedSpans(text);
  const accepted: SecretMatch[] = [];
  for (const detector of detectors) {
    for (const match of detectorMatches(detector, text, lowerText)) {
      if (skip.some(([s, e]) => match.offset < e && match.endOffset > s)) continue;
      if (accepted.some((a) => match.offset < a.endOffset && match.endOffset > a.offset)) continue;
      accepted.push(match);
    }
  }
  return accepted.sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
}
