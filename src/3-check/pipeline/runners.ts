/**
 * Runners: what lints the files a scheduler hands over. The inline runner lints on this thread;
 * the pool runner queues files for worker threads (`src/3-check/pipeline/pool.ts`), starting them once
 * enough files have come, while this thread lints queued files too whenever it would otherwise
 * wait. Either reports each file's {@link FileOutcome} once, in completion order.
 */
import type { SourceFile } from "../../1-load/read.js";
import { startLintPool, type LintPool } from "./pool.js";
import type { LintOutcome, WorkItem } from "./protocol.js";
import type { FileOutcome } from "./cache-layer.js";

/** Lints the files it is given, reporting each outcome to the callback it was made with. */
export interface Runner {
  /** Whether {@link Runner.submit} needs each file read first (the inline runner lints what it is given). */
  readonly wantsSources: boolean;
  /** One file; `source` when the scheduler read it already. Resolves when the runner can take the next. */
  submit(item: WorkItem, source: SourceFile | undefined): Promise<void>;
  /** No more files: resolves when every file's outcome has been reported. */
  finish(): Promise<void>;
}

/** Lints one source on this thread (never throws). */
export type LintHere = (source: SourceFile) => FileOutcome;

type Read = (path: string) => Promise<SourceFile>;
type OnOutcome = (index: number, outcome: FileOutcome) => void;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A runner that lints every file on this thread, as it is submitted. */
export function inlineRunner(read: Read, lintHere: LintHere, onOutcome: OnOutcome): Runner {
  return {
    wantsSources: true,
    async submit(item, source) {
      onOutcome(item.index, lintHere(source ?? (await read(item.path))));
    },
    finish: async () => undefined,
  };
}

/** How a {@link poolRunner} runs. */
export interface PoolRunnerOptions {
  /** Worker threads to start. */
  workers: number;
  /** Start them once this many files have been submitted; fewer are linted on this thread at {@link Runner.finish}. */
  startAfter: number;
  /** The run's options for the workers' own sessions. */
  workerOptions: Parameters<typeof startLintPool>[0];
}

/**
 * A runner over worker threads. Files queue a window at a time (a 100k-file run keeps a few
 * hundred work items, not 100k): while the window is full this thread lints queued files itself,
 * letting worker results in between.
 */
export function poolRunner(options: PoolRunnerOptions, read: Read, lintHere: (source: SourceFile) => LintOutcome, onOutcome: OnOutcome): Runner {
  const window = Math.max(256, 64 * options.workers);
  const waiting: WorkItem[] = [];
  let pool: LintPool | undefined;
  let added = 0;
  let completed = 0;
  const lintItem = async (item: WorkItem) => lintHere(await read(item.path));
  const helpOnce = async (running: LintPool) => {
    const item = running.takeHere();
    if (item) running.completeHere(item.index, await lintItem(item));
    await nextTurn();
    return item !== undefined;
  };
  return {
    wantsSources: false,
    async submit(item) {
      if (!pool) {
        waiting.push(item);
        if (waiting.length < options.startAfter) return;
        pool = await startLintPool(options.workerOptions, options.workers, lintItem, (index, outcome) => {
          completed++;
          onOutcome(index, outcome);
        });
      } else waiting.push(item);
      for (const queued of waiting.splice(0)) {
        added++;
        pool.add(queued);
      }
      while (added - completed >= window) await helpOnce(pool);
    },
    async finish() {
      if (!pool) {
        for (const item of waiting.splice(0)) onOutcome(item.index, await lintItem(item));
        return;
      }
      while (await helpOnce(pool));
      await pool.finish();
    },
  };
}
