/**
 * `lint --cache`: results of unchanged files, kept between runs.
 *
 * One JSON file (`lint-cache.json`, default directory `node_modules/.cache/handoffkit`, after
 * find-cache-dir's convention) holds, per absolute path, the SHA-256 of the file's bytes and the
 * file's masked result ({@link MaskedFileResult}). The whole file is keyed by a SHA-256 of
 * everything else a result depends on: handoffkit's version and build, the config, command-line
 * rule settings and profile, the working directory, the config directory, the size limit and the
 * rule set. When that key differs, every entry is dropped.
 *
 * The clock: a result whose rules read the run's clock (`expiry`: its messages name "now") holds
 * for that clock only. When the clock differs, those rules are re-run and their findings replace
 * the cached ones: on the document parsed without Markdown when each either reads no Markdown
 * (`RuleMeta.reads`) or has its check in phases (`ClockPhases`: what its `observe` phase returned
 * is kept in the entry, and only its `judge` phase runs, on the text and lines alone when every
 * clock rule has its facts kept), else on the document parsed in full.
 * A file whose clock rules a suppression comment could silence is linted again.
 *
 * Never stored: results with load problems (a permission may change without the bytes changing),
 * internal errors, or those of documents holding secrets (even masked, and even as the digests a
 * baseline needs, the cache must not copy anything of a credential to another file).
 * Writes are atomic and read back (`src/0-platform/fs/atomic-write.ts`).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MaskedFileResult } from "../engine/diagnostic.js";
import { atomicWrite } from "../../0-platform/fs/atomic-write.js";

/** Name of the cache file inside its directory. */
export const CACHE_FILE_NAME = "lint-cache.json";

/** Version of the file's shape; part of the key. */
const FORMAT = 2;

/** What a full lint of one file tells the cache besides its result. */
export interface LintFacts {
  /** SHA-256 (hex) of the bytes linted. */
  digest: string;
  /** Ids of the rules that read the clock. */
  clockRules: string[];
  /** The file could not be loaded (read or encoding problems). */
  loadFailed: boolean;
  /**
   * Its clock rules' findings can be recomputed by re-running those rules alone (on the document
   * parsed without Markdown when their metadata says they read none): no inline suppression
   * comment could silence them.
   */
  recheckable: boolean;
  /** The document holds credential-shaped values: its (masked) result is still not stored. */
  hasSecrets: boolean;
  /** What the `observe` phase of clock rules with phases returned, by rule id (JSON data; see `ClockPhases`). */
  clockFacts: Record<string, unknown>;
}

/** One stored file. */
interface CacheEntry {
  digest: string;
  result: MaskedFileResult;
  clockRules: string[];
  /** The clock the result was computed with (ms since the epoch). */
  clock: number;
  recheckable: boolean;
  clockFacts: Record<string, unknown>;
}

interface CacheFileShape {
  key: string;
  entries: Record<string, CacheEntry>;
}

/** A lookup's answer. */
export type CacheAnswer =
  | { kind: "hit"; result: MaskedFileResult }
  /** The result stands except the findings of `clockRules`, which must be recomputed. */
  | { kind: "recheck"; result: MaskedFileResult; clockRules: string[]; clockFacts: Readonly<Record<string, unknown>> }
  | { kind: "miss" };

/** What a cache key is made of. Any JSON value; changing any part drops every entry. */
export type CacheKeyParts = Record<string, unknown>;

/** The directory used when `--cache-location` is not given: `<cwd>/node_modules/.cache/handoffkit`. */
export function defaultCacheDirectory(cwd: string): string {
  return path.join(cwd, "node_modules", ".cache", "handoffkit");
}

/** Size and modification time of the running code, so a rebuilt handoffkit never reuses results. */
function buildStamp(): string {
  try {
    const info = statSync(fileURLToPath(import.meta.url));
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return "unknown";
  }
}

/** SHA-256 (hex) of `bytes`. */
export function contentDigest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const SEVERITIES: ReadonlySet<unknown> = new Set(["error", "warning", "info"]);
const POSITION_FIELDS = ["line", "column", "endLine", "endColumn", "offset", "endOffset"] as const;
const OPTIONAL_TEXT_FIELDS = ["messageId", "docs", "contextHash", "valueDigest"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isEdit(value: unknown): boolean {
  if (!isRecord(value) || typeof value.text !== "string" || !Array.isArray(value.range) || value.range.length !== 2) return false;
  return value.range.every((offset) => Number.isSafeInteger(offset) && (offset as number) >= 0);
}

function isStoredDiagnostic(value: unknown): boolean {
  if (!isRecord(value) || typeof value.ruleId !== "string" || typeof value.message !== "string" || !SEVERITIES.has(value.severity)) return false;
  if (!POSITION_FIELDS.every((field) => Number.isSafeInteger(value[field]))) return false;
  if (!OPTIONAL_TEXT_FIELDS.every((field) => value[field] === undefined || typeof value[field] === "string")) return false;
  return value.fix === undefined || (Array.isArray(value.fix) && value.fix.every(isEdit));
}

/**
 * Whether a stored value has the shape of a {@link CacheEntry}, every finding included. An entry
 * that does not (a cache edited by hand, written by a broken run, cut short) is dropped, as a
 * malformed cache file is: the file is linted again.
 */
function isCacheEntry(value: unknown): value is CacheEntry {
  if (!isRecord(value) || typeof value.digest !== "string" || typeof value.recheckable !== "boolean" || !Number.isFinite(value.clock)) return false;
  if (!isStringArray(value.clockRules) || (value.clockFacts !== undefined && !isRecord(value.clockFacts))) return false;
  const result = value.result;
  if (!isRecord(result) || typeof result.path !== "string" || typeof result.profile !== "string") return false;
  if (result.profileReason !== undefined && typeof result.profileReason !== "string") return false;
  if (!isStringArray(result.internalErrors) || result.internalErrors.length > 0) return false;
  return Array.isArray(result.diagnostics) && result.diagnostics.every(isStoredDiagnostic);
}

/** Results of earlier runs, loaded from and saved to one file. */
export class LintCache {
  private readonly entries: Map<string, CacheEntry>;
  private changed = false;
  /** Counts for this run (reporting and tests). */
  readonly stats = { hits: 0, rechecks: 0, misses: 0, stored: 0 };

  private constructor(
    /** Absolute path of the cache file. */
    readonly file: string,
    private readonly key: string,
    entries: Map<string, CacheEntry>,
  ) {
    this.entries = entries;
  }

  /**
   * Opens the cache in `directory` for runs described by `parts`. A missing, unreadable or
   * malformed file, or one written for other parts, gives an empty cache (never an error); a
   * malformed entry is dropped alone.
   */
  static open(directory: string, parts: CacheKeyParts): LintCache {
    const file = path.join(directory, CACHE_FILE_NAME);
    const key = createHash("sha256")
      .update(JSON.stringify({ format: FORMAT, build: buildStamp(), ...parts }))
      .digest("hex");
    let entries = new Map<string, CacheEntry>();
    try {
      const stored = JSON.parse(readFileSync(file, "utf8")) as CacheFileShape;
      if (stored && stored.key === key && stored.entries && typeof stored.entries === "object") {
        entries = new Map(Object.entries(stored.entries).filter((pair): pair is [string, CacheEntry] => isCacheEntry(pair[1])));
      }
    } catch {
      // no cache yet, or not one we can use: start empty
    }
    return new LintCache(file, key, entries);
  }

  /** What the cache holds for the file at absolute `filePath` with bytes of `digest`, for a run at `now`. */
  lookup(filePath: string, digest: string, now: Date): CacheAnswer {
    const entry = this.entries.get(filePath);
    if (!entry || entry.digest !== digest) {
      this.stats.misses++;
      return { kind: "miss" };
    }
    if (entry.clockRules.length === 0 || entry.clock === now.getTime()) {
      this.stats.hits++;
      return { kind: "hit", result: entry.result };
    }
    if (entry.recheckable) {
      this.stats.rechecks++;
      return { kind: "recheck", result: entry.result, clockRules: entry.clockRules, clockFacts: entry.clockFacts ?? {} };
    }
    this.stats.misses++;
    return { kind: "miss" };
  }

  /** Keeps `result` for `filePath`, unless it must not be stored (see the module comment). */
  store(filePath: string, result: MaskedFileResult, facts: LintFacts, now: Date): void {
    if (facts.loadFailed || facts.hasSecrets || result.internalErrors.length > 0) return;
    this.entries.set(filePath, {
      digest: facts.digest,
      result,
      clockRules: facts.clockRules,
      clock: now.getTime(),
      recheckable: facts.recheckable,
      clockFacts: facts.clockFacts,
    });
    this.changed = true;
    this.stats.stored++;
  }

  /**
   * Writes the cache when this run stored anything (atomically, read back). A cache that cannot
   * be written is not an error of the run: @returns the reason, for a warning.
   */
  async save(): Promise<string | undefined> {
    if (!this.changed) return undefined;
    const shape: CacheFileShape = { key: this.key, entries: Object.fromEntries(this.entries) };
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      await atomicWrite(this.file, Buffer.from(JSON.stringify(shape), "utf8"));
      this.changed = false;
      return undefined;
    } catch (error) {
      return `cannot write the cache ${this.file}: ${(error as Error).message}`;
    }
  }
}
