/**
 * `redact`: replaces every credential-shaped value a `no-secrets` finding points at with
 * `[REDACTED:<detector>]` (src/5-operations/fix/redact.ts), seals the document again when it was sealed, and
 * writes it atomically (read back; refused when the file changed meanwhile). No other byte
 * changes. A dry run returns the lines that would change, the old ones masked, and writes nothing.
 */
import { noSecrets } from "../../rules/no-secrets.js";
import { atomicWrite, AtomicWriteError } from "../0-platform/fs/atomic-write.js";
import { maskedLineDiff } from "./fix/line-diff.js";
import { planRedaction, RedactError, type Redaction } from "./fix/redact.js";
import { analyzeSource, createSession } from "../3-check/lint.js";
import type { VerifyStatus } from "../3-check/integrity/verify.js";
import { secretValuesToMask } from "../3-check/secrets/document.js";
import { configFor, type ConfigOptions, type OperationContext } from "./context.js";
import { eachSource } from "./each-source.js";

/** Options of {@link redactHandoffs}. */
export interface RedactOptions extends ConfigOptions {
  /** Return what would change, write nothing. */
  dryRun?: boolean;
}

/** What redacting one file did (or, on a dry run, would do). */
export interface RedactFileResult {
  /** The file, relative to the working directory. */
  path: string;
  /**
   * `redacted` (written); `would-redact` (dry run); `nothing` (no secret found); `unusable` (it
   * could not be read or decoded); `failed` (cannot be redacted safely or written; unchanged).
   */
  status: "redacted" | "would-redact" | "nothing" | "unusable" | "failed";
  /** The values replaced (detector, place, marker); never the values themselves. */
  redactions: Redaction[];
  /** The document was sealed and is sealed again: its new digest. */
  resealedDigest?: string;
  /** The document's seal did not hold before (its verify status): it was not sealed again, and still fails verify. */
  sealBroken?: VerifyStatus;
  /** Dry run: the changed lines as a unified diff without context, the old lines masked. */
  diff?: string[];
  /** Why it is unusable or failed. */
  reason?: string;
}

/** What `redact` did, file by file in the order given. */
export interface RedactResult {
  files: RedactFileResult[];
}

/**
 * Redacts each of `files` (relative to the working directory) in place.
 * @throws ConfigError for a bad config.
 */
export async function redactHandoffs(files: readonly string[], options: RedactOptions, context: OperationContext): Promise<RedactResult> {
  const session = createSession({ cwd: context.cwd, config: configFor(context.cwd, options.config).config, rules: [noSecrets] });
  const results = await eachSource(
    files,
    session,
    context,
    [RedactError, AtomicWriteError],
    async (source): Promise<RedactFileResult> => {
      const shown = source.displayPath;
      const { document, result } = analyzeSource(source, session);
      if (!document || document.loadProblems.length > 0) {
        return { path: shown, status: "unusable", redactions: [], reason: document?.loadProblems.map((p) => p.message).join("; ") || "it could not be read" };
      }
      const plan = planRedaction(document, result.diagnostics);
      const done = (status: RedactFileResult["status"]): RedactFileResult => ({
        path: shown,
        status,
        redactions: plan.redactions,
        ...(plan.resealedDigest ? { resealedDigest: plan.resealedDigest } : {}),
        ...(plan.sealBroken ? { sealBroken: plan.sealBroken } : {}),
      });
      if (plan.unchanged) return { path: shown, status: "nothing", redactions: [] };
      if (options.dryRun) return { ...done("would-redact"), diff: maskedLineDiff(document.text, plan.text, secretValuesToMask(document)) };
      await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
      return done("redacted");
    },
    (path, reason): RedactFileResult => ({ path, status: "failed", redactions: [], reason }),
  );
  return { files: results };
}

/** `2 values (github-token, aws-access-key-id), sealed again sha256:…`. */
function summary(file: RedactFileResult): string {
  const kinds = [...new Set(file.redactions.map((r) => r.detectorId))].join(", ");
  const n = file.redactions.length;
  const seal = file.resealedDigest
    ? `, sealed again ${file.resealedDigest}`
    : file.sealBroken
      ? `; its seal did not hold before (integrity ${file.sealBroken}) and was not renewed`
      : "";
  return `${n} value${n === 1 ? "" : "s"} (${kinds})${seal}`;
}

/** The lines `redact` prints for one file. */
export function redactLines(file: RedactFileResult): string[] {
  switch (file.status) {
    case "redacted":
      return [`${file.path}: redacted ${summary(file)}`];
    case "would-redact":
      return [`${file.path}: would redact ${summary(file)}`, ...(file.diff ?? []).map((line) => `  ${line}`)];
    case "nothing":
      return [`${file.path}: nothing to redact`];
    default:
      return [`${file.path}: cannot redact: ${file.reason}`];
  }
}
