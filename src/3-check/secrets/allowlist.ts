/**
 * Values that look like credentials but are not: hashes (git SHAs, digests, integrity strings),
 * UUIDs, `data:` URIs and the placeholders people write in documentation. Every detector's value
 * passes through {@link isAllowlistedValue} before it is reported.
 *
 * Public sources of the shapes: git object names (7–40 hex, `git rev-parse --short`), SHA-2
 * digests (FIPS 180-4: 64, 96, 128 hex), Subresource Integrity `sha256-`/`sha384-`/`sha512-`
 * (W3C SRI §3.1), OCI digests `sha256:` (OCI image spec, descriptor.md#digests), UUIDs (RFC 9562),
 * `data:` URLs (RFC 2397).
 */

/** Git SHAs (7–40 hex) and SHA-256/384/512 digests (64/96/128 hex), any case. */
const HEX_HASH_RE = /^(?:[0-9a-f]{7,40}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/i;
/** A commit range `abc1234..def5678` or `abc1234...def5678`. */
const COMMIT_RANGE_RE = /^[0-9a-f]{7,40}\.{2,3}[0-9a-f]{7,40}$/i;
/** `sha256:…`, `sha512-…`, `md5=…`, `blake3:…`: an algorithm-labelled digest (SRI, OCI, npm). */
const LABELLED_DIGEST_RE =
  /^(?:sha1|sha-1|sha224|sha256|sha-256|sha384|sha512|sha-512|sha3-256|sha3-512|md5|blake2b|blake2s|blake3|xxh64|crc32)[:=-][\w+/=-]{6,}$/i;
/** RFC 9562 UUID, with optional braces or `urn:uuid:`. */
const UUID_RE = /^(?:urn:uuid:)?\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
/** A `data:` URL, e.g. an inline base64 image. */
const DATA_URI_RE = /^data:[a-z]{1,20}\/[a-z0-9.+-]{1,60}(?:;[a-z0-9=.-]{1,40}){0,4},/i;

/**
 * Whether `value` is hash-shaped: a git SHA, a hex digest, a labelled digest (`sha256:…`,
 * `sha512-…`), a UUID or a `data:` URL. Such values are never reported.
 */
export function isHashShaped(value: string): boolean {
  return HEX_HASH_RE.test(value) || COMMIT_RANGE_RE.test(value) || LABELLED_DIGEST_RE.test(value) || UUID_RE.test(value) || DATA_URI_RE.test(value);
}

/** Whole values that documentation uses in place of a real credential (compared lower-cased). */
const PLACEHOLDER_WORDS = new Set([
  "password",
  "passwd",
  "pass",
  "pwd",
  "pw",
  "secret",
  "token",
  "apikey",
  "api_key",
  "api-key",
  "key",
  "user",
  "username",
  "changeme",
  "change_me",
  "change-me",
  "mypassword",
  "my_password",
  "yourpassword",
  "secretpassword",
  "supersecret",
  "letmein",
  "admin",
  "root",
  "test",
  "null",
  "none",
  "undefined",
  "redacted",
  "masked",
  "hidden",
  "omitted",
  "removed",
  "sanitized",
  "placeholder",
]);

/**
 * Substrings that mark a placeholder anywhere in the value: template and environment references
 * (`${VAR}`, `$VAR`, `{{ secrets.X }}`, `%VAR%`, `<token>`), mask runs (`xxxx`, `****`, `…`),
 * and the words documentation uses (`your-key-here`, `REDACTED`, `EXAMPLE`, `changeme`).
 */
const PLACEHOLDER_RE = new RegExp(
  // eslint-disable-next-line regexp/prefer-character-class, regexp/no-dupe-characters-character-class, regexp/prefer-w -- one alternative per placeholder form, each written as the form is documented
  [
    String.raw`\$\{`,
    String.raw`\$\(`,
    String.raw`^\$[A-Za-z_]`,
    String.raw`\{\{`,
    String.raw`%[A-Za-z_][A-Za-z0-9_]*%`,
    String.raw`[<>]`,
    String.raw`[xX*•#]{4}`,
    String.raw`\.{3}`,
    "…",
    String.raw`(?:^|[^a-z])your[-_ ]?(?:own[-_ ]?)?(?:api|access|secret|auth|app|bot|key|token|pass|pw|client|personal|real|actual|db|database|org|project|service)`,
    String.raw`(?:key|token|secret|password)[-_ ]?here`,
    "redacted",
    "placeholder",
    "changeme",
    "change[-_]me",
    "replace[-_]?(?:me|this|with)",
    "insert[-_ ]?(?:your|key|token|here)",
    "example",
    "dummy",
    "not[-_]?a[-_]?real",
    "notreal",
    "do[-_]?not[-_]?use",
  ].join("|"),
  "i",
);

/** Five ascending characters in a row (`12345`, `abcde`): typed by a person, not generated. */
function hasAscendingRun(value: string): boolean {
  let run = 1;
  for (let i = 1; i < value.length; i++) {
    const step = value.charCodeAt(i) - value.charCodeAt(i - 1);
    const alnum = /[0-9a-z]/i.test(value[i] as string);
    run = step === 1 && alnum ? run + 1 : 1;
    if (run >= 5) return true;
  }
  return false;
}

/** The value repeats a unit of at most 64 characters (`abcabcabc`, `0123456789abcdef` × 3). */
function isRepetition(value: string): boolean {
  const limit = Math.min(64, Math.floor(value.length / 2));
  for (let period = 1; period <= limit; period++) {
    let repeats = true;
    for (let i = period; i < value.length; i++) {
      if (value.charCodeAt(i) !== value.charCodeAt(i - period)) {
        repeats = false;
        break;
      }
    }
    if (repeats) return true;
  }
  return false;
}

/**
 * Whether `value` is an obvious placeholder: a template or environment reference, a mask run, a
 * documentation word (`your-key-here`, `REDACTED`, `EXAMPLE`, `changeme`), a whole value such as
 * `password`, an ascending run (`12345`, `abcde`) or a repeated unit (`abcabcabc`).
 */
export function isPlaceholder(value: string): boolean {
  if (PLACEHOLDER_WORDS.has(value.toLowerCase())) return true;
  if (PLACEHOLDER_RE.test(value)) return true;
  if (value.length <= 512 && isRepetition(value)) return true;
  return hasAscendingRun(value);
}

/**
 * Template references and documentation words: the parts of {@link PLACEHOLDER_RE} that say
 * "placeholder" wherever they stand, even inside a vendor-prefixed token (`AKIA…EXAMPLE`).
 */
const STATED_PLACEHOLDER_RE = new RegExp(
  // eslint-disable-next-line regexp/prefer-character-class -- one alternative per placeholder form, each written as the form is documented
  [
    String.raw`\$\{`,
    String.raw`\{\{`,
    String.raw`[<>]`,
    String.raw`\.{3}`,
    "…",
    String.raw`(?:^|[^a-z])your[-_]?(?:own[-_]?)?(?:api|access|secret|auth|app|bot|key|token|pass|client|personal|real|actual)`,
    String.raw`(?:key|token|secret|password)[-_]?here`,
    "redacted",
    "placeholder",
    "changeme",
    "example",
    "dummy",
    "notreal",
    "not[-_]a[-_]real",
  ].join("|"),
  "i",
);

/**
 * The share of `value` (0..1) covered by what a person types in place of random characters: runs
 * of one character (`xxxx`, `0000`, `****`; 4 or more), ascending runs (`12345`, `abcde`; 5 or
 * more) and a short unit repeated (`abcabcabc`; a unit of 2–8 characters, 3 times or more).
 */
export function placeholderShare(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const covered = new Uint8Array(n);
  const cover = (from: number, to: number) => covered.fill(1, Math.max(0, from), to);
  let same = 1;
  let ascending = 1;
  for (let i = 1; i <= n; i++) {
    const c = value.charCodeAt(i);
    const previous = value.charCodeAt(i - 1);
    if (i < n && c === previous) same++;
    else {
      if (same >= 4) cover(i - same, i);
      same = 1;
    }
    if (i < n && c - previous === 1 && /[0-9a-z]/i.test(value[i] as string)) ascending++;
    else {
      if (ascending >= 5) cover(i - ascending, i);
      ascending = 1;
    }
  }
  for (let period = 2; period <= 8; period++) {
    let run = 0;
    for (let i = period; i <= n; i++) {
      if (i < n && value.charCodeAt(i) === value.charCodeAt(i - period)) run++;
      else {
        if (run >= 2 * period) cover(i - run - period, i);
        run = 0;
      }
    }
  }
  let total = 0;
  for (const bit of covered) total += bit;
  return total / n;
}

/**
 * Whether a vendor-prefixed token (`ghp_…`, `AKIA…`, `sk_live_…`: a format no prose produces) is a
 * placeholder. Stricter than {@link isPlaceholder}, because a real token's random part holds a
 * `12345` or an `xxxx` now and then: only a template reference, a documentation word, or a value
 * that is a quarter or more typed-in filler (`ghp_xxxxxxxx…`, `xoxb-1234567890-abcdefghij…`) counts.
 */
export function isVendorPlaceholder(value: string): boolean {
  return PLACEHOLDER_WORDS.has(value.toLowerCase()) || STATED_PLACEHOLDER_RE.test(value) || placeholderShare(value) >= 0.25;
}

/** Hash-shaped or a placeholder: never reported, whichever detector matched. */
export function isAllowlistedValue(value: string): boolean {
  return isHashShaped(value) || isPlaceholder(value);
}

/** `data:` URLs in a text, found so that nothing inside an inline image is reported. */
const DATA_URI_SPAN_RE = /(?<![A-Z0-9])data:[a-z]{1,20}\/[a-z0-9.+-]{1,60}(?:;[a-z0-9=.-]{1,40}){0,4},[\w+/=%-]{1,10000000}/gi;

/**
 * Spans `[start, end)` of `text` (UTF-16 offsets) that are never reported: `data:` URLs (inline
 * images, fonts). Ascending, non-overlapping.
 */
export function allowlistedSpans(text: string): Array<[number, number]> {
  if (!text.includes("data:")) return [];
  const spans: Array<[number, number]> = [];
  for (const match of text.matchAll(DATA_URI_SPAN_RE)) spans.push([match.index, match.index + match[0].length]);
  return spans;
}
