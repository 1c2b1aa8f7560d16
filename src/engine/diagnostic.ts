/**
 * The one finding shape every rule produces and every reporter consumes (after unified's
 * `VFileMessage`: reason, place, ruleId, source, url, fatal).
 */

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
  /** Where the rule's documentation is (path relative to the package root, or a URL). */
  docs?: string;
  /**
   * Fingerprint of the flagged line's content: the first 16 hex digits of the SHA-256 of the text of
   * line {@link line}, trimmed, with runs of whitespace collapsed to one space. The same line moved
   * elsewhere keeps it (SARIF `partialFingerprints` are built from it); the text itself is never kept.
   */
  contextHash?: string;
  /**
   * Secret values this finding is about. Reporters never print them: every text they print passes
   * through the masking in `src/report/mask.ts`.
   */
  secrets?: string[];
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
  /** A rule threw: our bug. The run goes on; the exit code becomes 2. */
  internalErrors: string[];
  /**
   * Secrets in the file that no reported finding carries (findings suppressed by a baseline or a
   * comment, or found while `no-secrets` is off): still masked in every message of the file.
   * Removed by `maskResults`.
   */
  maskedSecrets?: string[];
}

/** Orders diagnostics by position, then rule id, then message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
