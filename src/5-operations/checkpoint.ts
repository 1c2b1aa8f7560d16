/**
 * `checkpoint`: writes or refreshes the sno progress record's machine block from the live
 * checkout, or (`verify`) compares the record with the checkout it names. Text outside the
 * markers is never touched; writes are atomic and read back. A sealed record (an `integrity`
 * digest in its frontmatter) is sealed again after the refresh when its seal held before it, and
 * left unwritten when it did not.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { HandoffDocument } from "../2-parse/document/model.js";
import { parseDocument } from "../2-parse/document/parse.js";
import { formatUtc } from "../2-parse/document/timestamp.js";
import { atomicWrite } from "../0-platform/fs/atomic-write.js";
import { checkpointDrift, recordFromSnapshot } from "./git/checkpoint-drift.js";
import { GitError, runGit } from "../0-platform/git/run.js";
import { takeSnapshot, type CheckoutSnapshot } from "./git/snapshot.js";
import { planSeal, SealError } from "../3-check/integrity/seal.js";
import { verifyIntegrity } from "../3-check/integrity/verify.js";
import { firstInvalidUtf8, sourceFromBytes } from "../1-load/read.js";
import { SNO_RECORD_END, SNO_RECORD_START } from "../2-parse/profiles/builtin.js";
import { formatRecordContent, locateRecordBlock, newRecordText, parseRecordContent, RecordError, type SnoRecord } from "../2-parse/document/sno-record.js";
import type { OperationContext } from "./context.js";
import { UserError } from "./errors.js";

/** Options of {@link checkpointRecord}. */
export interface CheckpointOptions {
  /** The checkout to record (default: the working directory). */
  repo?: string;
  /** Compare the record with the checkout it names instead of writing it. */
  verify?: boolean;
  /** Who writes the checkpoint (default: git's user.name in the checkout, else the OS user). */
  by?: string;
  /** The time to record as `updated` (default: now). */
  now?: Date;
}

/** What `checkpoint` did. */
export type CheckpointResult =
  | {
      mode: "write";
      written: true;
      /** The record's new checkpoint number, time, branch (null: detached), short head (null: none) and uncommitted path count. */
      checkpoint: number;
      updated: string;
      branch: string | null;
      head: string | null;
      uncommitted: number;
      /** The record was sealed and its seal held: it is sealed again, with this digest. */
      resealedDigest?: string;
    }
  | {
      mode: "write";
      written: false;
      /** Why not: the record is sealed and its seal does not hold (refreshing it would hide that). */
      reason: string;
    }
  | {
      mode: "verify";
      checkpoint: number;
      updated: string;
      by: string;
      /** What differs between the record and the checkout; empty: MATCH. */
      drift: string[];
    };

/** A record file read as text. */
interface RecordFile {
  bytes: Uint8Array;
  bom: boolean;
  text: string;
}

/** The record or its checkout cannot be used: one line for the user, exit 2. */
class Unusable extends UserError {}

/** The record is sealed and its seal does not hold: refreshing it would hide that. Exit 1. */
class BrokenSeal extends Error {}

/** Whether `bytes` carry a seal: `undefined` when not sealed, else its status (see verifyIntegrity). */
function sealOf(file: string, bytes: Uint8Array): HandoffDocument | undefined {
  const document = parseDocument(sourceFromBytes(file, bytes, path.dirname(file)));
  return document.frontmatter?.data?.integrity === undefined ? undefined : document;
}

/**
 * `bytes` sealed again when `previous` (the file before this checkpoint) was sealed; unchanged when
 * it was not. The seal held before (checked by the caller), so re-sealing vouches for nothing but
 * the machine block this command just wrote.
 * @returns the bytes to write and the new digest (undefined when not sealed).
 */
function reseal(file: string, previous: HandoffDocument | undefined, bytes: Uint8Array): { bytes: Uint8Array; digest: string | undefined } {
  if (!previous) return { bytes, digest: undefined };
  try {
    const plan = planSeal(parseDocument(sourceFromBytes(file, bytes, path.dirname(file))));
    return { bytes: plan.bytes, digest: plan.digest };
  } catch (error) {
    if (error instanceof SealError) throw new Unusable(`${file}: the record is sealed and cannot be sealed again: ${error.message}`);
    throw error;
  }
}

async function readRecordFile(file: string): Promise<RecordFile | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new Unusable(`cannot read ${file} (${code ?? String(error)})`);
  }
  if (firstInvalidUtf8(bytes) !== -1 || bytes.includes(0)) throw new Unusable(`${file} is not UTF-8 text`);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bytes, bom, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes) };
}

/** Who writes the checkpoint: `--by`, else git's user.name in the checkout, else the OS user. */
async function defaultBy(root: string): Promise<string> {
  try {
    const out = await runGit(["config", "--get", "user.name"], root, [0, 1]);
    const name = out.stdout.toString("utf8").trim();
    if (name) return name;
  } catch {
    // fall through
  }
  return os.userInfo().username;
}

async function writeCheckpoint(file: string, options: CheckpointOptions, context: OperationContext): Promise<CheckpointResult> {
  const existing = await readRecordFile(file);
  const sealed = existing ? sealOf(file, existing.bytes) : undefined;
  if (sealed) {
    const seal = verifyIntegrity(sealed);
    if (seal.status !== "ok") {
      const shown = path.relative(context.cwd, file) || file;
      throw new BrokenSeal(
        `${shown}: not written: the record is sealed and its seal does not hold (${seal.message}); check what changed, then run 'handoff seal ${shown}' and checkpoint again`,
      );
    }
  }
  let previous: SnoRecord | undefined;
  const location = existing ? locateRecordBlock(existing.text) : undefined;
  if (existing && location) {
    try {
      previous = parseRecordContent(existing.text.slice(location.contentStart, location.contentEnd));
    } catch (error) {
      if (error instanceof RecordError) throw new Unusable(`${file}: the existing record is unusable: ${error.message}`);
      throw error;
    }
  }
  const repo = path.resolve(context.cwd, options.repo ?? ".");
  let snapshot: CheckoutSnapshot;
  try {
    snapshot = await takeSnapshot(repo, file);
  } catch (error) {
    if (error instanceof GitError) throw new Unusable(`${repo} is not a git work tree (${error.detail})`);
    throw error;
  }
  const now = options.now ?? new Date();
  const by = options.by ?? (await defaultBy(snapshot.checkout));
  const record = recordFromSnapshot(snapshot, (previous?.checkpoint ?? 0) + 1, formatUtc(now), by);
  let text: string;
  if (existing && location) {
    const eol = /\r\n/.test(existing.text.slice(location.start, location.contentStart + 2)) ? "\r\n" : "\n";
    text = existing.text.slice(0, location.contentStart) + formatRecordContent(record, eol) + existing.text.slice(location.contentEnd);
  } else if (existing) {
    // A file without a block: the block goes first, every existing byte follows unchanged.
    const eol = existing.text.includes("\r\n") ? "\r\n" : "\n";
    text = `${SNO_RECORD_START}${eol}${formatRecordContent(record, eol)}${SNO_RECORD_END}${eol}${eol}${existing.text}`;
  } else {
    text = newRecordText(record, "\n");
  }
  const body = new TextEncoder().encode(text);
  const { bytes, digest } = reseal(file, sealed, existing?.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body);
  await atomicWrite(file, bytes, { expected: existing?.bytes ?? null });
  return {
    mode: "write",
    written: true,
    checkpoint: record.checkpoint,
    updated: record.updated,
    branch: record.branch ?? null,
    head: record.head?.short ?? null,
    uncommitted: record.uncommitted.length,
    ...(digest ? { resealedDigest: digest } : {}),
  };
}

async function verifyCheckpoint(file: string): Promise<CheckpointResult> {
  const existing = await readRecordFile(file);
  if (!existing) throw new Unusable(`${file}: no such file`);
  const location = locateRecordBlock(existing.text);
  if (!location) throw new Unusable(`${file}: no machine record (${SNO_RECORD_START} … ${SNO_RECORD_END})`);
  let record: SnoRecord;
  try {
    record = parseRecordContent(existing.text.slice(location.contentStart, location.contentEnd));
  } catch (error) {
    if (error instanceof RecordError) throw new Unusable(`${file}: unusable record: ${error.message}`);
    throw error;
  }
  let snapshot: CheckoutSnapshot;
  try {
    snapshot = await takeSnapshot(record.checkout, file);
  } catch (error) {
    if (error instanceof GitError) throw new Unusable(`${file}: the recorded checkout ${record.checkout} is not a git work tree`);
    throw error;
  }
  const drift = await checkpointDrift(record, snapshot);
  return { mode: "verify", checkpoint: record.checkpoint, updated: record.updated, by: record.by, drift };
}

/**
 * Writes (or with `verify`, compares) the sno progress record `file` (relative to the working directory).
 * @throws UserError for an unusable record or a checkout that is not a git work tree; GitError or
 * AtomicWriteError when the write fails (the file is then unchanged).
 */
export async function checkpointRecord(file: string, options: CheckpointOptions, context: OperationContext): Promise<CheckpointResult> {
  const absolute = path.resolve(context.cwd, file);
  try {
    return options.verify ? await verifyCheckpoint(absolute) : await writeCheckpoint(absolute, options, context);
  } catch (error) {
    if (!(error instanceof BrokenSeal)) throw error;
    return { mode: "write", written: false, reason: error.message };
  }
}

/** What `checkpoint` prints on standard output (empty when not written: the reason goes to standard error). */
export function checkpointLines(result: CheckpointResult): string[] {
  if (result.mode === "verify")
    return [
      `checkpoint ${result.checkpoint} of ${result.updated}, by ${result.by}`,
      ...(result.drift.length === 0 ? ["MATCH"] : result.drift.map((d) => `DRIFT ${d}`)),
    ];
  if (!result.written) return [];
  const count = result.uncommitted;
  return [
    `checkpoint ${result.checkpoint} of ${result.updated}: ${result.branch ?? "(detached)"} at ${result.head ?? "(none)"}, ${count} uncommitted path${count === 1 ? "" : "s"}${result.resealedDigest ? `; re-sealed ${result.resealedDigest}` : ""}`,
  ];
}
