/**
 * The git store backend: handoffs as files in a tree committed on `refs/handoffs/<name>`, shared by
 * every worktree of the repository and, through `handoff sync`, by every clone.
 *
 * The five operations run over a private checkout: {@link GitStore.open} writes the ref's tree into
 * a fresh directory inside the git directory (`<git-common-dir>/handoffkit/checkouts/`, never the
 * work tree), so `resolve`, `list`, `latest`, `read` and `format` are the directory store's, on that
 * directory ({@link GitStore.view}). {@link GitStore.publish} then commits what changed there onto
 * the ref with a compare-and-swap (`update-ref REF NEW OLD`): of two writers based on the same tip
 * exactly one lands; the other re-reads the tip and lands on top of it, unless the tip changed one
 * of the handoffs it changed too ({@link StoreConflictError}: nothing is written, nothing
 * overwritten). Nothing touches the index, the work tree or a branch.
 */
import { boundaryText } from "../../4-report/boundary.js";
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import {
  commitTree,
  commonGitDir,
  compareAndSwapRef,
  isCheckoutFile,
  readBlobs,
  refTip,
  treeFiles,
  writeBlobs,
  writeTree,
  type TreeFile,
  type TreeFiles,
} from "../git/handoff-ref.js";
import { createExclusive } from "../../0-platform/fs/atomic-write.js";
import { LOCK_SUFFIX } from "../../0-platform/fs/file-lock.js";
import { isHandoffInDirectory } from "../../1-load/handoff-files.js";
import { DirectoryStore } from "./store.js";

/** The ref prefix every git store lives under. */
export const HANDOFF_REF_PREFIX = "refs/handoffs/";

/** The store name used when none is given. */
export const DEFAULT_GIT_STORE_NAME = "default";

/** A compare-and-swap that another writer won on a handoff this one changed too: nothing was written. */
export class StoreConflictError extends Error {
  override name = "StoreConflictError";
  constructor(
    /** The handoffs (paths in the store's tree) both writers changed. */
    readonly paths: readonly string[],
    message: string,
  ) {
    super(message);
  }
}

/** A publish the gate refused ({@link PublishOptions.gate}): nothing was written. */
export class StoreRefusalError extends Error {
  override name = "StoreRefusalError";
}

/** A store name that is not one path segment of letters, digits, `.`, `_` and `-`. */
export class StoreNameError extends Error {
  override name = "StoreNameError";
}

/** What {@link GitStore.publish} did. */
export interface PublishOutcome {
  /** The new tip, or undefined when nothing had changed (no commit). */
  commit: string | undefined;
  /** Paths added or changed, and removed, in the store's tree. */
  changed: string[];
  removed: string[];
  /** The commit it landed on: the base it was opened at, or the tip another writer moved the ref to since. */
  parent: string | undefined;
  /** Compare-and-swap rounds it took (1: its first compare-and-swap won). */
  attempts: number;
}

/** Options of {@link GitStore.publish}. */
export interface PublishOptions {
  /** Commit message (default: `handoff: <what changed>`). */
  message?: string;
  /** Called with each added or changed file before anything is written; a string refuses the publish with that reason. */
  gate?: (file: string, bytes: Uint8Array) => Promise<string | undefined> | string | undefined;
  /** Largest number of compare-and-swap rounds (default 50). */
  maxAttempts?: number;
}

/** The ref of store `name`. @throws StoreNameError for a name that is not a plain segment. */
export function handoffRef(name: string): string {
  if (!/^\w[\w.-]{0,99}$/.test(name) || name.endsWith(".lock") || name.includes("..")) {
    throw new StoreNameError(`'${name}' is not a git store name (letters, digits, '.', '_', '-'; at most 100)`);
  }
  return `${HANDOFF_REF_PREFIX}${name}`;
}

/** A checkout older than this was left by a process that was killed (a command takes seconds), in ms. */
export const STALE_CHECKOUT_MS = 24 * 3600 * 1000;

/** Removes checkouts under `dir` not changed for {@link STALE_CHECKOUT_MS}: what a killed process left. */
async function removeStaleCheckouts(dir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const info = await lstat(path.join(dir, name)).catch(() => undefined);
    if (info?.isDirectory() && now - info.mtimeMs > STALE_CHECKOUT_MS) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Most changes a commit subject names; the rest are counted. */
const SUBJECT_CHANGES = 5;

/**
 * `handoff: add a.md, update b.md` (at most {@link SUBJECT_CHANGES} named, then `and N more`),
 * behind the output boundary: a file name holding a secret is masked, and a control character
 * escaped (the subject is shared with every clone).
 */
function commitSubject(changes: readonly string[]): string {
  const named = changes.slice(0, SUBJECT_CHANGES).join(", ");
  return boundaryText(`handoff: ${named}${changes.length > SUBJECT_CHANGES ? ` and ${changes.length - SUBJECT_CHANGES} more` : ""}`, "text").replace(
    /\\n/g,
    " ",
  );
}

const sameEntry = (a: TreeFile | undefined, b: TreeFile | undefined) => a?.oid === b?.oid && a?.mode === b?.mode;

/** A git store opened at one tip, with its checkout. */
export class GitStore {
  private constructor(
    /** The git directory every worktree shares. */
    readonly gitDir: string,
    readonly ref: string,
    /** The commit the checkout was written from; undefined when the ref did not exist. */
    readonly base: string | undefined,
    private readonly baseFiles: TreeFiles,
    private readonly baseBytes: Map<string, Buffer>,
    /** The directory store over the checkout. */
    readonly view: DirectoryStore,
  ) {}

  /**
   * Opens store `name` of the repository containing `cwd` and writes its checkout.
   * @param profile the layout: `hatch3r` keeps `active/` and `archived/`, as does a tree that already has `active/`.
   * @throws GitError outside a repository; StoreNameError for a bad name.
   */
  static async open(cwd: string, name: string, env: NodeJS.ProcessEnv, profile?: string): Promise<GitStore> {
    const ref = handoffRef(name);
    const gitDir = await commonGitDir(cwd);
    const base = await refTip(gitDir, ref);
    const files = await treeFiles(gitDir, base);
    // Only regular files inside the store are written out; every other entry stays in the tree as it is.
    const checkout = [...files].filter(([file, entry]) => isCheckoutFile(file, entry));
    const blobs = await readBlobs(
      gitDir,
      checkout.map(([, f]) => f.oid),
    );
    const checkouts = path.join(gitDir, "handoffkit", "checkouts");
    await removeStaleCheckouts(checkouts);
    const root = path.join(checkouts, `${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(root, { recursive: true });
    const bytes = new Map<string, Buffer>();
    try {
      for (const [file, entry] of checkout) {
        const content = blobs.get(entry.oid) as Buffer;
        const target = path.join(root, ...file.split("/"));
        await mkdir(path.dirname(target), { recursive: true });
        // A scratch copy: read back, but not synced (the ref is what lasts).
        await createExclusive(target, content, { durable: false });
        if (entry.mode === "100755") await chmod(target, 0o755);
        bytes.set(file, content);
      }
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw error;
    }
    const hatch3r = profile === "hatch3r" || [...files.keys()].some((f) => f.startsWith("active/") || f.startsWith("archived/"));
    const view = new DirectoryStore(
      { root, layout: hatch3r ? "hatch3r" : "flat", profile: hatch3r ? "hatch3r" : (profile ?? "generic"), reason: `git ref ${ref}`, exists: true },
      // A checkout in the git directory outlives the session by being published: never storage_unresolved.
      { ...env, HANDOFF_EPHEMERAL: "0" },
    );
    return new GitStore(gitDir, ref, base, files, bytes, view);
  }

  /** The checkout's directory. */
  get root(): string {
    return this.view.location.root;
  }

  /**
   * `text` with the checkout's directory, absolute or relative to `cwd`, written as the ref:
   * `<root>/active/x.md` → `refs/handoffs/default:active/x.md`, `<root>` → `refs/handoffs/default`.
   * What the commands print then names what outlives the run, not the checkout.
   */
  relabel(text: string, cwd: string): string {
    // Plain substring replacement, the absolute form first; an empty relative form (`cwd` is the
    // checkout) names nothing.
    let relabelled = text;
    for (const dir of [this.root, path.relative(cwd, this.root)]) {
      if (dir !== "") relabelled = relabelled.split(`${dir}${path.sep}`).join(`${this.ref}:`).split(dir).join(this.ref);
    }
    return relabelled;
  }

  /** Files of the checkout that differ from the base: new bytes by path, `null` for a removed one. */
  async changes(): Promise<Map<string, Buffer | null>> {
    const now = new Map<string, Buffer>();
    const walk = async (dir: string, prefix: string): Promise<void> => {
      for (const name of (await readdir(dir)).sort()) {
        const file = path.join(dir, name);
        const relative = prefix ? `${prefix}/${name}` : name;
        const info = await lstat(file);
        if (info.isDirectory()) {
          // A compare-and-swap's lock directory (src/0-platform/fs/file-lock.ts) holds no handoff.
          if (!name.endsWith(LOCK_SUFFIX)) await walk(file, relative);
        } else if (info.isFile() && (this.baseBytes.has(relative) || (isHandoffInDirectory(relative) && !name.startsWith(".")))) {
          now.set(relative, await readFile(file));
        }
      }
    };
    await walk(this.root, "");
    const changes = new Map<string, Buffer | null>();
    for (const [file, bytes] of now) {
      const before = this.baseBytes.get(file);
      if (!before || Buffer.compare(before, bytes) !== 0) changes.set(file, bytes);
    }
    for (const file of this.baseBytes.keys()) if (!now.has(file)) changes.set(file, null);
    return changes;
  }

  /**
   * Commits the checkout's changes onto the ref (compare-and-swap, retried on a moved tip).
   * @throws StoreConflictError when the tip moved and changed a handoff this checkout changed too;
   * StoreRefusalError with the gate's reason when the gate refuses a file; GitError when git fails. In each
   * case the ref is unchanged.
   */
  async publish(options: PublishOptions = {}): Promise<PublishOutcome> {
    const changes = await this.changes();
    const changed = [...changes].filter(([, b]) => b !== null).map(([f]) => f);
    const removed = [...changes].filter(([, b]) => b === null).map(([f]) => f);
    if (changes.size === 0) return { commit: undefined, changed, removed, parent: this.base, attempts: 0 };
    for (const file of changed) {
      const kept = this.baseFiles.get(file);
      if (kept && !this.baseBytes.has(file))
        throw new StoreRefusalError(`${this.ref}:${file} is a tree entry that is not a handoff file (mode ${kept.mode}); it is not replaced`);
      const refusal = await options.gate?.(file, changes.get(file) as Buffer);
      if (refusal !== undefined) throw new StoreRefusalError(`${this.ref}:${file} was not written: ${refusal}`);
    }
    const written = new Map<string, TreeFile>();
    const oids = await writeBlobs(
      this.gitDir,
      changed.map((file) => ({ path: path.join(this.root, ...file.split("/")), bytes: changes.get(file) as Buffer })),
    );
    changed.forEach((file, i) => written.set(file, { mode: this.baseFiles.get(file)?.mode ?? "100644", type: "blob", oid: oids[i] as string }));
    const message =
      options.message ?? commitSubject([...changed.map((f) => (this.baseFiles.has(f) ? `update ${f}` : `add ${f}`)), ...removed.map((f) => `remove ${f}`)]);
    const maxAttempts = options.maxAttempts ?? 50;
    let parent = this.base;
    let parentFiles = this.baseFiles;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const tip = await refTip(this.gitDir, this.ref);
      if (tip !== parent) {
        const tipFiles = await treeFiles(this.gitDir, tip);
        const both = [...changes.keys()].filter((file) => !sameEntry(tipFiles.get(file), this.baseFiles.get(file)));
        if (both.length > 0) {
          throw new StoreConflictError(
            both,
            `another session changed ${both.map((f) => `${this.ref}:${f}`).join(", ")} first; nothing was written (run the command again on the new version)`,
          );
        }
        parent = tip;
        parentFiles = tipFiles;
      }
      const files: TreeFiles = new Map(parentFiles);
      for (const file of removed) files.delete(file);
      for (const [file, entry] of written) files.set(file, entry);
      const commit = await commitTree(this.gitDir, await writeTree(this.gitDir, files), parent ? [parent] : [], message);
      if (await compareAndSwapRef(this.gitDir, this.ref, commit, parent, message)) return { commit, changed, removed, parent, attempts: attempt };
      // Lost the round: wait a little (so two losers do not collide again at once), then retry on the new tip.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(Math.random() * 20 * attempt)));
    }
    throw new StoreConflictError([], `${this.ref} kept moving: ${maxAttempts} compare-and-swap rounds were lost; nothing was written`);
  }

  /** Removes the checkout. */
  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
