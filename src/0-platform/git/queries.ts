/**
 * Read-only questions to a git work tree, each one `git` run (see {@link runGit}). Paths come from
 * `-z` output and are decoded as UTF-8, so names with spaces, quotes and non-ASCII characters
 * round-trip exactly.
 */
import { runGit } from "./run.js";

/** One commit: full id and subject line. */
export interface CommitInfo {
  sha: string;
  subject: string;
}

/** One entry of `git status --porcelain=v1 -z`: two status letters and a path relative to the root. */
export interface StatusEntry {
  /** `XY` exactly as git prints it (`??`, ` M`, `M `, `A `, ` D`, …). */
  xy: string;
  /** Path relative to the work tree root, `/`-separated. */
  path: string;
}

/**
 * The work tree root containing `dir`.
 * @throws GitError when `dir` is not inside a git work tree.
 */
export async function workTreeRoot(dir: string): Promise<string> {
  const out = await runGit(["rev-parse", "--show-toplevel"], dir);
  return out.stdout.toString("utf8").replace(/\n$/, "");
}

/** The checked-out branch, or undefined when HEAD is detached. */
export async function currentBranch(root: string): Promise<string | undefined> {
  const out = await runGit(["symbolic-ref", "-q", "--short", "HEAD"], root, [0, 1]);
  return out.exitCode === 0 ? out.stdout.toString("utf8").trim() : undefined;
}

/** HEAD's commit, or undefined in a repository without commits. */
export async function headCommit(root: string): Promise<CommitInfo | undefined> {
  const commits = await recentCommits(root, 1);
  return commits[0];
}

/** Up to `count` commits reachable from HEAD, newest first (empty without commits). */
export async function recentCommits(root: string, count: number, range = "HEAD"): Promise<CommitInfo[]> {
  const resolved = await runGit(["rev-parse", "--verify", "-q", "HEAD"], root, [0, 1]);
  if (resolved.exitCode !== 0) return [];
  const out = await runGit(["log", "-z", `-n${count}`, "--format=%H%x1f%s", range, "--"], root);
  return parseCommits(out.stdout);
}

/** Commits in `from..HEAD`, newest first (what `git log --oneline <from>..HEAD` lists). */
export async function commitsSince(root: string, from: string, limit = 1000): Promise<CommitInfo[]> {
  const out = await runGit(["log", "-z", `-n${limit}`, "--format=%H%x1f%s", `${from}..HEAD`, "--"], root);
  return parseCommits(out.stdout);
}

/** Number of commits in `from..HEAD`. */
export async function countCommitsSince(root: string, from: string): Promise<number> {
  const out = await runGit(["rev-list", "--count", `${from}..HEAD`, "--"], root);
  return Number(out.stdout.toString("utf8").trim());
}

function parseCommits(stdout: Buffer): CommitInfo[] {
  return stdout
    .toString("utf8")
    .split("\0")
    .map((record) => record.replace(/^\n/, ""))
    .filter((record) => record.length > 0)
    .map((record) => {
      const [sha = "", subject = ""] = record.split("\x1f");
      return { sha, subject };
    });
}

/**
 * The full id of the commit `ref` names (a sha prefix, branch, tag), or undefined when there is no
 * such commit in this repository.
 */
export async function resolveCommit(root: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith("-")) return undefined; // never let a value from a document become an option
  const out = await runGit(["rev-parse", "--verify", "-q", "--end-of-options", `${ref}^{commit}`], root, [0, 1, 128]);
  return out.exitCode === 0 ? out.stdout.toString("utf8").trim() : undefined;
}

/** True when `ancestor` is reachable from `descendant`. */
export async function isAncestor(root: string, ancestor: string, descendant: string): Promise<boolean> {
  const out = await runGit(["merge-base", "--is-ancestor", ancestor, descendant], root, [0, 1]);
  return out.exitCode === 0;
}

/**
 * Every uncommitted path: staged, unstaged and untracked (each file of an untracked directory),
 * renames shown as a deletion and an addition. Ignored files are left out.
 */
export async function statusEntries(root: string): Promise<StatusEntry[]> {
  const out = await runGit(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"], root);
  const entries: StatusEntry[] = [];
  for (const record of out.stdout.toString("utf8").split("\0")) {
    if (record.length < 4) continue;
    entries.push({ xy: record.slice(0, 2), path: record.slice(3) });
  }
  return entries;
}

/** URLs of the repository's remotes, by remote name. */
export async function remoteUrls(root: string): Promise<Map<string, string>> {
  const out = await runGit(["config", "-z", "--get-regexp", "^remote\\..*\\.url$"], root, [0, 1]);
  const remotes = new Map<string, string>();
  for (const record of out.stdout.toString("utf8").split("\0")) {
    const newline = record.indexOf("\n");
    if (newline === -1) continue;
    const key = record.slice(0, newline);
    remotes.set(key.replace(/^remote\./, "").replace(/\.url$/, ""), record.slice(newline + 1));
  }
  return remotes;
}
