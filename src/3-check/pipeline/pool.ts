/**
 * Linting files on worker threads: a small pool (one worker per core by default), each worker with
 * its own session built once from the run's options. Files are queued as the run finds them and
 * handed out in small batches as workers finish (files differ in size); each result comes back
 * with its index, and the caller puts results in path order.
 *
 * Not tinypool or piscina: those run one task per message on workers only, while here the main
 * thread takes queued files too (one isolate fewer: a two-core run stays under 200 MB), files
 * travel in batches, and the files of a worker that dies are linted on the main thread instead of
 * failing the run. Under the esbuild bundle, their own worker entry files would also need to ship
 * beside it.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import type { LintOutcome, LintWorkerData, ReadyMessage, ResultMessage, WorkItem, WorkerLintOptions } from "./protocol.js";

/** Below this many files a run stays on the main thread: starting workers (~0.3 s each) would dominate. */
export const MIN_FILES_FOR_WORKERS = 50;

/**
 * Below this many bytes in all a run stays on the main thread too, however many files: a worker
 * pays for its own start-up (loading the bundle, building its session, compiling the rules'
 * patterns on its first file) before it lints anything, and a few dozen real handoffs lint
 * faster on one thread than on two.
 */
export const MIN_BYTES_FOR_WORKERS = 2 * 1024 * 1024;

/** Files per message to a worker; two batches are queued per worker to hide the round trip. */
const BATCH_SIZE = 8;

const workerFile = fileURLToPath(new URL("./lint-worker.js", import.meta.url));

/** Whether worker threads can run here: the compiled worker script exists (not when running the TypeScript sources). */
export function workersAvailable(): boolean {
  return existsSync(workerFile);
}

/**
 * How many worker threads a run of `fileCount` files of `totalBytes` bytes starts; the main thread
 * lints alongside them.
 * @param requested `--workers N` (0 = none: the main thread alone); undefined = one fewer than the
 * cores when there are at least {@link MIN_FILES_FOR_WORKERS} files and
 * {@link MIN_BYTES_FOR_WORKERS} bytes, so none on a single core (a worker there only competes with
 * the main thread for it, and pays its own start-up on top). Every thread is a V8 isolate with
 * its own heap (~100 MB at peak): the main thread taking a share instead of only reporting keeps
 * one isolate fewer.
 * @param totalBytes the files' summed size (or any number at least {@link MIN_BYTES_FOR_WORKERS}
 * when they are that large); undefined when unknown (then only the count decides).
 * @param cores the cores to count on; default `os.availableParallelism()`.
 */
export function workerCount(fileCount: number, requested: number | undefined, totalBytes?: number, cores: number = availableParallelism()): number {
  if (!workersAvailable() || fileCount === 0) return 0;
  if (requested !== undefined) return Math.min(requested, fileCount);
  if (fileCount < MIN_FILES_FOR_WORKERS || (totalBytes !== undefined && totalBytes < MIN_BYTES_FOR_WORKERS)) return 0;
  return Math.max(0, Math.min(cores - 1, fileCount));
}

/** A running pool. */
export interface LintPool {
  /** Queues one file. */
  add(item: WorkItem): void;
  /** Takes the next queued file for the main thread to lint; report it with {@link LintPool.completeHere}. */
  takeHere(): WorkItem | undefined;
  /** The outcome of a file taken with {@link LintPool.takeHere}. */
  completeHere(index: number, outcome: LintOutcome): void;
  /** No more files: resolves when every queued file has its result, then stops the workers. */
  finish(): Promise<void>;
}

interface Member {
  worker: Worker;
  outstanding: Set<number>;
  alive: boolean;
  /** It said {@link ReadyMessage}: files go to it from then on. */
  ready: boolean;
}

/**
 * Starts `count` workers.
 * @param lintHere lints one file on the main thread: used for the files of a worker that died.
 * @param onOutcome called once per queued file, in completion order.
 */
export async function startLintPool(
  options: WorkerLintOptions,
  count: number,
  lintHere: (item: WorkItem) => Promise<LintOutcome>,
  onOutcome: (index: number, outcome: LintOutcome) => void,
): Promise<LintPool> {
  // Loaded here, not at start-up: a one-file run never starts a worker.
  const { Worker } = await import("node:worker_threads");
  const workerData: LintWorkerData = { options };
  const queue: WorkItem[] = [];
  const paths = new Map<number, string>();
  const members: Member[] = [];
  let pending = 0;
  let closed = false;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const stop = () => {
    for (const member of members) void member.worker.terminate();
  };
  const checkDone = () => {
    if (!closed || !settle) return;
    if (failure) {
      stop();
      settle.reject(failure);
    } else if (pending === 0) {
      stop();
      settle.resolve();
    }
  };
  const complete = (index: number, outcome: LintOutcome) => {
    if (!paths.delete(index)) return;
    pending--;
    onOutcome(index, outcome);
    checkDone();
  };
  const feed = (member: Member) => {
    while (member.alive && member.ready && queue.length > 0 && member.outstanding.size < BATCH_SIZE * 2) {
      const batch = queue.splice(0, BATCH_SIZE);
      for (const item of batch) member.outstanding.add(item.index);
      member.worker.postMessage({ type: "files", files: batch });
    }
  };
  const feedAll = () => {
    const alive = members.filter((m) => m.alive);
    if (alive.length === 0) {
      // Every worker died: the main thread takes the queue.
      void rescueItems(queue.splice(0));
      return;
    }
    // Least-loaded first, so a burst of files spreads over the workers.
    for (const member of alive.sort((a, b) => a.outstanding.size - b.outstanding.size)) feed(member);
  };
  const rescueItems = async (items: WorkItem[]) => {
    try {
      for (const item of items) complete(item.index, await lintHere(item));
    } catch (error) {
      failure = error as Error;
      checkDone();
    }
  };
  const rescue = (member: Member) => {
    // A worker died (out of memory, a crash in Node itself): its files are linted here.
    member.alive = false;
    const orphans = [...member.outstanding].sort((a, b) => a - b).map((index) => ({ index, path: paths.get(index) as string }));
    member.outstanding.clear();
    void rescueItems(orphans.filter((item) => item.path !== undefined)).then(feedAll);
  };
  for (let i = 0; i < count; i++) {
    const member: Member = { worker: new Worker(workerFile, { workerData }), outstanding: new Set(), alive: true, ready: false };
    members.push(member);
    member.worker.on("message", (message: ResultMessage | ReadyMessage) => {
      if (message.type === "ready") {
        member.ready = true;
        feed(member);
        return;
      }
      if (message.type !== "result") return;
      member.outstanding.delete(message.index);
      feed(member);
      complete(message.index, message.outcome);
    });
    member.worker.on("error", () => {
      if (member.alive) rescue(member);
    });
    member.worker.on("exit", () => {
      if (member.alive && !(closed && pending === 0)) rescue(member);
    });
  }
  return {
    takeHere() {
      return queue.shift();
    },
    completeHere(index, outcome) {
      complete(index, outcome);
    },
    add(item) {
      paths.set(item.index, item.path);
      pending++;
      queue.push(item);
      feedAll();
    },
    finish() {
      closed = true;
      return new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
        checkDone();
      });
    },
  };
}
