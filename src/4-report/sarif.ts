/**
 * The `sarif` reporter: one SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format,
 * https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html) in the shape GitHub code scanning
 * accepts (`github/codeql-action/upload-sarif`):
 *
 * - `tool.driver` lists every rule of the run (id, a PascalCase `name` such as `NoSecrets`, short and
 *   full description, help text from `rules/<id>.md`, `helpUri`, default level, tags, and for the
 *   secret and injection rules code scanning's `security-severity`) plus each markdownlint id that
 *   has results (named after its alias: MD022 → `BlanksAroundHeadings`);
 * - each result has `ruleId`/`ruleIndex`, `level` (error → `error`, warning → `warning`, info →
 *   `note`), the (already masked) message, a location whose URI is relative to the repository root
 *   under `uriBaseId` `%SRCROOT%`, and a full region (1-based lines, columns in UTF-16 code units —
 *   the run's `columnKind` — end column exclusive, never empty: a zero-width finding covers one
 *   column);
 * - `partialFingerprints["handoffkit/v1"]` is the SHA-256 of ruleId, URI, the flagged line's
 *   normalized content ({@link Diagnostic.contextHash}) and the occurrence index of that triple in
 *   the file: it survives edits elsewhere in the file, so code scanning keeps tracking an alert;
 * - `invocations[0]` gives the run's outcome: `executionSuccessful` (false only when the run failed
 *   for a reason of its own, exit code 2 — findings are a successful run), `exitCode` and what it
 *   means; each file handoffkit itself failed on (an `internal-error` finding) is a
 *   `toolExecutionNotification` there (level `error`, the file as its location), not a result —
 *   never a log that reads as "no problems".
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Invocation, Log, Notification, ReportingDescriptor, Result } from "sarif";
import { INTERNAL_ERROR_RULE_ID, type MaskedDiagnostic, type MaskedFileResult, type Severity, type SeveritySetting } from "../3-check/engine/diagnostic.js";
import type { Rule } from "../3-check/engine/rule.js";
import { MARKDOWNLINT_RULE_NAMES } from "../3-check/markdownlint/rule-names.js";
import { REPOSITORY_URL, ruleDocText, ruleDocUrl } from "./rule-docs.js";
import { SECURITY_SEVERITY } from "./security-severity.js";

/** The `$schema` written into the log. */
export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";

/** The key of our fingerprint in `partialFingerprints`. */
export const FINGERPRINT_KEY = "handoffkit/v1";

/** Options of {@link formatSarif}. */
export interface SarifOptions {
  /** Every rule of the run (also those turned off: code scanning shows the rule list). */
  rules: readonly Rule[];
  /** Absolute working directory the result paths are relative to. */
  cwd: string;
  /** Absolute repository root URIs are made relative to (usually the git top level). */
  repositoryRoot: string;
  /** handoffkit's version. */
  toolVersion: string;
  /**
   * The run's exit code (0 clean, 1 findings fail the run, 2 usage or internal error). Without it
   * the invocation says only whether any file had an internal error.
   */
  exitCode?: number;
  /**
   * Problems of the run itself rather than of a file (an input that matched no file): each is a
   * `toolExecutionNotification` of level `error`, and the run is not successful.
   */
  runProblems?: readonly string[];
}

/** What each exit code means, for `invocations[0].exitCodeDescription`. */
const EXIT_CODE_DESCRIPTIONS: Record<number, string> = {
  0: "no errors (warnings within --max-warnings)",
  1: "errors found, or more warnings than --max-warnings",
  2: "usage, configuration or internal error",
};

const LEVEL: Record<Severity, Result.level> = { error: "error", warning: "warning", info: "note" };

function level(setting: SeveritySetting): Result.level {
  return setting === "off" ? "none" : LEVEL[setting];
}

/** `required-sections` → `RequiredSections` (SARIF §3.49.7 asks for a PascalCase-like name). */
function pascalName(id: string): string {
  return id
    .split(/[^A-Z0-9]+/i)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join("");
}

function ruleDescriptor(rule: Rule): ReportingDescriptor {
  const { meta } = rule;
  const doc = ruleDocText(meta.id);
  const helpText = doc ?? `${meta.description} See ${ruleDocUrl(meta.id)}`;
  return {
    id: meta.id,
    name: pascalName(meta.id),
    shortDescription: { text: meta.description },
    fullDescription: { text: `${meta.description} (${meta.code})` },
    help: { text: helpText, markdown: doc ?? helpText },
    helpUri: ruleDocUrl(meta.id),
    defaultConfiguration: { level: level(meta.defaultSeverity), enabled: meta.defaultSeverity !== "off" },
    properties: {
      tags: [...meta.tags],
      code: meta.code,
      ...(SECURITY_SEVERITY[meta.id] ? { "security-severity": SECURITY_SEVERITY[meta.id] } : {}),
    },
  };
}

function foreignDescriptor(ruleId: string): ReportingDescriptor {
  const text = `markdownlint rule ${ruleId}, run by handoffkit's markdownlint bridge (HK100).`;
  const alias = MARKDOWNLINT_RULE_NAMES[ruleId]?.[0];
  return {
    id: ruleId,
    name: alias ? pascalName(alias) : `Markdownlint${pascalName(ruleId)}`,
    shortDescription: { text },
    fullDescription: { text },
    help: { text: `See ${ruleDocUrl(ruleId)}` },
    helpUri: ruleDocUrl(ruleId),
    defaultConfiguration: { level: "warning" },
    properties: { tags: ["markdownlint", "style"] },
  };
}

/** A `/`-separated relative path as a URI reference: each segment percent-encoded. */
function relativeUri(relative: string): string {
  return relative
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/**
 * The artifact location of a result path: relative to the repository root under `%SRCROOT%`, or an
 * absolute `file:` URI for a file outside it.
 */
export function artifactLocation(displayPath: string, options: Pick<SarifOptions, "cwd" | "repositoryRoot">): { uri: string; uriBaseId?: string } {
  const abs = path.resolve(options.cwd, displayPath);
  const relative = path.relative(options.repositoryRoot, abs);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return { uri: pathToFileURL(abs).href };
  return { uri: relativeUri(relative.split(path.sep).join("/")), uriBaseId: "%SRCROOT%" };
}

/**
 * The SARIF region of a diagnostic. A zero-width or inverted span (an insertion point, a missing
 * section reported at a heading's end) covers the one column it starts at: SARIF viewers and code
 * scanning show nothing for an empty region.
 */
function region(diagnostic: MaskedDiagnostic): { startLine: number; startColumn: number; endLine: number; endColumn: number } {
  const { line, column, endLine, endColumn } = diagnostic;
  const empty = endLine < line || (endLine === line && endColumn <= column);
  return empty ? { startLine: line, startColumn: column, endLine: line, endColumn: column + 1 } : { startLine: line, startColumn: column, endLine, endColumn };
}

/**
 * The run's invocation: its outcome, from the exit code when known, else from internal errors;
 * `notifications` are the files handoffkit failed on (each makes the run unsuccessful).
 */
function invocation(results: readonly MaskedFileResult[], exitCode: number | undefined, notifications: readonly Notification[]): Invocation {
  const failed = notifications.length > 0 || results.some((r) => r.internalErrors.length > 0);
  const outcome: Invocation =
    exitCode === undefined
      ? { executionSuccessful: !failed }
      : {
          executionSuccessful: exitCode !== 2 && !failed,
          exitCode,
          ...(EXIT_CODE_DESCRIPTIONS[exitCode] ? { exitCodeDescription: EXIT_CODE_DESCRIPTIONS[exitCode] } : {}),
        };
  return notifications.length > 0 ? { ...outcome, toolExecutionNotifications: [...notifications] } : outcome;
}

function fingerprint(diagnostic: MaskedDiagnostic, uri: string, occurrence: number): string {
  return createHash("sha256")
    .update([diagnostic.ruleId, uri, diagnostic.contextHash ?? `${diagnostic.line}`, String(occurrence)].join("\0"), "utf8")
    .digest("hex");
}

/** Renders results as a SARIF 2.1.0 log (pretty-printed JSON, trailing newline). `results` must already be masked. */
export function formatSarif(results: readonly MaskedFileResult[], options: SarifOptions): string {
  const descriptors: ReportingDescriptor[] = options.rules.map(ruleDescriptor);
  const index = new Map<string, number>(descriptors.map((d, i) => [d.id, i]));
  const sarifResults: Result[] = [];
  const notifications: Notification[] = (options.runProblems ?? []).map((text) => ({ level: "error", message: { text } }));
  for (const file of results) {
    const location = artifactLocation(file.path, options);
    const seen = new Map<string, number>();
    for (const diagnostic of file.diagnostics) {
      // Our own failure is not a finding about the document: it goes to the invocation.
      if (diagnostic.ruleId === INTERNAL_ERROR_RULE_ID) {
        notifications.push({
          level: "error",
          message: { text: diagnostic.message },
          descriptor: { id: INTERNAL_ERROR_RULE_ID },
          locations: [{ physicalLocation: { artifactLocation: location } }],
        });
        continue;
      }
      let ruleIndex = index.get(diagnostic.ruleId);
      if (ruleIndex === undefined) {
        ruleIndex = descriptors.push(foreignDescriptor(diagnostic.ruleId)) - 1;
        index.set(diagnostic.ruleId, ruleIndex);
      }
      const key = `${diagnostic.ruleId}\0${diagnostic.contextHash ?? diagnostic.line}`;
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      sarifResults.push({
        ruleId: diagnostic.ruleId,
        ruleIndex,
        level: LEVEL[diagnostic.severity],
        message: { text: diagnostic.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: location,
              region: region(diagnostic),
            },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(diagnostic, location.uri, occurrence) },
      });
    }
  }
  const log: Log = {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "handoffkit",
            version: options.toolVersion,
            semanticVersion: options.toolVersion,
            informationUri: REPOSITORY_URL,
            rules: descriptors,
          },
        },
        invocations: [invocation(results, options.exitCode, notifications)],
        columnKind: "utf16CodeUnits",
        results: sarifResults,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
