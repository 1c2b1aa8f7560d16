/**
 * Real, throw-away git repositories for tests: `git init` under os.tmpdir(), identity set locally,
 * commits made with fixed dates so runs are reproducible.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CommandIO } from "../../src/6-front-ends/cli/io.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";

/** A temporary repository. */
export interface TempRepo {
  /** Absolute path of the work tree (real path). */
  root: string;
  /** Runs git in the repository and returns its trimmed stdout. */
  git(...args: string[]): string;
  /** Writes a file (creating directories) relative to the root. */
  write(relative: string, content: string): void;
  /** Stages everything and commits with `message`. */
  commit(message: string): string;
  remove(): void;
}

const ENV = {
  ...process.env,
  GIT_AUTHOR_DATE: "2026-03-01T10:00:00Z",
  GIT_COMMITTER_DATE: "2026-03-01T10:00:00Z",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete ENV[name];

/**
 * The first repository this process made, as git left it: later ones are copies of it (the same
 * bytes, commit and dates: the commit is made at a fixed date), which spares nine git runs each.
 */
let template: string | undefined;

function initialRepository(): string {
  if (template !== undefined) return template;
  const parent = mkdtempSync(path.join(os.tmpdir(), "handoffkit-git-template-"));
  const root = path.join(parent, "work tree");
  mkdirSync(root);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: ENV, encoding: "utf8" }).trim();
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Test Writer");
  git("config", "user.email", "test@example.invalid");
  git("config", "commit.gpgsign", "false");
  writeFileSync(path.join(root, "README.md"), "one\n");
  git("add", "-A");
  git("commit", "-q", "-m", "first commit");
  process.once("exit", () => rmSync(parent, { recursive: true, force: true }));
  template = root;
  return root;
}

/** Creates a repository on branch `main` with one commit of `README.md`. */
export function createRepo(prefix = "handoffkit-git-"): TempRepo {
  const parent = mkdtempSync(path.join(os.tmpdir(), prefix));
  const root = path.join(parent, "work tree");
  cpSync(initialRepository(), root, { recursive: true, preserveTimestamps: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: ENV, encoding: "utf8" }).trim();
  const repo: TempRepo = {
    root: realpathSync(root),
    git,
    write(relative, content) {
      const file = path.join(root, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    },
    commit(message) {
      git("add", "-A");
      git("commit", "-q", "-m", message);
      return git("rev-parse", "HEAD");
    },
    remove() {
      rmSync(parent, { recursive: true, force: true });
    },
  };
  return repo;
}

/** Runs the CLI in-process. */
export async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CommandIO = {
    cwd,
    env: { NO_COLOR: "1" },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
