/**
 * `handoff sync`: the git stores of this repository and a remote made one, through the remote.
 *
 * 1. fetch the remote's `refs/handoffs/*` into `refs/handoffs-remote/<remote>/*` (a remote-tracking
 *    namespace of its own, so no branch of the remote can collide with it);
 * 2. per store: equal, or one side an ancestor of the other (a fast-forward), or else a merge by
 *    handoff (a file of the tree): a handoff changed on one side only takes that side's version; one
 *    changed on both sides is a conflict, reported and left for a person: ours stays at its path,
 *    theirs is added beside it as `<name>.conflict-<blob>.<ext>`, and the merge commit has both
 *    tips as parents, so neither version is overwritten and both stay reachable;
 * 3. push without force. A push the remote rejects (another clone pushed first) fetches, merges and
 *    pushes again, at most {@link SyncOptions.maxAttempts} times.
 * Every local ref move is a compare-and-swap (src/5-operations/git/handoff-ref.ts); nothing touches the index,
 * the work tree or a branch.
 */
import { maskOutput } from "../../4-report/boundary.js";
import { createHash } from "node:crypto";
import path from "node:path";
import { commitTree, commonGitDir, compareAndSwapRef, refsUnder, refTip, treeFiles, writeTree, type TreeFile, type TreeFiles } from "../git/handoff-ref.js";
import { runGit } from "../../0-platform/git/run.js";
import { HANDOFF_REF_PREFIX } from "./git-store.js";

/** The sync could not finish: a bad remote name, or the remote kept moving. */
export class SyncError extends Error {
  override name = "SyncError";
}

/** A handoff both sides changed since they last agreed. */
export interface SyncConflict {
  ref: string;
  /** The handoff's path in the tree. */
  path: string;
  /** Blob ids of this clone's and the remote's version; null where that side removed it. */
  ours: string | null;
  theirs: string | null;
  /** Where the merged tree keeps the remote's version when both sides have one; null otherwise. */
  theirsKeptAs: string | null;
  /** The remote's tip that holds `theirs` (a parent of the merge). */
  theirsCommit: string;
}

/** What the sync did to one store. */
export interface SyncOutcome {
  ref: string;
  /** `up-to-date`; `fetched` (the local ref moved to the remote's); `pushed` (the remote moved to ours); `merged` (both, through a merge commit). */
  action: "up-to-date" | "fetched" | "pushed" | "merged";
  /** The tip both sides have afterwards. */
  commit: string;
  conflicts: SyncConflict[];
}

/** Options of {@link syncStores}. */
export interface SyncOptions {
  /** Fetch-merge-push rounds before giving up on a remote that keeps moving (default 5). */
  maxAttempts?: number;
  /** Test hook: called before each push with the round's number (a test pushes from another clone there). */
  onBeforePush?: (attempt: number) => void | Promise<void>;
}

const sameEntry = (a: TreeFile | undefined, b: TreeFile | undefined) => a?.oid === b?.oid && a?.mode === b?.mode;

/** `refs/handoffs-remote/<name>/`: a configured remote by its name, a URL by a digest of it. */
async function trackingPrefix(gitDir: string, remote: string): Promise<string> {
  const remotes = (await runGit(["remote"], gitDir)).stdout.toString("utf8").split("\n");
  const name =
    remotes.includes(remote) && /^[A-Z0-9][\w.-]*$/i.test(remote) && !remote.endsWith(".lock")
      ? remote
      : `url-${createHash("sha256").update(remote).digest("hex").slice(0, 16)}`;
  return `refs/handoffs-remote/${name}/`;
}

/** Runs a git command that talks to `remote`: no `ext::` transport, the remote after `--end-of-options`. */
function remoteGit(gitDir: string, command: "fetch" | "push", flags: string[], remote: string, refspecs: string[]) {
  // Every exit code is an answer here: the caller words the failure (a GitError would name `-c`).
  return runGit(["-c", "protocol.ext.allow=never", command, ...flags, "--end-of-options", remote, ...refspecs], gitDir, [0, 1, 128]);
}

/** git's first `fatal:`/`error:` line of `stderr`, else its first line. */
function gitComplaint(stderr: string): string {
  const lines = stderr.trim().split("\n");
  return (lines.find((line) => /^(?:fatal|error):/.test(line)) ?? lines[0] ?? "").trim();
}

async function isAncestor(gitDir: string, ancestor: string, of: string): Promise<boolean> {
  return (await runGit(["merge-base", "--is-ancestor", ancestor, of], gitDir, [0, 1])).exitCode === 0;
}

/** `dir/name.conflict-<blob>.md` beside `file`. */
function conflictPath(file: string, theirs: string): string {
  const ext = path.posix.extname(file);
  return `${file.slice(0, file.length - ext.length)}.conflict-${theirs.slice(0, 12)}${ext}`;
}

/** The merge of `ours` and `theirs` by handoff (see the module comment). @returns the merge commit and the conflicts. */
async function mergeStores(gitDir: string, ref: string, ours: string, theirs: string, remote: string): Promise<{ commit: string; conflicts: SyncConflict[] }> {
  const baseOut = await runGit(["merge-base", ours, theirs], gitDir, [0, 1]);
  const base = baseOut.exitCode === 0 ? baseOut.stdout.toString("utf8").trim() : undefined;
  const [b, o, t] = await Promise.all([treeFiles(gitDir, base), treeFiles(gitDir, ours), treeFiles(gitDir, theirs)]);
  const merged: TreeFiles = new Map(o);
  const conflicts: SyncConflict[] = [];
  for (const file of [...new Set([...o.keys(), ...t.keys()])].sort()) {
    const [was, mine, their] = [b.get(file), o.get(file), t.get(file)];
    if (sameEntry(mine, their) || sameEntry(their, was)) continue;
    if (sameEntry(mine, was)) {
      if (their) merged.set(file, their);
      else merged.delete(file);
      continue;
    }
    let keptAs: string | null = null;
    if (mine && their) {
      keptAs = conflictPath(file, their.oid);
      merged.set(keptAs, their);
    } else if (their) merged.set(file, their); // removed here, changed there: the change is kept
    conflicts.push({ ref, path: file, ours: mine?.oid ?? null, theirs: their?.oid ?? null, theirsKeptAs: keptAs, theirsCommit: theirs });
  }
  const subject = `handoff: sync with ${remote}: merge${
    conflicts.length > 0
      ? ` (${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}: ${conflicts
          .slice(0, 5)
          .map((c) => c.path)
          .join(", ")}${conflicts.length > 5 ? ", …" : ""})`
      : ""
  }`;
  const commit = await commitTree(gitDir, await writeTree(gitDir, merged), [ours, theirs], subject);
  return { commit, conflicts };
}

/**
 * Syncs every git store of the repository containing `cwd` with `remote` (a remote's name or a URL).
 * @throws SyncError for a remote that starts with `-`, or when the remote still rejected the push
 * after `maxAttempts` rounds; GitError when git fails (no such remote, unreachable).
 */
export async function syncStores(cwd: string, remote: string, options: SyncOptions = {}): Promise<SyncOutcome[]> {
  // What is written and said names the remote without credentials (commit messages, reflog, errors).
  const shown = maskOutput(remote);
  if (remote.startsWith("-") || remote === "") throw new SyncError(`'${shown}' is not a remote name or URL`);
  const gitDir = await commonGitDir(cwd);
  const tracking = await trackingPrefix(gitDir, remote);
  const maxAttempts = options.maxAttempts ?? 5;
  const conflicts = new Map<string, SyncConflict>();
  const actions = new Map<string, SyncOutcome["action"]>();
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await remoteGit(gitDir, "fetch", ["--no-tags", "--prune", "--quiet", "--no-write-fetch-head"], remote, [`+${HANDOFF_REF_PREFIX}*:${tracking}*`]).then(
      (out) => {
        if (out.exitCode !== 0) throw new SyncError(`could not fetch the handoff refs of ${shown}: ${maskOutput(gitComplaint(out.stderr))}`);
      },
    );
    const locals = await refsUnder(gitDir, HANDOFF_REF_PREFIX);
    const remotes = new Map([...(await refsUnder(gitDir, tracking))].map(([name, oid]) => [`${HANDOFF_REF_PREFIX}${name.slice(tracking.length)}`, oid]));
    const toPush = new Map<string, string>();
    for (const ref of [...new Set([...locals.keys(), ...remotes.keys()])].sort()) {
      const theirs = remotes.get(ref);
      // A local writer may move the ref while this runs: every move is a compare-and-swap, redone on a new tip.
      for (let round = 1; ; round++) {
        const ours = round === 1 ? locals.get(ref) : await refTip(gitDir, ref);
        if (ours === theirs) {
          if (!actions.has(ref)) actions.set(ref, "up-to-date");
          break;
        }
        if (theirs === undefined || (ours !== undefined && (await isAncestor(gitDir, theirs, ours)))) {
          toPush.set(ref, ours as string);
          if (actions.get(ref) !== "merged") actions.set(ref, "pushed");
          break;
        }
        if (ours === undefined || (await isAncestor(gitDir, ours, theirs))) {
          if (await compareAndSwapRef(gitDir, ref, theirs, ours, `handoff sync: fast-forward from ${shown}`)) {
            if (!actions.has(ref) || actions.get(ref) === "up-to-date") actions.set(ref, "fetched");
            break;
          }
          continue;
        }
        const merge = await mergeStores(gitDir, ref, ours, theirs, shown);
        if (await compareAndSwapRef(gitDir, ref, merge.commit, ours, `handoff sync: merge with ${shown}`)) {
          for (const c of merge.conflicts) conflicts.set(`${c.ref}\0${c.path}\0${c.theirs}`, c);
          actions.set(ref, "merged");
          toPush.set(ref, merge.commit);
          break;
        }
        if (round >= 50) throw new SyncError(`${ref} kept moving locally while syncing`);
      }
    }
    if (toPush.size === 0) return outcomes(gitDir, actions, conflicts);
    await options.onBeforePush?.(attempt);
    const pushed = await remoteGit(
      gitDir,
      "push",
      ["--porcelain"],
      remote,
      [...toPush.keys()].map((ref) => `${ref}:${ref}`),
    );
    if (pushed.exitCode === 0) {
      for (const [ref, commit] of toPush) await runGit(["update-ref", `${tracking}${ref.slice(HANDOFF_REF_PREFIX.length)}`, commit], gitDir);
      return outcomes(gitDir, actions, conflicts);
    }
    if (!/\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first/.test(pushed.stdout.toString("utf8") + pushed.stderr)) {
      throw new SyncError(`could not push the handoff refs to ${shown}: ${maskOutput(gitComplaint(pushed.stderr))}`);
    }
    // Another clone pushed first: fetch its version and merge again.
  }
  throw new SyncError(`${shown} kept moving: the push was rejected ${maxAttempts} times (another clone pushes at the same moment); run handoff sync again`);
}

async function outcomes(gitDir: string, actions: Map<string, SyncOutcome["action"]>, conflicts: Map<string, SyncConflict>): Promise<SyncOutcome[]> {
  const out: SyncOutcome[] = [];
  for (const [ref, action] of [...actions].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.push({ ref, action, commit: (await refTip(gitDir, ref)) as string, conflicts: [...conflicts.values()].filter((c) => c.ref === ref) });
  }
  return out;
}
