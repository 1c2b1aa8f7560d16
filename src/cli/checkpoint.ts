/**
 * `handoff checkpoint FILE [--repo DIR]`: writes or refreshes the sno progress record's machine
 * block from the live checkout; `handoff checkpoint --verify FILE`: compares the record with the
 * checkout it names. Text outside the markers is never touched; writes are atomic and read back.
 * A sealed record (an `integrity` digest in its frontmatter) is re-sealed after the refresh when its
 * seal held before it, and left unwritten (exit 1, naming `seal`) when it did not.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { formatUtc } from "../document/timestamp.js";
import { checkpointDrift, recordFromSnapshot } from "../git/checkpoint-drift.js";
import { GitError, runGit } from "../git/run.js";
import { takeSnapshot, type CheckoutSnapshot } from "../git/snapshot.js";
import type { HandoffDocument } from "../document/model.js";
import { parseDocument } from "../document/parse.js";
import { planSeal, SealError } from "../integrity/seal.js";
import { verifyIntegrity } from "../integrity/verify.js";
import { firstInvalidUtf8, sourceFromBytes } from "../load/read.js";
import { SNO_RECORD_END, SNO_RECORD_START } from "../profiles/builtin.js";
import { formatRecordContent, locateRecordBlock, newRecordText, parseRecordContent, RecordError, type SnoRecord } from "../records/sno-record.js";
import { atomicWrite } from "../fs/atomic-write.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { nowOption } from "./options.js";
import { UserError } from "./errors.js";

/** Options parsed from the command line. */
export interface CheckpointCommandOptions {
  repo?: string;
  verify?: boolean;
  by?: string;
  /** `--now`, parsed. */
  now?: Date;
}

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

async function writeCheckpoint(file: string, options: CheckpointCommandOptions, io: CommandIO): Promise<number> {
  const existing = await readRecordFile(file);
  const sealed = existing ? sealOf(file, existing.bytes) : undefined;
  if (sealed) {
    const seal = verifyIntegrity(sealed);
    if (seal.status !== "ok") {
      const shown = path.relative(io.cwd, file) || file;
      throw new BrokenSeal(`${shown}: not written: the record is sealed and its seal does not hold (${seal.message}); check what changed, then run 'handoff seal ${shown}' and checkpoint again`);
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
  const repo = path.resolve(io.cwd, options.repo ?? ".");
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
  const count = record.uncommitted.length;
  io.stdout.write(
    `checkpoint ${record.checkpoint} of ${record.updated}: ${record.branch ?? "(detached)"} at ${record.head?.short ?? "(none)"}, ${count} uncommitted path${count === 1 ? "" : "s"}${digest ? `; re-sealed ${digest}` : ""}\n`,
  );
  return EXIT.ok;
}

async function verifyCheckpoint(file: string, io: CommandIO): Promise<number> {
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
  const lines = [`checkpoint ${record.checkpoint} of ${record.updated}, by ${record.by}`, ...(drift.length === 0 ? ["MATCH"] : drift.map((d) => `DRIFT ${d}`))];
  io.stdout.write(`${lines.join("\n")}\n`);
  return drift.length === 0 ? EXIT.ok : EXIT.findings;
}

/**
 * Runs `checkpoint`. @returns 0 written (re-sealed when it was sealed) or MATCH; 1 DRIFT, or not
 * written because the record's seal did not hold.
 * @throws UserError (an unusable record, not a work tree), GitError or AtomicWriteError
 * (the file is then unchanged): exit 2 through the program's mapping.
 */
export async function runCheckpoint(file: string, options: CheckpointCommandOptions, io: CommandIO): Promise<number> {
  const absolute = path.resolve(io.cwd, file);
  try {
    return options.verify ? await verifyCheckpoint(absolute, io) : await writeCheckpoint(absolute, options, io);
  } catch (error) {
    if (!(error instanceof BrokenSeal)) throw error;
    io.stderr.write(`handoff: ${error.message}\n`);
    return EXIT.findings;
  }
}

/** Adds the `checkpoint` command to `program`. */
export function registerCheckpoint(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "checkpoint", "write or refresh a sno progress record's machine block, or --verify it against its checkout")
    .argument("<file>", "the progress record (created with the five sections when absent)")
    .option("--repo <dir>", "the checkout to record (default: the working directory)")
    .option("--verify", "compare the record with the checkout it names: MATCH (exit 0) or DRIFT lines (exit 1)")
    .option("--by <name>", "who writes the checkpoint (default: git user.name)")
    .addOption(nowOption("the time to record as 'updated', default now"))
    .action(async (file: string, options: CheckpointCommandOptions) => setExit(await runCheckpoint(file, options, io)));
}
