/**
 * The one module every write goes through: temp file in the same directory, fsync, rename, fsync
 * of the directory, read back, compare. A reader sees the old file or the new one, never a torn
 * one; a read-back that differs from what was written is a failure, never a reported success.
 *
 * The temp file and rename come from `write-file-atomic` (npm, maintained by the npm CLI team): it
 * names the temp `<file>.<uint32>`, copies the original's mode and owner, fsyncs, renames, and
 * removes the temp on error and on normal process exit. A process killed with SIGKILL can leave a
 * temp behind; {@link removeStaleTemps} clears those on the next write.
 *
 * A compare-and-swap (`expected`) compares and renames while holding the file's lock
 * (src/0-platform/fs/file-lock.ts), so two processes changing the same handoff cannot both land;
 * it compares again right before the rename and checks what it replaced, so a program that writes
 * without the lock does not lose its change either.
 *
 * Writes that do not come here, on purpose: appends to `$GITHUB_STEP_SUMMARY` (`stats --summary`
 * and the github reporter's summary, both through src/6-front-ends/cli/step-summary.ts). GitHub's protocol is an
 * append to a file the runner owns and reads after the step; replacing it would drop what earlier
 * steps wrote. Standard output and error are streams, not files.
 */
import { writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { link, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { FileLockedError, withFileLock } from "./file-lock.js";

/**
 * Test hook (crash-safety tests only): when this environment variable names a point of the write —
 * `before-temp`, `after-temp` (temp created, empty), `before-rename` (temp complete and synced),
 * `after-rename` (before the read-back) — the process SIGKILLs itself there. Read only here.
 */
export const KILL_AT_ENV = "HANDOFFKIT_TEST_KILL_AT";

function killForTest(): never {
  process.kill(process.pid, "SIGKILL");
  throw new Error("unreachable: SIGKILL sent");
}

/** Why a write failed. */
export type AtomicWriteFailure =
  /** The file no longer holds the bytes the caller based its change on (someone else wrote it). */
  | "changed"
  /** Another process holds the file's lock (a compare-and-swap of its own is under way). */
  | "locked"
  /** Creating, writing or renaming the temp file failed; the original is untouched. */
  | "write-failed"
  /** The rename happened but the file read back differs from what was written. */
  | "read-back-mismatch"
  /** {@link createExclusive}: the target name exists already; nothing written. */
  | "exists";

/** A write that did not (verifiably) happen. `message` is one line for the user. */
export class AtomicWriteError extends Error {
  override name = "AtomicWriteError";
  constructor(
    readonly failure: AtomicWriteFailure,
    /** Absolute path of the file. */
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Options of {@link atomicWrite}. */
export interface AtomicWriteOptions {
  /**
   * Compare-and-swap: the file's current bytes must equal these (the bytes the change was computed
   * from), `null`: the file must not exist; otherwise nothing is written and the write fails with
   * `changed`. The compare and the rename happen under the file's lock (src/0-platform/fs/file-lock.ts),
   * so of two such writes based on the same bytes exactly one lands. Omit to write unconditionally.
   */
  expected?: Uint8Array | null;
  /** Temp files of this file older than this many milliseconds are removed first (default 60,000). */
  staleTempAfterMs?: number;
  /** File mode for a new file (e.g. 0o755 for a git hook); an existing file keeps its own. */
  mode?: number;
  /** Test hook: called once the temp file exists, before anything is written to it. */
  onTempCreated?: (tempPath: string) => void | Promise<void>;
  /** Test hook (compare-and-swap only): called after the last compare, right before the rename. */
  onCompared?: () => void | Promise<void>;
  /** Test hook: called after the rename, before the read-back. */
  onRenamed?: () => void | Promise<void>;
}

/**
 * Temp files of `file`: `<name>.<decimal uint32>` (write-file-atomic's, and the staged and kept
 * files of a compare-and-swap), and `<name>.<uint32>.<uint32>` (write-file-atomic's for a staged file).
 */
function isTempOf(name: string, base: string): boolean {
  return name.length > base.length + 1 && name.startsWith(`${base}.`) && /^\d{1,10}(?:\.\d{1,10})?$/.test(name.slice(base.length + 1));
}

/**
 * Removes temp files left next to `file` by an interrupted write (older than `olderThanMs`).
 * @returns the absolute paths removed.
 */
export async function removeStaleTemps(file: string, olderThanMs = 60_000, now = Date.now()): Promise<string[]> {
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  const base = path.basename(abs);
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!isTempOf(name, base)) continue;
    const candidate = path.join(dir, name);
    try {
      const info = await stat(candidate);
      if (!info.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await unlink(candidate);
      removed.push(candidate);
    } catch {
      // gone meanwhile, or not ours to remove: leave it
    }
  }
  return removed;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * Writes `bytes` to `file` atomically and reads it back.
 * @throws AtomicWriteError `changed` when `expected` no longer matches, `locked` when another
 * process holds the file's lock (only with `expected`), `write-failed` when the lock or the temp
 * file could not be made, written or renamed (the original is intact), `read-back-mismatch` when
 * the file read back differs from `bytes`.
 */
export async function atomicWrite(file: string, bytes: Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const abs = path.resolve(file);
  if (options.expected === undefined) return writeAndReadBack(abs, bytes, options);
  const expected = options.expected;
  try {
    await withFileLock(abs, async (lock) => {
      await compareCurrent(abs, expected);
      await swapAndReadBack(abs, bytes, expected, options, () => lock.assertHeld());
    });
  } catch (error) {
    if (error instanceof FileLockedError) throw new AtomicWriteError("locked", abs, error.message, { cause: error });
    if (error instanceof AtomicWriteError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new AtomicWriteError("write-failed", abs, `cannot lock ${abs} (${code ?? (error as Error).message}); the original is unchanged`, { cause: error });
  }
}

/** `<file>.<decimal uint32>`: a name {@link removeStaleTemps} recognises. */
function tempName(abs: string): string {
  return `${abs}.${randomBytes(4).readUInt32BE(0)}`;
}

/**
 * The compare-and-swap write: the new bytes are staged in a complete, synced file next to `abs`
 * (write-file-atomic), then, right before the rename, the current bytes are compared again and a
 * hard link to them is kept. A writer that does not take the lock and changes the file in place
 * after that compare shows in the kept link: its bytes are put back and the write fails with
 * `changed`, instead of being silently replaced. (A writer that replaces the file by its own
 * rename in the microseconds between the compare and ours is not seen: no file system offers a
 * conditional rename.)
 */
async function swapAndReadBack(
  abs: string,
  bytes: Uint8Array,
  expected: Uint8Array | null,
  options: AtomicWriteOptions,
  assertLocked: () => Promise<void>,
): Promise<void> {
  await removeStaleTemps(abs, options.staleTempAfterMs ?? 60_000);
  const existing = await stat(abs).catch(() => undefined);
  const staging = tempName(abs);
  try {
    try {
      await writeAndReadBack(staging, bytes, { ...options, mode: existing ? existing.mode & 0o7777 : options.mode }, undefined, false);
    } catch (error) {
      if (!(error instanceof AtomicWriteError)) throw error;
      const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code ?? (error.cause as Error | undefined)?.message ?? error.failure;
      throw new AtomicWriteError("write-failed", abs, `cannot write ${abs} (${cause}); the original is unchanged`, { cause: error });
    }
    await assertLocked();
    await compareCurrent(abs, expected);
    const kept = existing ? tempName(abs) : undefined;
    if (kept) await link(abs, kept);
    await options.onCompared?.();
    try {
      await rename(staging, abs);
    } catch (error) {
      if (kept) await unlink(kept).catch(() => undefined);
      const code = (error as NodeJS.ErrnoException).code;
      throw new AtomicWriteError("write-failed", abs, `cannot write ${abs} (${code ?? (error as Error).message}); the original is unchanged`, { cause: error });
    }
    if (kept) {
      const replaced = await readFile(kept);
      if (expected !== null && !sameBytes(replaced, expected)) {
        await rename(kept, abs);
        throw new AtomicWriteError("changed", abs, `${abs} was changed by another program while it was being written; that change is kept, nothing written`);
      }
      await unlink(kept);
    }
  } finally {
    await unlink(staging).catch(() => undefined);
  }
  await syncDirectory(path.dirname(abs));
  if (process.env[KILL_AT_ENV] === "after-rename") killForTest();
  await options.onRenamed?.();
  await readBack(abs, bytes);
}

/** @throws AtomicWriteError `changed` when the file's bytes are not `expected` (`null`: when it exists). */
async function compareCurrent(abs: string, expected: Uint8Array | null): Promise<void> {
  let current: Uint8Array;
  try {
    current = await readFile(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (expected === null && code === "ENOENT") return;
    throw new AtomicWriteError("changed", abs, `${abs} can no longer be read (${code ?? String(error)}); nothing written`, { cause: error });
  }
  if (expected === null) throw new AtomicWriteError("changed", abs, `${abs} was created meanwhile; nothing written`);
  if (!sameBytes(current, expected)) {
    throw new AtomicWriteError("changed", abs, `${abs} changed since it was read; nothing written`);
  }
}

async function writeAndReadBack(abs: string, bytes: Uint8Array, options: AtomicWriteOptions, beforeWrite?: () => Promise<void>, final = true): Promise<void> {
  if (final) await removeStaleTemps(abs, options.staleTempAfterMs ?? 60_000);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const killAt = process.env[KILL_AT_ENV];
  if (killAt === "before-temp") killForTest();
  try {
    await writeFileAtomic(abs, data, {
      fsync: true,
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- write-file-atomic awaits tmpfileCreated (lib/index.js); its types say void
      tmpfileCreated: async (tempPath: string) => {
        if (killAt === "after-temp") killForTest();
        if (killAt === "before-rename") {
          // The state right before write-file-atomic's rename: the temp complete and synced.
          writeFileSync(tempPath, data, { flush: true });
          killForTest();
        }
        await options.onTempCreated?.(tempPath);
        // The last moment before the data is written and renamed into place.
        await beforeWrite?.();
      },
    });
  } catch (error) {
    if (error instanceof FileLockedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new AtomicWriteError("write-failed", abs, `cannot write ${abs} (${code ?? (error as Error).message}); the original is unchanged`, { cause: error });
  }
  if (!final) return;
  await syncDirectory(path.dirname(abs));
  if (killAt === "after-rename") killForTest();
  await options.onRenamed?.();
  await readBack(abs, bytes);
}

/** @throws AtomicWriteError `read-back-mismatch` when `abs` cannot be read or does not hold exactly `bytes`. */
async function readBack(abs: string, bytes: Uint8Array): Promise<void> {
  let back: Uint8Array;
  try {
    back = await readFile(abs);
  } catch (error) {
    throw new AtomicWriteError(
      "read-back-mismatch",
      abs,
      `${abs} cannot be read back after writing (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { cause: error },
    );
  }
  if (!sameBytes(back, bytes)) {
    throw new AtomicWriteError("read-back-mismatch", abs, `${abs} read back ${back.length} bytes that differ from the ${bytes.length} written`);
  }
}

/** fsync of the directory, so the rename itself survives a power loss (no-op where unsupported). */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Some file systems and platforms refuse fsync on a directory; the rename is still atomic.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

// --- Creating a new file: never overwriting -------------------------------------------------

/**
 * Creates `file` with exactly `bytes`, never replacing one: a synced temp file is hard-linked to
 * the name (`link(2)` fails when the name exists), then the directory is synced and the file read back.
 * @param options `durable: false` skips both syncs, for a scratch file that need not survive a
 * crash (the git store's checkout, src/5-operations/store/git-store.ts); it is still exclusive and read back.
 * @throws AtomicWriteError `exists` when `file` exists, `read-back-mismatch` when the bytes read
 * back differ; the underlying fs error otherwise. No temp file is left behind in any case.
 */
export async function createExclusive(file: string, bytes: Uint8Array, options: { durable?: boolean } = {}): Promise<void> {
  const durable = options.durable ?? true;
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    try {
      await handle.writeFile(bytes);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, abs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AtomicWriteError("exists", abs, `${abs} already exists`, { cause: error });
      throw error;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  if (durable) await syncDirectory(dir);
  await readBack(abs, bytes);
}
