/**
 * A lint worker thread: builds its own session once from the run's options, then reads, parses
 * and checks the files it is sent, posting each file's result back as soon as it is done.
 */
import { parentPort, workerData } from "node:worker_threads";
import { lintOutcome } from "./cache-layer.js";
import { createSession } from "./session.js";
import { readAhead } from "../../1-load/read-ahead.js";
import { readSource } from "../../1-load/read.js";
import type { FilesMessage, LintWorkerData, ReadyMessage, ResultMessage, WorkItem } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("lint-worker.js runs as a worker thread only");
const { options } = workerData as LintWorkerData;
const session = createSession(options);
const queue: WorkItem[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  while (queue.length > 0) {
    const batch = queue.splice(0);
    let next = 0;
    const read = (file: string) => readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
    for await (const source of readAhead(
      batch.map((item) => item.path),
      read,
    )) {
      const item = batch[next++] as WorkItem;
      // lintSource never throws: a parser bug becomes an internal error of that file.
      const message: ResultMessage = { type: "result", index: item.index, outcome: lintOutcome(source, session) };
      port?.postMessage(message);
    }
  }
  draining = false;
}

port.on("message", (message: FilesMessage) => {
  if (message.type !== "files") return;
  queue.push(...message.files);
  if (!draining) void drain();
});
port.postMessage({ type: "ready" } satisfies ReadyMessage);
