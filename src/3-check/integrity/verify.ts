/**
 * Verifying a document's seal, and the sno cutover brief check: the answers behind
 * `handoff verify`, one outcome per file.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { SNO_CUTOVER_EOF } from "../../2-parse/profiles/builtin.js";
import { checkIntegrity, FRONTMATTER_INTEGRITY_KEY, frontmatterDigest, INTEGRITY_PATTERN, integrityBody, sha256Hex } from "./digest.js";

/**
 * How a file's integrity stands. `unusable` files could not be checked at all; `not-applicable`
 * is a JSON record (verified-delivery), whose format has no digest (`--git` still checks it).
 */
export type VerifyStatus = "ok" | "not-applicable" | "line-endings" | "mismatch" | "unsealed" | "malformed" | "unusable";

/** One file's outcome: a status and the one line that says it (without the path). */
export interface VerifyOutcome {
  status: VerifyStatus;
  message: string;
}

/** Checks the `integrity` value of a parsed document. */
export function verifyIntegrity(document: HandoffDocument): VerifyOutcome {
  const problem = document.loadProblems[0];
  if (problem) return { status: "unusable", message: `unusable: ${problem.message}` };
  if (document.format !== "markdown") {
    if (document.record?.errors.length) return { status: "unusable", message: `unusable: ${document.record.errors[0]?.message}` };
    return { status: "not-applicable", message: "no integrity to check (a JSON record carries no digest)" };
  }
  const frontmatter = document.frontmatter;
  if (frontmatter && !frontmatter.data) {
    return { status: "unusable", message: `unusable: ${frontmatter.problems[0]?.message ?? "the frontmatter cannot be read"}` };
  }
  const value = frontmatter?.data?.integrity;
  if (value === undefined || value === null) return { status: "unsealed", message: "not sealed (no integrity in the frontmatter)" };
  if (typeof value !== "string" || !INTEGRITY_PATTERN.test(value)) {
    return { status: "malformed", message: `malformed integrity ${JSON.stringify(value)}: expected sha256: and 64 lowercase hex digits` };
  }
  const result = checkIntegrity(value, integrityBody(document.text, document.bodyOffset));
  const values = frontmatterSeal(frontmatter?.data ?? {});
  if (values.status === "malformed") return { status: "malformed", message: values.message };
  if (values.status === "mismatch" && result.status !== "mismatch") return { status: "mismatch", message: values.message };
  if (result.status === "match") {
    return values.status === "ok"
      ? { status: "ok", message: `integrity ok ${value} (the body, and the frontmatter's values: ${FRONTMATTER_INTEGRITY_KEY})` }
      : { status: "ok", message: `integrity ok ${value} (the body only: the frontmatter is not sealed; 'handoff seal' adds ${FRONTMATTER_INTEGRITY_KEY})` };
  }
  if (result.status === "line-endings") {
    const how = result.rewrite === "lf-to-crlf" ? "sealed with LF, now CRLF" : "sealed with CRLF, now LF";
    return {
      status: "line-endings",
      message: `line endings rewritten since sealing (${how}); the content is unchanged: add '*.md text eol=lf' to .gitattributes and re-check out the file`,
    };
  }
  return { status: "mismatch", message: `integrity mismatch: the body changed after sealing (recorded ${value}, computed ${result.computed})` };
}

/** The frontmatter's own seal: absent (older seals, hatch3r's), well-formed and holding, or not. */
function frontmatterSeal(data: Readonly<Record<string, unknown>>): { status: "absent" | "ok" } | { status: "malformed" | "mismatch"; message: string } {
  const recorded = data[FRONTMATTER_INTEGRITY_KEY];
  if (recorded === undefined || recorded === null) return { status: "absent" };
  if (typeof recorded !== "string" || !INTEGRITY_PATTERN.test(recorded)) {
    return { status: "malformed", message: `malformed ${FRONTMATTER_INTEGRITY_KEY} ${JSON.stringify(recorded)}: expected sha256: and 64 lowercase hex digits` };
  }
  const computed = frontmatterDigest(data);
  if (computed === recorded) return { status: "ok" };
  return {
    status: "mismatch",
    message: `integrity mismatch: the frontmatter's values changed after sealing (recorded ${recorded}, computed ${computed}); a changed status, summary, date or added key shows here`,
  };
}

/** What the sender measured for a cutover brief. */
export interface BriefExpectation {
  /** Exact byte count of the raw file. */
  bytes?: number;
  /** Lowercase hex SHA-256 of the raw file. */
  sha256?: string;
}

/** True when the raw bytes end with the standalone marker line (optionally followed by one line ending). */
export function endsWithCutoverMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - SNO_CUTOVER_EOF.length - 4))).toString("latin1");
  const m = new RegExp(`(^|\\n|\\r)${SNO_CUTOVER_EOF}(\\r\\n|\\n|\\r)?$`).exec(tail);
  if (!m) return false;
  // The marker must start a line of the whole file, not only of the tail we looked at.
  const markerStart = bytes.length - (m[0].length - (m[1]?.length ?? 0));
  return markerStart === 0 || bytes[markerStart - 1] === 0x0a || bytes[markerStart - 1] === 0x0d;
}

/** The sno cutover check on raw bytes: the end marker, and the byte count and SHA-256 when given. */
export function verifyBrief(bytes: Uint8Array, expected: BriefExpectation): VerifyOutcome {
  const digest = sha256Hex(bytes);
  const problems: string[] = [];
  if (expected.bytes !== undefined && expected.bytes !== bytes.length) problems.push(`${bytes.length} bytes, expected ${expected.bytes}`);
  if (expected.sha256 !== undefined && expected.sha256 !== digest) problems.push(`sha256 ${digest}, expected ${expected.sha256}`);
  if (!endsWithCutoverMarker(bytes)) problems.push(`does not end with the standalone line ${SNO_CUTOVER_EOF}`);
  if (problems.length > 0) return { status: "mismatch", message: `brief does not verify: ${problems.join("; ")}` };
  return { status: "ok", message: `brief ok: ${bytes.length} bytes, sha256 ${digest}, ends with ${SNO_CUTOVER_EOF}` };
}
