/**
 * Read-only git queries: the repository root, the staged file list and staged blob contents.
 * git is run with `execFile` (no shell), with paths passed as separate arguments.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

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

/** git failed or is missing: the message says which command and why. */
export class GitError extends Error {
  override name = "GitError";
}

/**
 * Runs `git args…` in `cwd` and returns stdout as bytes.
 * @throws GitError when git cannot be run or exits non-zero (with git's own message).
 */
export function git(cwd: string, args: readonly string[], maxBuffer = 256 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile("git", [...args], { cwd, encoding: "buffer", maxBuffer }, (error, stdout, stderr) => {
      if (error) {
        const detail = stderr.toString("utf8").trim() || (error as NodeJS.ErrnoException).code || error.message;
        reject(new GitError(`git ${args[0] ?? ""} failed: ${detail}`));
      } else resolve(stdout);
    });
  });
}

/** Absolute top level of the git working tree at `cwd`. @throws GitError outside a repository. */
export async function gitTopLevel(cwd: string): Promise<string> {
  return (await git(cwd, ["rev-parse", "--show-toplevel"])).toString("utf8").trim();
}

/**
 * Paths (relative to the top level, `/`-separated, exactly as git stores them) of files added,
 * copied, modified or renamed in the index: `git diff --cached --name-only -z --diff-filter=ACMR`.
 */
export async function stagedPaths(topLevel: string): Promise<string[]> {
  const out = await git(topLevel, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR"]);
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
  return git(topLevel, ["cat-file", "blob", `:0:${indexPath}`]);
}

/** Size in bytes of the staged blob of `indexPath` (`git cat-file -s :0:<path>`), without reading it. */
export async function stagedBlobSize(topLevel: string, indexPath: string): Promise<number> {
  return Number((await git(topLevel, ["cat-file", "-s", `:0:${indexPath}`])).toString("utf8").trim());
}
