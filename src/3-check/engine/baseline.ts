/**
 * Baseline: findings accepted as they stand, kept in a JSON file so that a run reports only new
 * ones. Entries are keyed by ruleId, path and a SHA-256 fingerprint of the finding's value — never
 * by line numbers (editing above a finding does not revive it) and never holding the value itself.
 * Paths are relative to the baseline file's directory (not to where lint runs), so a baseline
 * committed at the repository root suppresses the same findings from a subdirectory, from outside
 * the repository, or when a config found upward names it.
 *
 * File shape (`schemas/`-free, versioned):
 * `{"version":1,"findings":[{"ruleId":"no-secrets","path":"docs/a.md","fingerprint":"sha256:…"}]}`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import nodePath from "node:path";
import { atomicWrite, AtomicWriteError } from "../../0-platform/fs/atomic-write.js";
import { ConfigError } from "./config.js";
import { INTERNAL_ERROR_RULE_ID, valueDigest, type Diagnostic, type FileResult, type MaskedDiagnostic, type MaskedFileResult } from "./diagnostic.js";
import { parseJsonText } from "./json-text.js";

/** One accepted finding. */
export interface BaselineEntry {
  ruleId: string;
  /** Path of the file relative to the baseline file's directory, `/`-separated. */
  path: string;
  /** `sha256:` + 64 hex; see {@link fingerprintDiagnostic}. */
  fingerprint: string;
}

/** A baseline file's content. */
export interface Baseline {
  version: 1;
  findings: BaselineEntry[];
}

/**
 * The fingerprint of a finding: SHA-256 (lowercase hex, `sha256:` prefix) of
 * `ruleId NUL path NUL valueDigest`, where {@link Diagnostic.valueDigest} is the SHA-256 of the
 * finding's first secret, or, for findings without one, of its message id and unmasked message
 * (computed by the check stage before masking; recomputed here for a diagnostic built without it).
 * The ruleId and path salt the hash, so equal passwords in two files do not share a fingerprint
 * and no precomputed table reverses it.
 */
export function fingerprintDiagnostic(path: string, diagnostic: Diagnostic | MaskedDiagnostic): string {
  const value = diagnostic.valueDigest ?? valueDigest(diagnostic);
  const digest = createHash("sha256").update(`${diagnostic.ruleId}\u0000${path}\u0000${value}`, "utf8").digest("hex");
  return `sha256:${digest}`;
}

const keyOf = (entry: BaselineEntry): string => `${entry.ruleId}\u0000${entry.path}\u0000${entry.fingerprint}`;

/** Where a baseline's paths are relative to, and what result paths are relative to. */
export interface BaselineLocation {
  /** Absolute directory of the baseline file: entry paths are relative to it. */
  directory: string;
  /** Absolute working directory: `FileResult.path` is relative to it. */
  cwd: string;
}

/**
 * The path a baseline entry records for a result path: relative to the baseline file's directory,
 * `/`-separated; without `location`, the result path as it is.
 */
export function baselinePath(resultPath: string, location?: BaselineLocation): string {
  if (!location) return resultPath;
  const relative = nodePath.relative(location.directory, nodePath.resolve(location.cwd, resultPath));
  return relative.split(nodePath.sep).join("/");
}

function entryOf(resultPath: string, diagnostic: Diagnostic | MaskedDiagnostic): BaselineEntry {
  return { ruleId: diagnostic.ruleId, path: resultPath, fingerprint: fingerprintDiagnostic(resultPath, diagnostic) };
}

/**
 * A baseline accepting every finding of `results`, sorted — except `internal-error` findings: a
 * file handoffkit failed on was not checked, which no baseline can accept.
 */
export function createBaseline(results: ReadonlyArray<FileResult | MaskedFileResult>, location?: BaselineLocation): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const result of results) {
    const entryPath = baselinePath(result.path, location);
    for (const diagnostic of result.diagnostics) {
      if (diagnostic.ruleId === INTERNAL_ERROR_RULE_ID) continue;
      const entry = entryOf(entryPath, diagnostic);
      entries.set(keyOf(entry), entry);
    }
  }
  const findings = [...entries.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  return { version: 1, findings };
}

function isEntry(value: unknown): value is BaselineEntry {
  const entry = value as BaselineEntry;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.ruleId === "string" &&
    typeof entry.path === "string" &&
    typeof entry.fingerprint === "string" &&
    /^sha256:[0-9a-f]{64}$/.test(entry.fingerprint)
  );
}

/**
 * Reads a baseline file.
 * @throws ConfigError when the file cannot be read, is not JSON, or does not have the shape above.
 */
export function readBaseline(file: string): Baseline {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`cannot read baseline ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const parsed = parseJsonText(content);
  if (!parsed.ok) throw new ConfigError(`baseline ${file}:${parsed.line}:${parsed.column}: invalid JSON (${parsed.reason})`);
  const data = parsed.value;
  const baseline = data as Baseline;
  if (typeof data !== "object" || data === null || baseline.version !== 1 || !Array.isArray(baseline.findings)) {
    throw new ConfigError(`baseline ${file}: expected {"version":1,"findings":[…]}`);
  }
  const bad = baseline.findings.findIndex((entry) => !isEntry(entry));
  if (bad !== -1) throw new ConfigError(`baseline ${file}: findings[${bad}] needs ruleId, path and a sha256: fingerprint`);
  return { version: 1, findings: baseline.findings };
}

/**
 * Writes `baseline` to `file` through the one atomic write (temp file, fsync, rename, read back).
 * @throws ConfigError when writing fails or the file read back differs.
 */
export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  const content = `${JSON.stringify(baseline, null, 2)}\n`;
  try {
    await atomicWrite(file, new TextEncoder().encode(content));
  } catch (error) {
    if (error instanceof AtomicWriteError) throw new ConfigError(`cannot write baseline ${file}: ${error.message}`);
    throw error;
  }
}

/** Results with baselined findings removed, and how many were. */
export interface BaselineOutcome {
  results: MaskedFileResult[];
  suppressed: number;
}

/**
 * Removes the findings `baseline` accepts. The results are masked already (against every secret
 * of their file), so a suppressed finding's secret stays masked in the messages kept. An
 * `internal-error` finding is never removed, whatever the file lists.
 * @param location where the baseline file is (entry paths are relative to its directory);
 * without it, entry paths are compared with result paths as they are.
 */
export function applyBaseline(results: readonly MaskedFileResult[], baseline: Baseline, location?: BaselineLocation): BaselineOutcome {
  const accepted = new Set(baseline.findings.map(keyOf));
  let suppressed = 0;
  const out = results.map((result) => {
    const entryPath = baselinePath(result.path, location);
    const kept = result.diagnostics.filter((diagnostic) => {
      if (diagnostic.ruleId === INTERNAL_ERROR_RULE_ID) return true;
      if (!accepted.has(keyOf(entryOf(entryPath, diagnostic)))) return true;
      suppressed++;
      return false;
    });
    return kept.length === result.diagnostics.length ? result : { ...result, diagnostics: kept };
  });
  return { results: out, suppressed };
}
