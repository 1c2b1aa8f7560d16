/**
 * Redaction: every credential-shaped value a `no-secrets` finding points at is replaced by a
 * marker that names the detector and never the value (`[REDACTED:github-token]`). No other byte
 * changes, except the `integrity` value when the document was sealed (it is sealed again so the
 * redacted document verifies).
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { parseDocument } from "../../2-parse/document/parse.js";
import type { MaskedDiagnostic } from "../../3-check/engine/diagnostic.js";
import { planSeal, SealError } from "../../3-check/integrity/seal.js";
import { verifyIntegrity, type VerifyStatus } from "../../3-check/integrity/verify.js";
import { sourceFromBytes } from "../../1-load/read.js";
import { documentSecrets } from "../../3-check/secrets/document.js";
import type { SecretMatch } from "../../3-check/secrets/scan.js";

/** The rule whose findings say where a secret stands. */
export const SECRET_RULE_ID = "no-secrets";

/** A redaction that cannot be made safely: nothing is written. */
export class RedactError extends Error {
  override name = "RedactError";
}

/** One value replaced. */
export interface Redaction {
  /** The detector that found the value (`github-token`). */
  detectorId: string;
  /** 1-based line and column of the value in the original document. */
  line: number;
  column: number;
  /** What replaced it. */
  marker: string;
}

/** What redacting one document gives. */
export interface RedactPlan {
  /** The whole new file (BOM kept when the original had one). */
  bytes: Uint8Array;
  /** The new text (without BOM). */
  text: string;
  redactions: Redaction[];
  /** The document carried an `integrity` value that held and was sealed again; its new digest. */
  resealedDigest: string | undefined;
  /** The document's seal did not hold before redaction (its verify status); it was left as it was, not renewed. */
  sealBroken?: VerifyStatus;
  /** Nothing to redact: `bytes` are the original bytes. */
  unchanged: boolean;
}

/** The marker for a value `detectorId` found. */
export function redactionMarker(detectorId: string): string {
  return `[REDACTED:${detectorId}]`;
}

/**
 * A frontmatter value that begins with the marker would read as a YAML flow sequence (`[`): it is
 * quoted there, so the key keeps a string.
 */
function startsYamlValue(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return before.trim() !== "" && /^\s*(?:-\s+)?(?:[^\s:#][^:#]*:\s+)?$/.test(before);
}

/** The secret each `no-secrets` finding points at (a finding's span is its value's span). */
function pointedAt(document: HandoffDocument, diagnostics: readonly MaskedDiagnostic[]): SecretMatch[] {
  const { matches, frontmatter } = documentSecrets(document);
  const all = [...matches, ...frontmatter.folded];
  const found = new Map<string, SecretMatch>();
  for (const d of diagnostics) {
    if (d.ruleId !== SECRET_RULE_ID) continue;
    const match = all.find((m) => m.offset === d.offset && m.endOffset === d.endOffset);
    if (match) found.set(`${match.offset}:${match.endOffset}`, match);
  }
  // Right to left, outermost first: a span inside one already replaced is dropped.
  const ordered = [...found.values()].sort((a, b) => a.offset - b.offset || b.endOffset - a.endOffset);
  return ordered.filter((m, i) => !ordered.slice(0, i).some((o) => m.offset < o.endOffset && m.endOffset > o.offset));
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

function withBom(document: HandoffDocument, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  return document.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
}

/**
 * Plans the redaction of `document` from its lint findings (`diagnostics`, as `lintSource` or
 * `analyzeSource` returned them: only unsuppressed `no-secrets` findings are acted on).
 * @throws RedactError when the redacted document would not parse as the original did, or a sealed
 * document cannot be sealed again; nothing should then be written.
 */
export function planRedaction(document: HandoffDocument, diagnostics: readonly MaskedDiagnostic[]): RedactPlan {
  const targets = pointedAt(document, diagnostics);
  if (targets.length === 0) return { bytes: document.bytes, text: document.text, redactions: [], resealedDigest: undefined, unchanged: true };
  let text = document.text;
  const redactions: Redaction[] = [];
  for (const match of [...targets].reverse()) {
    const inFrontmatter = document.format === "markdown" && match.offset < document.bodyOffset;
    const marker = redactionMarker(match.detectorId);
    const written = inFrontmatter && startsYamlValue(text, match.offset) ? `"${marker}"` : marker;
    text = text.slice(0, match.offset) + written + text.slice(match.endOffset);
    redactions.unshift({ detectorId: match.detectorId, ...lineColumn(document.text, match.offset), marker });
  }
  let bytes = withBom(document, text);
  const redacted = parseDocument(sourceFromBytes(document.path, bytes, "/"));
  const problems = (d: HandoffDocument) => [...d.loadProblems, ...(d.frontmatter?.problems ?? [])].length + (d.format === "json" && !d.record?.data ? 1 : 0);
  if (problems(redacted) > problems(document)) throw new RedactError("the redacted document would not parse as the original does; redact it by hand");
  let resealedDigest: string | undefined;
  const integrity = document.format === "markdown" ? document.frontmatter?.data?.integrity : undefined;
  // Only a seal that held is renewed: sealing a body whose seal was already broken would turn the
  // evidence of tampering into `integrity ok`. The old value is then kept (and still fails).
  const seal = integrity !== undefined && integrity !== null ? verifyIntegrity(document).status : undefined;
  const sealBroken = seal !== undefined && seal !== "ok" && seal !== "line-endings" ? seal : undefined;
  if (seal !== undefined && !sealBroken) {
    try {
      const plan = planSeal(redacted);
      resealedDigest = plan.digest;
      bytes = plan.bytes;
      text = new TextDecoder().decode(document.bom ? plan.bytes.subarray(3) : plan.bytes);
    } catch (error) {
      if (error instanceof SealError) throw new RedactError(`the redacted document cannot be sealed again: ${error.message}`);
      throw error;
    }
  }
  return { bytes, text, redactions, resealedDigest, ...(sealBroken ? { sealBroken } : {}), unchanged: false };
}
