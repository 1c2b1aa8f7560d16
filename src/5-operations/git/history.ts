/**
 * Read-only git history queries for `stats --history`: which commits changed a directory, and the
 * files under it at a commit — read from the object store, never checked out.
 */
import path from "node:path";
import { GitError, runGit } from "../../0-platform/git/run.js";

/** A commit that changed the watched path. */
export interface HistoryCommit {
  /** Full 40-hex id. */
  sha: string;
  /** Committer date, strict ISO-8601. */
  date: string;
}

/** A file at a commit. */
export interface HistoryFile {
  /** Path relative to the repository root, `/`-separated. */
  path: string;
  bytes: Uint8Array;
}

async function git(cwd: string, args: readonly string[]): Promise<string> {
  return (await runGit(args, cwd)).stdout.toString("utf8");
}

/**
 * Commits on the current branch's first-parent line that changed `target` (a path inside the
 * repository), oldest first. A merge counts with what it brought in; the side branch's own commits
 * do not, since their trees lack what the branch had meanwhile and would read as drops.
 * @param since passed to `git log --since` (e.g. `2026-01-01`).
 */
export async function commitsTouching(root: string, target: string, since?: string): Promise<HistoryCommit[]> {
  const rel = path.relative(root, target) || ".";
  const args = ["log", "--first-parent", "--format=%H%x09%cI", "--reverse"];
  if (since) args.push(`--since=${since}`);
  args.push("--", rel);
  const out = await git(root, args);
  return out
    .split("\n")
    .filter((line) => line.includes("\t"))
    .map((line) => {
      const [sha, date] = line.split("\t");
      return { sha: sha as string, date: date as string };
    });
}

/**
 * Files under `target` at `commit` whose names pass `accept`, read with one `git cat-file --batch`.
 */
export async function filesAtCommit(root: string, commit: string, target: string, accept: (file: string) => boolean): Promise<HistoryFile[]> {
  const rel = path.relative(root, target) || ".";
  const listing = await git(root, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", rel]);
  const entries: Array<{ sha: string; path: string }> = [];
  for (const record of listing.split("\0")) {
    const match = /^\d+ blob ([0-9a-f]+)\t([\s\S]+)$/.exec(record);
    if (match && accept(match[2] as string)) entries.push({ sha: match[1] as string, path: match[2] as string });
  }
  if (entries.length === 0) return [];
  const blobs = await catFileBatch(
    root,
    entries.map((e) => e.sha),
  );
  return entries.map((e, i) => ({ path: e.path, bytes: blobs[i] as Uint8Array }));
}

/** Reads blobs by id through `git cat-file --batch`, in order. @throws GitError when git fails or answers out of shape. */
async function catFileBatch(root: string, shas: readonly string[]): Promise<Uint8Array[]> {
  const args = ["cat-file", "--batch"];
  const all = (await runGit(args, root, [0], { input: `${shas.join("\n")}\n` })).stdout;
  const blobs: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < shas.length; i++) {
    const headerEnd = all.indexOf(10, at);
    const header = all.subarray(at, headerEnd).toString("utf8");
    const size = Number(header.split(" ")[2]);
    if (!Number.isFinite(size)) throw new GitError(args, 0, `unexpected header '${header}'`);
    blobs.push(new Uint8Array(all.subarray(headerEnd + 1, headerEnd + 1 + size)));
    at = headerEnd + 1 + size + 1;
  }
  return blobs;
}
