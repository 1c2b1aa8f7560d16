/**
 * handoffkit under the hook managers that bring their own program, the way their users set them
 * up. lefthook (https://lefthook.dev; its binary from `$LEFTHOOK_BIN`, else `lefthook` on PATH):
 * `install-hook` prints the step for `lefthook.yml`, and that step, added beside the user's own
 * command, blocks and allows real commits. pre-commit (https://pre-commit.com), with the
 * pre-commit on this machine (Debian's 3.0.4 in CI): the `repo:` form, which installs handoffkit from
 * a clone of this repository at HEAD (`npm install`, `npm pack`, a global install of the tarball:
 * the path that broke when npm's banners polluted `npm pack`'s output), and the local form from the
 * README (`language: system`, handoffkit as a devDependency). In each, a real commit with a broken
 * handoff is blocked, a clean one is allowed, and the user's own hook runs both times.
 * Each is skipped, saying so, where its program is not installed (`.ci/run` installs both).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

const preCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
const available = preCommit.status === 0;
if (!available) console.warn("pre-commit is not installed (apt-get install pre-commit): the pre-commit setups are not tested here");

const lefthookBin = process.env.LEFTHOOK_BIN ?? "lefthook";
const lefthook = spawnSync(lefthookBin, ["version"], { encoding: "utf8" });
const lefthookAvailable = lefthook.status === 0;
if (!lefthookAvailable) console.warn("lefthook is not installed (set LEFTHOOK_BIN): the lefthook setup is not tested here");

const BROKEN = "---js\nmodule.exports = { id: 1 }\n---\n# Notes\n\n## Next steps\n\n- run the tests\n";
const CLEAN = "# Notes\n\n## Next steps\n\n- run the tests\n";
const USER_HOOK = `  - repo: local
    hooks:
      - id: user-hook
        name: the user's own hook
        entry: sh -c 'echo ran >> .hook-log'
        language: system
        always_run: true
        pass_filenames: false
`;

let repo: string;
let home: string;

/** The environment pre-commit runs in: the user's, without what npm sets for the test run itself. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, PRE_COMMIT_HOME: home, PRE_COMMIT_COLOR: "never" };
}

function run(command: string, ...args: string[]) {
  return spawnSync(command, args, { cwd: repo, encoding: "utf8", env: cleanEnv(), timeout: 900_000 });
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" });
}

/** Commits `file` with `text`; pre-commit's hook decides. */
function commit(file: string, text: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
  git("add", file);
  return run("git", "commit", "-q", "-m", `add ${file}`);
}

/** A broken handoff blocked (and taken out again), a clean one allowed, the user's hook run both times. */
function expectBlockedThenAllowed(first = "add .pre-commit-config.yaml"): void {
  const blocked = commit("handoffs/broken.md", BROKEN);
  expect(blocked.status, blocked.stdout + blocked.stderr).toBe(1);
  expect(blocked.stdout + blocked.stderr).toContain("frontmatter-syntax");
  git("rm", "-q", "--cached", "handoffs/broken.md");
  rmSync(path.join(repo, "handoffs/broken.md"));
  const allowed = commit("handoffs/clean.md", CLEAN);
  expect(allowed.status, allowed.stdout + allowed.stderr).toBe(0);
  expect(git("log", "--format=%s").trim()).toBe(`add handoffs/clean.md\n${first}`);
  expect(readFileSync(path.join(repo, ".hook-log"), "utf8")).toBe("ran\nran\n");
}

beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), "handoffkit-pre-commit-"));
  home = mkdtempSync(path.join(os.tmpdir(), "handoffkit-pre-commit-home-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "test@example.invalid");
  git("config", "user.name", "handoffkit test");
  git("config", "commit.gpgsign", "false");
  writeFileSync(path.join(repo, ".gitignore"), "node_modules/\n.hook-log\n");
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** The project's own installation, as `npm install --save-dev handoffkit` leaves it. */
function devDependency(): void {
  mkdirSync(path.join(repo, "node_modules", ".bin"), { recursive: true });
  symlinkSync(repoRoot, path.join(repo, "node_modules", "handoffkit"));
  symlinkSync(path.join("..", "handoffkit", "dist", "bundle", "main.js"), path.join(repo, "node_modules", ".bin", "handoff"));
  writeFileSync(path.join(repo, "package.json"), '{ "name": "scratch", "private": true }\n');
}

describe.skipIf(!lefthookAvailable)(`lefthook (${lefthook.stdout?.trim() ?? "absent"})`, () => {
  it("install-hook's step for lefthook.yml, beside the user's command, blocks a broken handoff", async () => {
    devDependency();
    writeFileSync(path.join(repo, "lefthook.yml"), "pre-commit:\n  commands:\n    user-hook:\n      run: echo ran >> .hook-log\n");
    const { runCli } = await import("../../src/6-front-ends/cli/program.js");
    let err = "";
    const code = await runCli(["install-hook"], { cwd: repo, env: {}, stdout: { write: () => true }, stderr: { write: (t: string) => (err += t) } });
    expect(code).toBe(1);
    const snippet = /add to lefthook\.yml:\n\npre-commit:\n {2}commands:\n([\s\S]*?)\nthen run: /.exec(err)?.[1];
    expect(snippet, err).toBeDefined();
    writeFileSync(path.join(repo, "lefthook.yml"), `${readFileSync(path.join(repo, "lefthook.yml"), "utf8")}${snippet}`);
    expect(run(lefthookBin, "install").status).toBe(0);
    git("add", "lefthook.yml", "package.json");
    git("commit", "-q", "--no-verify", "-m", "add lefthook.yml");
    expectBlockedThenAllowed("add lefthook.yml");
  });
});

describe.skipIf(!available)(`pre-commit (${preCommit.stdout?.trim() ?? "absent"})`, () => {
  it("the repo: form installs handoffkit from a clone at HEAD and blocks a broken handoff", () => {
    const rev = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    writeFileSync(
      path.join(repo, ".pre-commit-config.yaml"),
      `repos:\n${USER_HOOK}  - repo: ${repoRoot}\n    rev: ${rev}\n    hooks:\n      - id: handoff-lint\n`,
    );
    git("add", ".pre-commit-config.yaml");
    expect(run("pre-commit", "install").status).toBe(0);
    git("commit", "-q", "--no-verify", "-m", "add .pre-commit-config.yaml");
    expectBlockedThenAllowed();
  });

  it("the local form from the README (language: system, handoffkit as a devDependency) blocks a broken handoff", () => {
    devDependency();
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const local = /```yaml\nrepos:\n {2}- repo: local\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(local, "the README's local pre-commit hook").toBeDefined();
    writeFileSync(path.join(repo, ".pre-commit-config.yaml"), `repos:\n${USER_HOOK}  - repo: local\n${local}`);
    git("add", ".pre-commit-config.yaml", "package.json");
    expect(run("pre-commit", "install").status).toBe(0);
    git("commit", "-q", "--no-verify", "-m", "add .pre-commit-config.yaml");
    expectBlockedThenAllowed();
  });
});
