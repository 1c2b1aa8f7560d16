/**
 * Analysis of one source: parse it, assign its profile, run its rules, mask every secret of the
 * document in every message. Never throws: a failure of the pipeline itself becomes an internal
 * error of that file.
 */
import { parseDocument } from "../../2-parse/document/parse.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { internalErrorDiagnostic, type FileResult, type MaskedFileResult } from "../engine/diagnostic.js";
import { checkDocument } from "../engine/run.js";
import { DEFAULT_MAX_FILE_BYTES, sourceFromBytes, type SourceFile } from "../../1-load/read.js";
import { assignProfile } from "../../2-parse/profiles/detect.js";
import type { Profile } from "../../2-parse/profiles/profile.js";
import { secretValuesToMask } from "../secrets/document.js";
import { maskFileResult } from "../secrets/mask.js";
import { settingsFor, type FileSettings, type LintSession } from "./session.js";

/**
 * {@link FileResult.profileReason} of a document whose profile was guessed from its headings: which
 * headings, what is missing for certainty, and what that changes.
 */
export function guessedProfileReason(document: HandoffDocument): string {
  const headings = (document.profileEvidence ?? []).map((title) => `'${title}'`).join(", ");
  return (
    `${document.profileId} guessed from its headings (${headings}), without the format's own title: ` +
    `what that profile requires is reported as warnings; set the profile (--profile, or config) to check it fully`
  );
}

/** Parse stage plus profile assignment for one source. */
export function buildDocument(
  source: SourceFile,
  session: LintSession,
  settings: FileSettings = settingsFor(source.path, session),
): { document: HandoffDocument; profile: Profile } {
  const document = parseDocument(source);
  let configured = settings.configuredProfile;
  if (!configured) {
    const data = document.frontmatter?.data;
    const custom = session.customProfiles.find((c) => data && c.detectFrontmatter && Object.entries(c.detectFrontmatter).every(([k, v]) => data[k] === v));
    if (custom) configured = custom.profile.id;
  }
  const profile = assignProfile(document, configured, session.profiles);
  if (configured && !settings.configuredProfile) document.profileReason = "detected";
  return { document, profile };
}

/**
 * Lints one source already in memory. The result is masked: every credential-shaped value of the
 * document is masked in every message whatever rules ran (`src/3-check/secrets/mask.ts`).
 */
export function lintSource(source: SourceFile, session: LintSession): MaskedFileResult {
  return analyzeSource(source, session).result;
}

/**
 * Lints text as if it were the file `path` (tests, staged content, editors), under the session's
 * size limit (`maxFileSize`, default 1 MiB) as a file on disk is: longer text is a `file-read`
 * finding and is not checked.
 */
export function lintText(path: string, text: string | Uint8Array, session: LintSession): MaskedFileResult {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return lintSource(sourceFromBytes(path, bytes, session.cwd, { maxBytes: session.maxFileSize ?? DEFAULT_MAX_FILE_BYTES }), session);
}

/** One analyzed file: its parsed document (undefined when the pipeline itself failed), profile and (masked) result. */
export interface AnalyzedFile {
  document: HandoffDocument | undefined;
  profile: Profile | undefined;
  result: MaskedFileResult;
  /** Whether the document holds credential-shaped values (its result then stays out of `--cache`). */
  hasSecrets: boolean;
}

/** Options of {@link analyzeSource}. */
export interface AnalyzeOptions {
  /** Called with a rule's id when it reads the run's clock. */
  onClockRead?: (ruleId: string) => void;
  /** Called with what a clock rule's `observe` phase returned (`ClockPhases`). */
  onClockFacts?: (ruleId: string, facts: unknown) => void;
}

/**
 * Parses and checks one source, never throwing. The engine boundary: what needs the raw values
 * (each finding's {@link Diagnostic.valueDigest} for baselines) is computed by the check stage,
 * then every message is masked against every secret of the document before the result is returned.
 */
export function analyzeSource(source: SourceFile, session: LintSession, options: AnalyzeOptions = {}): AnalyzedFile {
  let secrets: string[] = [];
  try {
    const settings = settingsFor(source.path, session);
    const { document, profile } = buildDocument(source, session, settings);
    secrets = document.loadProblems.length === 0 ? secretValuesToMask(document) : [];
    const result = checkDocument(document, profile, settings.prepared, {
      now: session.now,
      inlineSuppression: session.inlineSuppression,
      onClockRead: options.onClockRead,
      onClockFacts: options.onClockFacts,
    });
    if (document.profileReason === "reference" && document.formatReference) result.profileReason = document.formatReference;
    if (document.profileReason === "guessed") result.profileReason = guessedProfileReason(document);
    const hasSecrets = secrets.length > 0 || result.diagnostics.some((d) => (d.secrets?.length ?? 0) > 0);
    return { document, profile, result: maskFileResult(result, secrets), hasSecrets };
  } catch (error) {
    const result: FileResult = {
      path: source.displayPath,
      profile: "generic",
      diagnostics: [internalErrorDiagnostic("handoffkit", error, "it was not checked")],
      internalErrors: [`internal error on ${source.displayPath}: ${(error as Error).stack ?? String(error)}`],
    };
    return { document: undefined, profile: undefined, result: maskFileResult(result, secrets), hasSecrets: secrets.length > 0 };
  }
}
