/**
 * Running git, read-only: `git` is spawned with `execFile` (no shell), arguments as an array, output
 * as raw bytes. Nothing here writes to a repository: `GIT_OPTIONAL_LOCKS=0` keeps even `git status`
 * from refreshing the index, and no command that changes refs, index or work tree is ever run.
 */
import { execFile } from "node:child_process";

/** git failed in a way the caller did not allow (not a repository, git missing, bad object...). */
export class GitError extends Error {
  override name = "GitError";
  constructor(
    readonly args: readonly string[],
    /** Exit code, or undefined when git could not be started. */
    readonly exitCode: number | undefined,
    /** git's first stderr line, trimmed. */
    readonly detail: string,
  ) {
    super(`git ${args[0] ?? ""} failed${exitCode !== undefined ? ` (exit ${exitCode})` : ""}: ${detail}`);
  }
}

/** What one git run produced. */
export interface GitOutput {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

/** Environment for every git run: no locks, no prompts, no pager, C locale, no inherited repo override. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", GIT_PAGER: "cat", LC_ALL: "C" };
  // A caller's GIT_DIR (set inside git hooks) would point every query at another repository.
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX"]) delete env[name];
  return env;
}

/**
 * Runs `git <args>` in `cwd`.
 * @param allowedExitCodes exit codes that are answers, not failures (e.g. 1 for `merge-base --is-ancestor`).
 * @throws GitError for any other exit code, or when git cannot be started.
 */
export function runGit(args: readonly string[], cwd: string, allowedExitCodes: readonly number[] = [0]): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "core.quotePath=false", ...args],
      { cwd, env: gitEnv(), encoding: "buffer", maxBuffer: 64 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const stderrText = stderr.toString("utf8");
        const exitCode = error ? (typeof error.code === "number" ? error.code : undefined) : 0;
        if (exitCode === undefined) {
          reject(new GitError(args, undefined, (error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed or not on PATH" : String(error?.message)));
          return;
        }
        if (!allowedExitCodes.includes(exitCode)) {
          reject(new GitError(args, exitCode, stderrText.trim().split("\n")[0] ?? ""));
          return;
        }
        resolve({ exitCode, stdout, stderr: stderrText });
      },
    );
  });
}
