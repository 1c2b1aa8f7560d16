/**
 * The one git runner: its environment is an explicit choice. Sanitised, a caller's repository
 * variables (set inside git hooks) never reach git; `inherit-index` keeps them, so `lint --staged`
 * inside a hook reads the index that commit is made from.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GitError, runGit } from "../../src/0-platform/git/run.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo | undefined;
const saved = process.env.GIT_INDEX_FILE;
afterEach(() => {
  repo?.remove();
  repo = undefined;
  if (saved === undefined) delete process.env.GIT_INDEX_FILE;
  else process.env.GIT_INDEX_FILE = saved;
});

describe("runGit", () => {
  it("drops GIT_INDEX_FILE when sanitised and keeps it with inherit-index", async () => {
    repo = createRepo();
    process.env.GIT_INDEX_FILE = "/tmp/handoffkit-next-index.lock";
    const ask = async (environment: "sanitised" | "inherit-index") =>
      (await runGit(["rev-parse", "--git-path", "index"], repo!.root, [0], { environment })).stdout.toString("utf8").trim();
    expect(await ask("sanitised")).toBe(".git/index");
    expect(await ask("inherit-index")).toBe("/tmp/handoffkit-next-index.lock");
  });

  it("passes input on standard input and throws a GitError with exit code and git's first line", async () => {
    repo = createRepo();
    const head = repo.git("rev-parse", "HEAD");
    const out = await runGit(["cat-file", "--batch-check"], repo.root, [0], { input: `${head}\n` });
    expect(out.stdout.toString("utf8")).toMatch(new RegExp(`^${head} commit \\d+\\n$`));
    const failure = await runGit(["frobnicate"], repo.root).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GitError);
    expect((failure as GitError).exitCode).toBe(1);
    expect((failure as GitError).message).toBe("git frobnicate failed (exit 1): git: 'frobnicate' is not a git command. See 'git --help'.");
    // An allowed exit code is an answer, not a failure.
    expect((await runGit(["frobnicate"], repo.root, [0, 1])).exitCode).toBe(1);
  });
});
