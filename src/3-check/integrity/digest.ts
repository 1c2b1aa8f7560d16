/**
 * Integrity digests of handoff documents.
 *
 * **hatch3r** (public repo hatch3r/hatch3r, v2.x): SHA-256 of the
 * body only — the text after the closing `---` line of the frontmatter — with JavaScript's
 * `String.prototype.trim()` applied, encoded as UTF-8, written as lowercase hex after `sha256:`.
 * No line-ending normalization.
 *
 * **Canonical form for every other Markdown profile** (`handoffkit` canonical form v1), chosen to be
 * the same computation so a document keeps its digest when its profile changes (a hatch3r document
 * whose `type` was edited is detected as `generic`, and still verifies):
 * - bytes: the document text after the line that closes the frontmatter block (`---`, or `+++`
 *   for TOML frontmatter); the whole document when it has no frontmatter. The frontmatter itself
 *   (including `integrity`) is never hashed, so sealing cannot change the digest;
 * - BOM: a leading UTF-8 BOM (EF BB BF) is never part of the text, so adding or removing it does not
 *   change the digest;
 * - line endings: hashed as written. CRLF and LF give different digests; {@link lineEndingVariants}
 *   lets a checker tell "line endings rewritten" (git `core.autocrlf`) from "content changed";
 * - whitespace: leading and trailing whitespace of the whole body is removed with JavaScript
 *   `trim()` (ECMAScript WhiteSpace and LineTerminator code points, e.g. blank lines after the
 *   fence and the final newline); whitespace inside the body, including trailing spaces on a line
 *   (a Markdown hard line break), is hashed as written;
 * - encoding: UTF-8, SHA-256 (`@noble/hashes`), lowercase hex, prefix `sha256:`.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/** Prefix of every integrity value. */
export const INTEGRITY_PREFIX = "sha256:";

/**
 * A well-formed integrity value: `sha256:` and 64 lowercase hex digits. Secret detectors should
 * never report a value matching this (exported so they can allow it).
 */
export const INTEGRITY_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** Which computation produced a digest. */
export type DigestAlgorithm = "hatch3r" | "canonical";

const encoder = new TextEncoder();

/** Lowercase hex SHA-256 of `bytes` (no prefix). */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/**
 * hatch3r's digest of a body: `sha256:` + hex SHA-256 of UTF-8 `body.trim()`.
 * @param body the text after the closing `---` line of the frontmatter.
 */
export function hatch3rDigest(body: string): string {
  return INTEGRITY_PREFIX + sha256Hex(encoder.encode(body.trim()));
}

/**
 * The body that integrity covers: the text after the frontmatter block, or all of it.
 * @param text document text without BOM.
 * @param bodyOffset offset just past the frontmatter's closing fence line (0 when none).
 */
export function integrityBody(text: string, bodyOffset: number): string {
  return text.slice(bodyOffset);
}

/**
 * The digest of a document's body for `profileId`: hatch3r's for `hatch3r`, the canonical form
 * (the same computation, documented above) for every other Markdown profile.
 */
export function documentDigest(text: string, bodyOffset: number, profileId: string): { digest: string; algorithm: DigestAlgorithm } {
  return { digest: hatch3rDigest(integrityBody(text, bodyOffset)), algorithm: profileId === "hatch3r" ? "hatch3r" : "canonical" };
}

/** A body with its line endings rewritten one way, and what that rewrite was. */
export interface LineEndingVariant {
  /**
   * What happened to the file since sealing: `lf-to-crlf` — it was sealed with LF and now has CRLF
   * (undone here by CRLF → LF); `crlf-to-lf` — sealed with CRLF, now LF (undone by LF → CRLF).
   */
  rewrite: "lf-to-crlf" | "crlf-to-lf";
  body: string;
}

/**
 * The body with CRLF → LF, and with lone LF → CRLF, when either differs from `body`. A sealed digest
 * that matches one of them means only the line endings changed after sealing.
 */
export function lineEndingVariants(body: string): LineEndingVariant[] {
  const variants: LineEndingVariant[] = [];
  const lf = body.replace(/\r\n/g, "\n");
  if (lf !== body) variants.push({ rewrite: "lf-to-crlf", body: lf });
  const crlf = body.replace(/(?<!\r)\n/g, "\r\n");
  if (crlf !== body) variants.push({ rewrite: "crlf-to-lf", body: crlf });
  return variants;
}

/** Outcome of comparing a recorded integrity value with a body. */
export type IntegrityCheck =
  | { status: "match"; computed: string }
  | { status: "line-endings"; computed: string; rewrite: LineEndingVariant["rewrite"] }
  | { status: "mismatch"; computed: string };

/**
 * Compares `recorded` (a well-formed `sha256:` value) with the digest of `body`; when they differ,
 * tries the line-ending variants before calling it a mismatch.
 */
export function checkIntegrity(recorded: string, body: string): IntegrityCheck {
  const computed = hatch3rDigest(body);
  if (computed === recorded) return { status: "match", computed };
  for (const variant of lineEndingVariants(body)) {
    if (hatch3rDigest(variant.body) === recorded) return { status: "line-endings", computed, rewrite: variant.rewrite };
  }
  return { status: "mismatch", computed };
}

/**
 * The frontmatter key of the second digest, which covers the frontmatter (hatch3r's `integrity`
 * covers the body only). hatch3r does not write it; handoffkit's `seal` writes it for every profile.
 */
export const FRONTMATTER_INTEGRITY_KEY = "integrity_frontmatter";

/** The keys no frontmatter digest covers: the digests themselves. */
const DIGEST_KEYS = new Set(["integrity", FRONTMATTER_INTEGRITY_KEY]);

/** `value` as JSON with the members of every object in code-point order of their names. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

/**
 * The digest of a frontmatter's values: `sha256:` + hex SHA-256 of the UTF-8 canonical JSON of the
 * parsed mapping without `integrity` and `integrity_frontmatter` (members sorted by name at every
 * level; dates as ISO-8601 strings, as JSON writes them). It covers what the frontmatter says, not
 * how it is written: a changed value, an added or removed key changes it; comments, quoting, key
 * order and the frontmatter language do not.
 */
export function frontmatterDigest(data: Readonly<Record<string, unknown>>): string {
  const covered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!DIGEST_KEYS.has(key)) covered[key] = value;
  return INTEGRITY_PREFIX + sha256Hex(encoder.encode(canonicalJson(covered)));
}
