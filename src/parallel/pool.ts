/**
 * Linting files on worker threads: a small pool (one worker per core by default), each worker with
 * its own session built once from the run's options. Files are handed out in small batches as
 * workers finish (files differ in size), and results are passed on strictly in path order, so a
 * run's output is the same with and without workers.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { FileResult } from "../engine/diagnostic.js";
import type { LintWorkerData, ResultMessage, WorkItem, WorkerLintOptions } from "./protocol.js";

/** Below this many files a run stays on the main thread: starting workers (~0.3 s each) would dominate. */
export const MIN_FILES_FOR_WORKERS = 50;

const workerFile = fileURLToPath(new URL("./lint-worker.js", import.meta.url));

/** Whether worker threads can run here: the compiled worker script exists (not when running the TypeScript sources). */
export function workersAvailable(): boolean {
  return existsSync(workerFile);
}

/**
 * How many workers a run of `fileCount` files uses.
 * @param requested `--workers N` (0 = none, on the main thread); undefined = one per core
 * (`os.availableParallelism()`) when there are at least {@link MIN_FILES_FOR_WORKERS} files.
 */
export function workerCount(fileCount: number, requested: number | undefined): number {
  if (!workersAvailable() || fileCount === 0) return 0;
  if (requested !== undefined) return Math.min(requested, fileCount);
  if (fileCount < MIN_FILES_FOR_WORKERS) return 0;
  return Math.min(availableParallelism(), fileCount);
}

/**
 * Lints `files` on `count` workers.
 * @param lintHere lints one file on the main thread: used for the files of a worker that died.
 * @param onResult called once per file, in `files` order.
 * @returns the results in `files` order.
 */
export async function lintOnWorkers(
  files: readonly string[],
  options: WorkerLintOptions,
  count: number,
  lintHere: (file: string) => Promise<FileResult>,
  onResult: (result: FileResult, index: number) => void,
): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length);
  const done: boolean[] = new Array(files.length).fill(false);
  let emitted = 0;
  let next = 0;
  // Small batches balance uneven files; a second batch queued per worker hides the round trip.
  const batchSize = Math.max(1, Math.min(16, Math.ceil(files.length / (count * 8))));
  const workerData: LintWorkerData = { options };
  // Loaded here, not at start-up: a one-file run never starts a worker.
  const { Worker } = await import("node:worker_threads");

  return await new Promise<FileResult[]>((resolve, reject) => {
    let settled = false;
    const pool: Array<{ worker: InstanceType<typeof Worker>; outstanding: Set<number>; alive: boolean }> = [];
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const member of pool) void member.worker.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    const accept = (index: number, result: FileResult) => {
      if (done[index]) return;
      done[index] = true;
      results[index] = result;
      while (emitted < files.length && done[emitted]) {
        onResult(results[emitted] as FileResult, emitted);
        emitted++;
      }
      if (emitted === files.length) finish();
    };
    const feed = (member: (typeof pool)[number]) => {
      while (member.alive && member.outstanding.size < batchSize * 2 && next < files.length) {
        const batch: WorkItem[] = [];
        while (batch.length < batchSize && next < files.length) {
          batch.push({ index: next, path: files[next] as string });
          member.outstanding.add(next);
          next++;
        }
        member.worker.postMessage({ type: "files", files: batch });
      }
    };
    const rescue = async (member: (typeof pool)[number]) => {
      // A worker died (out of memory, a crash in Node itself): its files are linted here, and
      // the files not yet handed out go to the workers left (or here, when none is).
      member.alive = false;
      const orphans = [...member.outstanding].sort((a, b) => a - b);
      member.outstanding.clear();
      try {
        for (const index of orphans) accept(index, await lintHere(files[index] as string));
        if (!pool.some((m) => m.alive)) {
          while (next < files.length) {
            const index = next++;
            accept(index, await lintHere(files[index] as string));
          }
        }
      } catch (error) {
        finish(error as Error);
      }
    };
    for (let i = 0; i < count; i++) {
      // V8's default heap limits: a larger young generation cut GC time but added ~60 MB of RSS per worker.
      const worker = new Worker(workerFile, { workerData });
      const member = { worker, outstanding: new Set<number>(), alive: true };
      pool.push(member);
      worker.on("message", (message: ResultMessage) => {
        if (message.type !== "result") return;
        member.outstanding.delete(message.index);
        accept(message.index, message.result);
        feed(member);
      });
      worker.on("error", () => {
        if (member.alive && !settled) void rescue(member);
      });
      worker.on("exit", () => {
        if (member.alive && !settled) void rescue(member);
      });
      feed(member);
    }
  });
}
