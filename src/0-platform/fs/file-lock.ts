/**
 * The lock every compare-and-swap write holds while it compares and renames: a directory
 * `<file>.handoffkit-lock` made by `proper-lockfile` (npm; `mkdir` is atomic on local and network
 * file systems). The holder refreshes the directory's mtime every {@link LOCK_STALE_MS}/2; a lock
 * not refreshed for {@link LOCK_STALE_MS} is stale (its holder crashed or was killed) and may be
 * taken over. Staleness is judged by that mtime alone, never by a process id, so a reused PID
 * cannot keep a dead lock alive or make a live one look dead.
 *
 * `proper-lockfile` 4.1.2 removes a stale lock by name (`rmdir`), so two processes that both judged
 * the same lock stale can both end up "holding" it: the later `rmdir` removes the lock the earlier
 * one has just re-created (moxystudio/node-proper-lockfile#121). The file-system adapter handed to
 * it through its `fs` option closes that: a stale lock is claimed by renaming it to a name unique
 * to this process — only one process can rename a given directory — and the claimed directory's
 * own mtime decides. When it is fresh, the claimer had moved a lock someone just took; it puts it
 * back and reports the lock as held. Each holder also checks, just before it writes, that the lock
 * directory is still the one it made ({@link HeldFileLock.assertHeld}).
 */
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";

/** Milliseconds after its last refresh at which a lock counts as stale (proper-lockfile's default). */
export const LOCK_STALE_MS = 10_000;

/** Suffix of the lock directory made beside the locked file. */
export const LOCK_SUFFIX = ".handoffkit-lock";

/**
 * Test hook (lock race tests only): milliseconds to wait after judging a lock stale and before
 * claiming it, the moment another process can take the lock in between. Read only here.
 */
export const TAKEOVER_DELAY_ENV = "HANDOFFKIT_TEST_TAKEOVER_DELAY_MS";

/** Another process holds the lock (or took it over from under this one). */
export class FileLockedError extends Error {
  override name = "FileLockedError";
  constructor(
    /** Absolute path of the lock directory. */
    readonly lockPath: string,
    message: string,
  ) {
    super(message);
  }
}

/** A lock this process holds. */
export interface HeldFileLock {
  /** Absolute path of the lock directory. */
  readonly lockPath: string;
  /** @throws FileLockedError when the lock directory is gone, replaced, or was found compromised. */
  assertHeld(): Promise<void>;
}

/** Identity (device, inode) of each lock directory this process made and still holds. */
const held = new Map<string, { dev: number; ino: number }>();

type Callback = (error: NodeJS.ErrnoException | null) => void;

function lockedError(lockPath: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`Lock file is already being held: ${lockPath}`), { code: "ELOCKED" });
}

/** `mkdir` that records the identity of a lock directory it made. */
function mkdirRecording(dir: string, callback: Callback): void {
  fs.mkdir(dir, (error) => {
    if (error) return callback(error);
    fs.stat(dir, (statError, info) => {
      if (statError) return fs.rmdir(dir, () => callback(statError));
      held.set(dir, { dev: info.dev, ino: info.ino });
      callback(null);
    });
  });
}

/**
 * `rmdir` as proper-lockfile calls it: a lock this process holds is released; any other lock
 * directory has just been judged stale and is claimed by an atomic rename instead of removed by
 * name (see the module comment).
 */
function rmdirOrClaim(dir: string, callback: Callback): void {
  if (held.delete(dir)) return fs.rmdir(dir, callback);
  const delay = Number(process.env[TAKEOVER_DELAY_ENV] ?? 0);
  const claim = () => {
    const claimed = `${dir}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
    fs.rename(dir, claimed, (renameError) => {
      if (renameError) return callback(renameError); // ENOENT: someone else claimed it; proper-lockfile retries mkdir
      fs.stat(claimed, (statError, info) => {
        const stale = !statError && info.mtimeMs < Date.now() - LOCK_STALE_MS;
        if (stale) return fs.rm(claimed, { recursive: true, force: true }, () => callback(null));
        // A live lock taken between the staleness check and the rename: give it back.
        fs.rename(claimed, dir, () => fs.rm(claimed, { recursive: true, force: true }, () => callback(lockedError(dir))));
      });
    });
  };
  if (delay > 0) setTimeout(claim, delay);
  else claim();
}

/** The `fs` handed to proper-lockfile: node:fs with the two calls above (one object, so its mtime-precision cache sticks). */
const lockFs = { ...fs, mkdir: mkdirRecording, rmdir: rmdirOrClaim };

/** The canonical path of `file` (symbolic links resolved, also for a file that does not exist yet). */
async function canonical(file: string): Promise<string> {
  const abs = path.resolve(file);
  try {
    return await realpath(abs);
  } catch {
    const dir = await realpath(path.dirname(abs)).catch(() => path.dirname(abs));
    return path.join(dir, path.basename(abs));
  }
}

/**
 * Runs `action` while holding `file`'s lock (`<file>.handoffkit-lock`, beside it), then releases
 * it. Never waits: a lock held by a live process fails at once.
 * @param file the file the lock guards (it need not exist).
 * @throws FileLockedError when another process holds the lock; the fs error (with its `code`) when
 * the lock directory cannot be made (e.g. EACCES, ENOENT for a missing directory); whatever
 * `action` throws.
 */
export async function withFileLock<T>(file: string, action: (lock: HeldFileLock) => Promise<T>): Promise<T> {
  const target = await canonical(file);
  const lockPath = `${target}${LOCK_SUFFIX}`;
  // Loaded on first use: proper-lockfile hooks process exit (to remove held locks) when it loads.
  // The CommonJS module itself (its `default`), as both Node and the esbuild bundle provide it.
  const { lock } = (await import("proper-lockfile")).default;
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lock(target, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      retries: 0,
      fs: lockFs,
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    throw new FileLockedError(
      lockPath,
      `another process is writing ${target} (lock ${lockPath}; a lock left by a crash counts as stale after ${LOCK_STALE_MS / 1000} s); nothing written, try again`,
    );
  }
  const mine = held.get(lockPath);
  const handle: HeldFileLock = {
    lockPath,
    async assertHeld() {
      const info = await stat(lockPath).catch(() => undefined);
      if (compromised || !mine || !info || info.dev !== mine.dev || info.ino !== mine.ino) {
        throw new FileLockedError(lockPath, `the lock on ${target} was taken over by another process (${lockPath}); nothing written, try again`);
      }
    },
  };
  try {
    return await action(handle);
  } finally {
    await release().catch(() => undefined);
    held.delete(lockPath);
  }
}
