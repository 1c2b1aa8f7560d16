/**
 * The repository a command works in: its root, and what the index (the next commit) holds — the
 * staged file list, blob sizes and contents. The index queries run git with the caller's
 * repository variables ({@link GitEnvironment} `inherit-index`), so inside a pre-commit hook they
 * read the index that commit is made from.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { runGit, type GitRunOptions } from "./run.js";

/**
 * The root of the working tree containing `cwd`: the nearest directory upward holding a `.git`
 * entry (directory, or file for worktrees and submodules); `cwd` itself when there is none.
 * Reports (SARIF, GitHub annotations) make paths relative to it.
 */
export function findRepositoryRoot(cwd: string): string {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(cwd);
    dir = parent;
  }
}

const INDEX: GitRunOptions = { environment: "inherit-index" };

async function indexQuery(cwd: string, args: readonly string[]): Promise<Buffer> {
  return (await runGit(args, cwd, [0], INDEX)).stdout;
}

/** Absolute top level of the git working tree at `cwd`, as the index queries see it. @throws GitError outside a repository. */
export async function gitTopLevel(cwd: string): Promise<string> {
  return (await indexQuery(cwd, ["rev-parse", "--show-toplevel"])).toString("utf8").trim();
}

/**
 * Paths (relative to the top level, `/`-separated, exactly as git stores them) of files added,
 * copied, modified or renamed in the index: `git diff --cached --name-only -z --diff-filter=ACMR`,
 * run in `cwd`, the top level or any directory below it (the paths are the same).
 */
export async function stagedPaths(cwd: string): Promise<string[]> {
  const out = await indexQuery(cwd, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR"]);
  return out
    .toString("utf8")
    .split("\0")
    .filter((p) => p.length > 0);
}

/**
 * The staged bytes of `indexPath` (relative to the top level): what `git show :<path>` prints, read
 * with `git cat-file blob :0:<path>` so no textconv filter applies and a name such as `1:notes.md`
 * is not taken for a merge stage.
 */
export async function stagedBlob(topLevel: string, indexPath: string): Promise<Buffer> {
  return indexQuery(topLevel, ["cat-file", "blob", `:0:${indexPath}`]);
}

/** Size in bytes of the staged blob of `indexPath` (`git cat-file -s :0:<path>`), without reading it. */
export async function stagedBlobSize(topLevel: string, indexPath: string): Promise<number> {
  return Number((await indexQuery(topLevel, ["cat-file", "-s", `:0:${indexPath}`])).toString("utf8").trim());
}
