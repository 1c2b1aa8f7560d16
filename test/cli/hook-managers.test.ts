/**
 * `install-hook` where a hook manager owns the hooks: husky (installed by husky itself, the way its
 * users set it up) gets the step in `.husky/pre-commit` after the user's own commands, and a real
 * commit is blocked or allowed by it while the user's hook still runs; lefthook, pre-commit and
 * simple-git-hooks get the snippet for their config and nothing is written.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STAGED_LINT_COMMAND } from "../../src/5-operations/install-hook.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { repoRoot } from "../helpers/locations.js";

const BROKEN = "---js\nmodule.exports = { id: 1 }\n---\n# Notes\n\n## Next steps\n\n- run the tests\n";
const CLEAN = "# Notes\n\n## Next steps\n\n- run the tests\n";
const USER_HOOK = 'echo "user hook ran" >> .hook-log\n';

let repo: string;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" });
}

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(repo, relative)), { recursive: true });
  writeFileSync(path.join(repo, relative), text);
}

async function handoff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, { cwd: repo, env: {}, stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } });
  return { code, out, err };
}

/** `git commit` of `file` with `text`; the hook's exit decides. */
function commit(file: string, text: string) {
  write(file, text);
  git("add", file);
  return spawnSync("git", ["commit", "-q", "-m", `commit ${file}`], { cwd: repo, encoding: "utf8", env: { ...process.env, HUSKY: undefined } });
}

beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), "handoffkit-managers-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "test@example.invalid");
  git("config", "user.name", "handoffkit test");
  git("config", "commit.gpgsign", "false");
  // The project's own installation, as `npm install --save-dev handoffkit` leaves it.
  mkdirSync(path.join(repo, "node_modules", ".bin"), { recursive: true });
  symlinkSync(repoRoot, path.join(repo, "node_modules", "handoffkit"));
  symlinkSync(path.join("..", "handoffkit", "dist", "bundle", "main.js"), path.join(repo, "node_modules", ".bin", "handoff"));
  write("package.json", '{ "name": "scratch", "private": true }\n');
  write(".gitignore", "node_modules/\n.hook-log\n");
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe("install-hook with husky", () => {
  it("adds the step to .husky/pre-commit after the user's own command; commits are blocked and allowed by it, and the user's hook still runs", async () => {
    // husky's own install: core.hooksPath .husky/_ and its dispatcher stubs.
    const installed = spawnSync(process.execPath, [path.join(repoRoot, "node_modules/husky/bin.js")], { cwd: repo, encoding: "utf8" });
    expect(installed.status).toBe(0);
    expect(git("config", "core.hooksPath").trim()).toBe(".husky/_");
    write(".husky/pre-commit", USER_HOOK);
    const stub = readFileSync(path.join(repo, ".husky/_/pre-commit"), "utf8");

    const result = await handoff("install-hook");
    expect(result).toEqual({ code: 0, out: `added '${STAGED_LINT_COMMAND}' to husky's pre-commit hook: .husky/pre-commit\n`, err: "" });
    expect(readFileSync(path.join(repo, ".husky/pre-commit"), "utf8")).toBe(`${USER_HOOK}${STAGED_LINT_COMMAND}\n`);
    // husky's dispatcher is untouched, and nothing of ours sits beside it.
    expect(readFileSync(path.join(repo, ".husky/_/pre-commit"), "utf8")).toBe(stub);
    expect(existsSync(path.join(repo, ".husky/_/pre-commit.handoffkit-chained"))).toBe(false);
    // Again: nothing changes.
    expect((await handoff("install-hook")).out).toBe("husky's pre-commit hook runs handoff lint --staged already: .husky/pre-commit\n");
    expect(readFileSync(path.join(repo, ".husky/pre-commit"), "utf8")).toBe(`${USER_HOOK}${STAGED_LINT_COMMAND}\n`);

    const blocked = commit("handoffs/broken.md", BROKEN);
    expect(blocked.status).not.toBe(0);
    expect(blocked.stdout + blocked.stderr).toContain("frontmatter-syntax");
    expect(git("rev-list", "--all").trim()).toBe("");
    git("rm", "-q", "--cached", "handoffs/broken.md");
    rmSync(path.join(repo, "handoffs/broken.md"));
    const allowed = commit("handoffs/clean.md", CLEAN);
    expect(allowed.stderr).toBe("✔ 1 file checked, no problems\n");
    expect(allowed.status).toBe(0);
    expect(readFileSync(path.join(repo, ".hook-log"), "utf8")).toBe("user hook ran\nuser hook ran\n");

    // husky regenerates its stubs on every install: the step lives in the user's file and survives.
    expect(spawnSync(process.execPath, [path.join(repoRoot, "node_modules/husky/bin.js")], { cwd: repo }).status).toBe(0);
    expect(commit("handoffs/broken-again.md", BROKEN).status).not.toBe(0);

    // --uninstall takes out our line only.
    expect((await handoff("install-hook", "--uninstall")).out).toBe("removed the handoffkit pre-commit hook: .husky/pre-commit\n");
    expect(readFileSync(path.join(repo, ".husky/pre-commit"), "utf8")).toBe(USER_HOOK);
  });

  it("makes .husky/pre-commit when husky has none yet, executable", async () => {
    expect(spawnSync(process.execPath, [path.join(repoRoot, "node_modules/husky/bin.js")], { cwd: repo }).status).toBe(0);
    expect((await handoff("install-hook")).code).toBe(0);
    expect(readFileSync(path.join(repo, ".husky/pre-commit"), "utf8")).toBe(`${STAGED_LINT_COMMAND}\n`);
    expect(statSync(path.join(repo, ".husky/pre-commit")).mode & 0o111).not.toBe(0);
  });
});

describe("install-hook with a manager whose config runs the hooks", () => {
  it.each([
    ["lefthook", "lefthook.yml", "pre-commit:\n  commands:\n    lint:\n      run: npm test\n", "lefthook.yml", "npx lefthook install"],
    ["pre-commit", ".pre-commit-config.yaml", "repos: []\n", ".pre-commit-config.yaml", "pre-commit install"],
    [
      "simple-git-hooks",
      "package.json",
      '{ "name": "scratch", "simple-git-hooks": { "pre-commit": "npm test" } }\n',
      "package.json simple-git-hooks",
      "npx simple-git-hooks",
    ],
  ])("%s: writes nothing, prints the step for its config and exits 1", async (manager, file, text, evidence, then) => {
    write(file, text);
    const hook = "#!/bin/sh\n# the manager's own hook\nexit 0\n";
    write(".git/hooks/pre-commit", hook);
    const result = await handoff("install-hook");
    expect(result.code).toBe(1);
    expect(result.out).toBe("");
    expect(result.err).toContain(`handoff: not installed: ${manager} manages the git hooks here (${evidence}); add to `);
    expect(result.err).toContain(STAGED_LINT_COMMAND);
    expect(result.err.endsWith(`then run: ${then}\n`)).toBe(true);
    expect(readFileSync(path.join(repo, ".git/hooks/pre-commit"), "utf8")).toBe(hook);
    expect(existsSync(path.join(repo, ".git/hooks/pre-commit.handoffkit-chained"))).toBe(false);
  });

  it("recognises a hook pre-commit itself wrote, without its config file", async () => {
    write(".git/hooks/pre-commit", "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n# ID: 138fd403232d2ddd5efb44317e38bf03\n");
    const result = await handoff("install-hook");
    expect(result.code).toBe(1);
    expect(result.err).toContain("pre-commit manages the git hooks here (the pre-commit hook was written by pre-commit)");
  });
});

describe("install-hook with core.hooksPath set ahead of time", () => {
  it("makes the hooks directory when it does not exist yet", async () => {
    git("config", "core.hooksPath", "tools/hooks");
    const result = await handoff("install-hook");
    expect(result).toEqual({ code: 0, out: "installed pre-commit hook: tools/hooks/pre-commit\n", err: "" });
    expect(commit("handoffs/broken.md", BROKEN).status).not.toBe(0);
  });
});
