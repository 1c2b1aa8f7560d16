/**
 * Messages between the lint pool (main thread) and its worker threads. Every value is plain data
 * (structured-clone safe): paths in, {@link MaskedFileResult}s out.
 */
import type { LintFacts } from "../cache/lint-cache.js";
import type { MaskedFileResult } from "../engine/diagnostic.js";
import type { WorkerLintOptions } from "./options.js";

export type { WorkerLintOptions };

/** `workerData` of a lint worker. */
export interface LintWorkerData {
  options: WorkerLintOptions;
}

/** One file to lint: its place in the run (path order) and its path as discovered. */
export interface WorkItem {
  index: number;
  path: string;
}

/** Main → worker: lint these files, in this order. */
export interface FilesMessage {
  type: "files";
  files: WorkItem[];
}

/** One file's result and what `--cache` needs to keep it. */
export interface LintOutcome {
  result: MaskedFileResult;
  facts: LintFacts;
}

/** Worker → main: its session is built and it takes files (none are sent before: a starting worker must not hold files the main thread could lint meanwhile). */
export interface ReadyMessage {
  type: "ready";
}

/** Worker → main: the outcome of one file. */
export interface ResultMessage {
  type: "result";
  index: number;
  outcome: LintOutcome;
}
