/**
 * Running git in one place: `git` is spawned with `execFile` (no shell), arguments as an array,
 * output as raw bytes, and every failure is one {@link GitError}. `GIT_OPTIONAL_LOCKS=0` keeps even
 * `git status` from refreshing the index. The only writes any caller makes are the git store's
 * (src/5-operations/git/handoff-ref.ts): new objects, and refs under `refs/handoffs/` and
 * `refs/handoffs-remote/`; no command that changes the index, the work tree or a branch is run.
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

/**
 * Which repository variables of the caller's environment git sees.
 * - `sanitised` (the default): none. A caller's `GIT_DIR` (set inside git hooks) would otherwise
 *   point a query about another directory at the hook's repository.
 * - `inherit-index`: `GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`, … are kept, for reading what a
 *   commit in progress will contain: inside a pre-commit hook of `git commit PATH` the index is a
 *   temporary file that only `GIT_INDEX_FILE` names (`lint --staged`).
 */
export type GitEnvironment = "sanitised" | "inherit-index";

/** Options of {@link runGit}. */
export interface GitRunOptions {
  /** Default `sanitised`. */
  environment?: GitEnvironment;
  /** Bytes written to git's standard input (e.g. object ids for `cat-file --batch`, a blob for `hash-object --stdin`). */
  input?: string | Uint8Array;
  /** Variables set after the environment is sanitised (a commit identity when none is configured). */
  env?: Readonly<Record<string, string>>;
}

const REPOSITORY_VARIABLES = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX"];

/** Largest output read from one git run, in bytes. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** Environment for a git run: no locks, no prompts, no pager, C locale; repository variables per `environment`. */
function gitEnv(environment: GitEnvironment): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", GIT_PAGER: "cat", LC_ALL: "C" };
  if (environment === "sanitised") for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/**
 * Runs `git <args>` in `cwd`.
 * @param allowedExitCodes exit codes that are answers, not failures (e.g. 1 for `merge-base --is-ancestor`).
 * @throws GitError for any other exit code, or when git cannot be started.
 */
export function runGit(args: readonly string[], cwd: string, allowedExitCodes: readonly number[] = [0], options: GitRunOptions = {}): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["-c", "core.quotePath=false", ...args],
      { cwd, env: { ...gitEnv(options.environment ?? "sanitised"), ...options.env }, encoding: "buffer", maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        const stderrText = stderr.toString("utf8");
        const exitCode = error ? (typeof error.code === "number" ? error.code : undefined) : 0;
        if (exitCode === undefined) {
          reject(
            new GitError(args, undefined, (error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed or not on PATH" : String(error?.message)),
          );
          return;
        }
        if (!allowedExitCodes.includes(exitCode)) {
          reject(new GitError(args, exitCode, stderrText.trim().split("\n")[0] ?? ""));
          return;
        }
        resolve({ exitCode, stdout, stderr: stderrText });
      },
    );
    // git may exit before reading all of its input (a failure): that EPIPE is reported through the exit code.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(options.input ?? "");
  });
}
