/**
 * The one finding shape every rule produces and every reporter consumes (after unified's
 * `VFileMessage`: reason, place, ruleId, source, url, fatal).
 */
import { createHash } from "node:crypto";
import type { TextEdit } from "./text-edit.js";

/** How bad a finding is. `error` makes `lint` exit 1. */
export type Severity = "error" | "warning" | "info";

/** A severity or `off` in config. */
export type SeveritySetting = Severity | "off";

/** A finding. Lines and columns are 1-based; columns count UTF-16 code units; end is exclusive. */
export interface Diagnostic {
  /** Readable rule name (`required-sections`) or markdownlint's id (`MD022`). */
  ruleId: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** 0-based offsets into the document text (BOM removed). */
  offset: number;
  endOffset: number;
  /** Message id of the rule (ESLint style), when the rule has one. */
  messageId?: string;
  /**
   * The rule's fix, when it offers one: edits of the document's text (BOM removed), in order, not
   * overlapping. Reporters never print it; `lint --fix` applies it.
   */
  fix?: readonly TextEdit[];
  /** Where the rule's documentation is (path relative to the package root, or a URL). */
  docs?: string;
  /**
   * Fingerprint of the flagged line's content: the first 16 hex digits of the SHA-256 of the text of
   * line {@link line}, trimmed, with runs of whitespace collapsed to one space. The same line moved
   * elsewhere keeps it (SARIF `partialFingerprints` are built from it); the text itself is never kept.
   */
  contextHash?: string;
  /**
   * What identifies the finding beyond its place, as the SHA-256 (64 lowercase hex digits) of its
   * first secret or, for a finding without one, of its message id, NUL and unmasked message. Set by
   * the check stage before masking, so a baseline can fingerprint a finding whose secret is gone
   * (`src/3-check/engine/baseline.ts`). No reporter prints it.
   */
  valueDigest?: string;
  /**
   * Secret values this finding is about, as a rule reported them. They never leave the engine: the
   * masking in `src/3-check/secrets/mask.ts` removes them and masks every message before a result is
   * handed on ({@link MaskedFileResult}).
   */
  secrets?: string[];
}

/**
 * The brand of masked results: a type-level mark only (no value exists at run time), so that no
 * code can hand a reporter a result that has not been through the masking.
 */
export declare const MASKED: unique symbol;

/** A diagnostic after masking: no `secrets`, and no piece of one in its message. */
export type MaskedDiagnostic = Omit<Diagnostic, "secrets"> & { readonly [MASKED]: true };

/**
 * The results for one file as they leave the engine (`lintText`, `lintSource`, `lintPaths`,
 * workers, the cache, the markdownlint custom rules): every message masked, no secret values
 * attached. Only `src/3-check/secrets/mask.ts` makes one; every reporter takes only these.
 */
export interface MaskedFileResult extends Omit<FileResult, "diagnostics" | "maskedSecrets"> {
  diagnostics: MaskedDiagnostic[];
  readonly [MASKED]: true;
}

/**
 * The `ruleId` of the finding that says handoffkit itself failed on a file (a bug of ours, never
 * the document's): the file was not, or not fully, checked, so it cannot pass as "no problems".
 * It is not a rule: it cannot be turned off. SARIF carries it as a `toolExecutionNotification`.
 */
export const INTERNAL_ERROR_RULE_ID = "internal-error";

/**
 * The error-severity finding at 1:1 for an internal error: `what` ("handoffkit", "rule expiry")
 * failed with `error`, shown as its name and message on one line (the stack goes to
 * `FileResult.internalErrors`).
 */
export function internalErrorDiagnostic(what: string, error: unknown, consequence: string): Diagnostic {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    ruleId: INTERNAL_ERROR_RULE_ID,
    severity: "error",
    message: `${what} failed on this file (${reason.split("\n")[0]}): ${consequence}; please report this bug`,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    offset: 0,
    endOffset: 0,
  };
}

/** The results for one file. */
export interface FileResult {
  /** Path relative to the working directory, `/`-separated. */
  path: string;
  /** Profile the document was checked against. */
  profile: string;
  /** Why that profile, when it is not the obvious one: a page describing a format is checked as `generic`, not as its record. */
  profileReason?: string;
  diagnostics: Diagnostic[];
  /**
   * A rule or the pipeline threw: our bug, with its stack. The run goes on; the exit code becomes
   * 2; the file also carries an {@link INTERNAL_ERROR_RULE_ID} finding.
   */
  internalErrors: string[];
  /**
   * Secrets in the file that no reported finding carries (findings suppressed by a comment, or
   * found while `no-secrets` is off): still masked in every message of the file. Removed by the
   * masking.
   */
  maskedSecrets?: string[];
}

/**
 * {@link Diagnostic.valueDigest} of `diagnostic`, from its first secret or its message: meaningful
 * only before masking (the check stage computes it).
 */
export function valueDigest(diagnostic: Diagnostic | MaskedDiagnostic): string {
  const value = (diagnostic as Diagnostic).secrets?.[0] ?? `${diagnostic.messageId ?? ""}\u0000${diagnostic.message}`;
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Orders diagnostics by position, then rule id, then message. */
export function compareDiagnostics(a: Diagnostic | MaskedDiagnostic, b: Diagnostic | MaskedDiagnostic): number {
  return (
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
