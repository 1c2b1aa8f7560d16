/**
 * The scheduler: the files that paths, directories and globs name, discovered, then each one
 * answered by the cache layer when there is one, else linted by a runner (this thread, or worker
 * threads), with results handed on strictly in display-path order whatever finished first.
 */
import nodePath from "node:path";
import type { LintCache } from "../cache/lint-cache.js";
import type { MaskedFileResult } from "../engine/diagnostic.js";
import { discoverFiles } from "../../1-load/discover.js";
import { readAhead } from "../../1-load/read-ahead.js";
import { readSource, type SourceFile } from "../../1-load/read.js";
import { bytesUpTo } from "../../1-load/sizes.js";
import { MIN_BYTES_FOR_WORKERS, MIN_FILES_FOR_WORKERS, workerCount } from "./pool.js";
import { analyzeSource, lintSource, type AnalyzedFile } from "./analyze.js";
import { lintOutcome, openCacheLayer, type CacheOptions, type FileOutcome } from "./cache-layer.js";
import { inlineRunner, poolRunner, type LintHere, type Runner } from "./runners.js";
import type { LintSession } from "./session.js";

/** Result of {@link lintPaths}. */
export interface LintRun {
  /** Masked results, in display-path order. */
  results: MaskedFileResult[];
  /** Inputs that matched no file. */
  unmatched: string[];
  /** With `cache`: files answered from it, re-checked against the clock, linted, and stored. */
  cacheStats?: LintCache["stats"];
  /** With `cache`: why the cache could not be written (the run itself is fine). */
  cacheWarning?: string;
}

/** How {@link lintPaths} runs. */
export interface LintPathsOptions {
  /**
   * Worker threads (`--workers N`; 0 = all on this thread). Default: one per core but one when
   * there are at least {@link MIN_FILES_FOR_WORKERS} files and {@link MIN_BYTES_FOR_WORKERS} bytes
   * to lint, else none. Results are the same either way.
   */
  workers?: number;
  /** Called once with the number of files found and the inputs that matched none, before the first result. */
  onStart?: (fileCount: number, unmatched: readonly string[]) => void;
  /** false: results go to `onResult` only and are not kept (`results` comes back empty), so memory stays flat. */
  keepResults?: boolean;
  /**
   * `--cache`: keep results in `directory` and reuse those of unchanged files (ignored when the
   * session has custom rule objects). `key` holds what results depend on beyond the session
   * (handoffkit's version).
   */
  cache?: CacheOptions;
  /**
   * Called with each file's parsed document beside its result, in display-path order, for commands
   * that measure documents (`stats`). The run then stays on this thread and off the cache.
   */
  onAnalyzed?: (file: AnalyzedFile) => void;
}

/** Passes results on in index order as soon as every one before them is in; keeps them when asked. */
function inOrder(count: number, keep: boolean, onResult: ((result: MaskedFileResult) => void) | undefined) {
  const results: MaskedFileResult[] = keep ? new Array(count) : [];
  // Results wait here only until every file before them is done.
  const waiting = new Map<number, MaskedFileResult>();
  let emitted = 0;
  const accept = (index: number, result: MaskedFileResult) => {
    waiting.set(index, result);
    for (let next = waiting.get(emitted); next !== undefined; next = waiting.get(emitted)) {
      waiting.delete(emitted);
      if (keep) results[emitted] = next;
      emitted++;
      onResult?.(next);
    }
  };
  return { results, accept };
}

/**
 * Lints every file the inputs name, in display-path order. One bad file never stops the run.
 * @param onResult called for each file, in display-path order, as soon as it and every file
 * before it are done (streaming reporters, progress).
 */
export async function lintPaths(
  inputs: readonly string[],
  session: LintSession,
  onResult?: (result: MaskedFileResult) => void,
  options: LintPathsOptions = {},
): Promise<LintRun> {
  const discovery = await discoverFiles(inputs, { cwd: session.cwd, ignores: session.config.ignores, ignoresDir: session.configDir });
  const files = discovery.files;
  options.onStart?.(files.length, discovery.unmatched);
  const { results, accept } = inOrder(files.length, options.keepResults !== false, onResult);
  const read = (file: string) => readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const { onAnalyzed } = options;
  const cache = onAnalyzed ? undefined : openCacheLayer(session, options.cache);
  const onOutcome = (index: number, outcome: FileOutcome) => {
    cache?.store(nodePath.resolve(session.cwd, files[index] as string), outcome);
    accept(index, outcome.result);
  };
  const workers = session.workerOptions && !onAnalyzed ? await chooseWorkers(files, options.workers, session.cwd) : 0;
  const lintHere: LintHere = onAnalyzed
    ? (source) => {
        const file = analyzeSource(source, session);
        onAnalyzed(file);
        return { result: file.result };
      }
    : cache
      ? (source) => lintOutcome(source, session)
      : (source) => ({ result: lintSource(source, session) });
  const runner: Runner =
    workers > 0 && session.workerOptions
      ? poolRunner(
          // With the cache, workers start once enough files miss it to pay for starting them.
          { workers, startAfter: cache && options.workers === undefined ? MIN_FILES_FOR_WORKERS : 1, workerOptions: session.workerOptions },
          read,
          (source) => lintOutcome(source, session),
          onOutcome,
        )
      : inlineRunner(read, lintHere, onOutcome);
  // This thread reads (and the cache hashes) every file only when it needs the bytes itself.
  const sources: AsyncIterable<SourceFile | undefined> = cache || runner.wantsSources ? readAhead(files, read) : unread(files.length);
  let index = 0;
  for await (const source of sources) {
    const item = { index, path: files[index] as string };
    index++;
    const cached = source && cache?.answer(source);
    if (cached) accept(item.index, cached);
    else await runner.submit(item, source);
  }
  await runner.finish();
  if (!cache) return { results, unmatched: discovery.unmatched };
  const cacheWarning = await cache.save();
  return { results, unmatched: discovery.unmatched, cacheStats: cache.stats, ...(cacheWarning ? { cacheWarning } : {}) };
}

/** {@link workerCount} for these files, stat'ing them only when their count alone would start workers. */
async function chooseWorkers(files: readonly string[], requested: number | undefined, cwd: string): Promise<number> {
  const byCount = workerCount(files.length, requested);
  if (byCount === 0 || requested !== undefined) return byCount;
  return workerCount(files.length, requested, await bytesUpTo(files, MIN_BYTES_FOR_WORKERS, cwd));
}

async function* unread(count: number): AsyncGenerator<undefined> {
  for (let i = 0; i < count; i++) yield undefined;
}

/**
 * {@link lintPaths} on this thread, handing each file's document along with its result, for
 * commands that measure documents (`stats`). Documents are passed one at a time and not kept.
 */
export async function analyzePaths(inputs: readonly string[], session: LintSession, onFile: (file: AnalyzedFile) => void): Promise<{ unmatched: string[] }> {
  const run = await lintPaths(inputs, session, undefined, { keepResults: false, onAnalyzed: onFile });
  return { unmatched: run.unmatched };
}
