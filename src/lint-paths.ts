/**
 * Linting the files that paths, directories and globs name: discovery, then each file read, parsed
 * and checked on this thread or on worker threads, or taken from `--cache`, with results handed
 * on strictly in display-path order whatever finished first.
 */
import nodePath from "node:path";
import { LintCache, contentDigest } from "./cache/lint-cache.js";
import type { MaskedFileResult } from "./engine/diagnostic.js";
import { analyseSource, lintOutcome, lintSource, recheckClock, type AnalysedFile, type LintSession } from "./lint.js";
import { discoverFiles } from "./load/discover.js";
import { readAhead } from "./load/read-ahead.js";
import { readSource } from "./load/read.js";
import { MIN_FILES_FOR_WORKERS, startLintPool, workerCount, type LintPool } from "./parallel/pool.js";
import type { WorkItem } from "./parallel/protocol.js";

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
   * Worker threads (`--workers N`; 0 = all on this thread). Default: one per core when there are at
   * least {@link MIN_FILES_FOR_WORKERS} files to lint, else none. Results are the same either way.
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
  cache?: { directory: string; key: Record<string, unknown> };
}

/** What a cache key holds from the session: everything a file's result depends on but its bytes. */
function sessionKey(session: LintSession): Record<string, unknown> {
  const options = session.workerOptions;
  return {
    cwd: session.cwd,
    configDir: session.configDir,
    config: session.config,
    profile: options?.profile,
    ruleOverrides: options?.ruleOverrides,
    onlyRules: options?.onlyRules,
    maxFileSize: session.maxFileSize,
    rules: session.rules.map((rule) => `${rule.meta.id}:${rule.meta.code}`),
  };
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
  const keep = options.keepResults !== false;
  // Results wait here only until every file before them is done (then they are passed on, and
  // dropped unless kept).
  const results: MaskedFileResult[] = keep ? new Array(files.length) : [];
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
  const read = (file: string) => readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const workerOptions = session.workerOptions;
  const workers = workerOptions ? workerCount(files.length, options.workers) : 0;
  const cache = options.cache && workerOptions ? LintCache.open(options.cache.directory, { ...options.cache.key, ...sessionKey(session) }) : undefined;
  const absolute = (file: string) => nodePath.resolve(session.cwd, file);

  let pool: LintPool | undefined;
  let completed = 0;
  const startPool = async (): Promise<LintPool> => {
    pool ??= await startLintPool(
      workerOptions as NonNullable<typeof workerOptions>,
      workers,
      async (item: WorkItem) => lintOutcome(await read(item.path), session),
      (index, outcome) => {
        completed++;
        cache?.store(absolute(files[index] as string), outcome.result, outcome.facts, session.now);
        accept(index, outcome.result);
      },
    );
    return pool;
  };

  // Without the cache, files go to the pool a window at a time, not all at once: a 100k-file run
  // keeps a few hundred work items, not 100k.
  const window = Math.max(256, 64 * workers);
  let nextToAdd = 0;
  const topUp = (running: LintPool) => {
    for (; nextToAdd < files.length && nextToAdd - completed < window; nextToAdd++) {
      running.add({ index: nextToAdd, path: files[nextToAdd] as string });
    }
  };

  // The main thread lints queued files too, one at a time, letting worker results in between.
  const helpHere = async (running: LintPool, refill: boolean) => {
    if (refill) topUp(running);
    for (let item = running.takeHere(); item; item = running.takeHere()) {
      running.completeHere(item.index, lintOutcome(await read(item.path), session));
      await new Promise((resolve) => setImmediate(resolve));
      if (refill) topUp(running);
    }
  };

  if (!cache) {
    if (workers > 0) {
      const running = await startPool();
      // Files the workers finish while this thread waits are replaced here too.
      while (nextToAdd < files.length) {
        await helpHere(running, true);
        if (nextToAdd < files.length) await new Promise((resolve) => setImmediate(resolve));
      }
      await running.finish();
    } else {
      let index = 0;
      for await (const source of readAhead(files, read)) {
        // lintSource never throws: a parser bug becomes an internal error of that file and the run goes on.
        accept(index++, lintSource(source, session));
      }
    }
    return { results, unmatched: discovery.unmatched };
  }

  // With the cache, this thread reads and hashes every file; only changed ones are linted, on
  // workers once enough of them turn up to pay for starting the pool.
  const threshold = options.workers !== undefined ? 1 : MIN_FILES_FOR_WORKERS;
  const misses: WorkItem[] = [];
  let index = 0;
  for await (const source of readAhead(files, read)) {
    const at = index++;
    // A file that cannot be loaded is always linted: a permission can change while the (empty) bytes do not.
    if (source.problems.length > 0) cache.stats.misses++;
    else {
      const answer = cache.lookup(source.path, contentDigest(source.bytes), session.now);
      if (answer.kind === "hit") {
        accept(at, answer.result);
        continue;
      }
      if (answer.kind === "recheck") {
        const result = recheckClock(source, session, answer.result, answer.clockRules);
        if (result) {
          accept(at, result);
          continue;
        }
      }
    }
    if (workers > 0) {
      misses.push({ index: at, path: files[at] as string });
      if (pool || misses.length >= threshold) {
        const running = await startPool();
        for (const item of misses.splice(0)) running.add(item);
      }
      continue;
    }
    const outcome = lintOutcome(source, session);
    cache.store(source.path, outcome.result, outcome.facts, session.now);
    accept(at, outcome.result);
  }
  if (pool) {
    await helpHere(pool, false);
    await pool.finish();
  }
  for (const item of misses) {
    const outcome = lintOutcome(await read(item.path), session);
    cache.store(absolute(item.path), outcome.result, outcome.facts, session.now);
    accept(item.index, outcome.result);
  }
  const cacheWarning = await cache.save();
  return { results, unmatched: discovery.unmatched, cacheStats: cache.stats, ...(cacheWarning ? { cacheWarning } : {}) };
}

/**
 * Like {@link lintPaths}, but hands each file's document along with its result, for commands that
 * measure documents (`stats`). Documents are passed one at a time and not kept.
 */
export async function analysePaths(
  inputs: readonly string[],
  session: LintSession,
  onFile: (file: AnalysedFile) => void,
): Promise<{ unmatched: string[] }> {
  const discovery = await discoverFiles(inputs, { cwd: session.cwd, ignores: session.config.ignores, ignoresDir: session.configDir });
  for await (const source of readAhead(discovery.files, (file) => readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize }))) {
    onFile(analyseSource(source, session));
  }
  return { unmatched: discovery.unmatched };
}
