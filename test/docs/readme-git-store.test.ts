/**
 * The git store's quick start (docs/store.md) runs as written (with the CLI, in this process, in place of `npx handoff`),
 * in two clones of a bare `file://` remote; and its refspec lines make plain `git fetch` and
 * `git push` carry the handoff refs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

const REF = "refs/handoffs/default";
const ENV: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", NO_COLOR: "1" };
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete ENV[name];

/** The lines of the first ```sh block after the line starting with `lead`. */
function shBlock(readme: string, lead: string): string[] {
  const start = readme.indexOf(`\n${lead}`);
  expect(start).toBeGreaterThan(0);
  const open = readme.indexOf("```sh\n", start);
  const close = readme.indexOf("```", open + 6);
  return readme.slice(open + 6, close).split("\n").map((line) => line.trim()).filter(Boolean);
}

let parent: string;
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
beforeEach(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), "handoffkit-readme-git-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

function clone(url: string, name: string): string {
  git(parent, "clone", "-q", url, name);
  const root = path.join(parent, name);
  git(root, "config", "user.name", `Writer ${name}`);
  git(root, "config", "user.email", `${name}@example.invalid`);
  return root;
}

/** Runs one line of the page: `npx handoff …` with the CLI (exit 0 expected), `git …` as it is; anything else fails the test. */
async function run(line: string, cwd: string): Promise<string> {
  if (line.startsWith("npx handoff ")) {
    const cap = captureIO(cwd, ENV);
    const code = await runCli(line.slice("npx handoff ".length).split(" "), cap.io);
    expect(cap.stderr(), line).toBe("");
    expect(code, line).toBe(0);
    return cap.stdout();
  }
  expect(line).toMatch(/^git /);
  return execFileSync("sh", ["-c", line], { cwd, env: ENV, encoding: "utf8" });
}

/** Runs the lines in order in `cwd`; what each printed. */
async function runAll(lines: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const line of lines) out.push(await run(line, cwd));
  return out;
}

describe("README: the git store", () => {
  it("the quick start runs as written in two clones, and the refspec lines carry the refs with plain git", async () => {
    const readme = readFileSync(path.join(repoRoot, "docs/store.md"), "utf8");
    const remote = path.join(parent, "remote.git");
    git(parent, "init", "-q", "--bare", "-b", "main", remote);
    const url = pathToFileURL(remote).href;
    const a = clone(url, "a");
    writeFileSync(path.join(a, "README.md"), "shared\n");
    git(a, "add", "README.md");
    git(a, "commit", "-q", "-m", "first commit");
    git(a, "push", "-q", "origin", "main");
    const b = clone(url, "b");

    const first = await runAll(shBlock(readme, "Quick start, in a clone whose remote is `origin`"), a);
    const written = (first[0] as string).trim();
    expect(written).toMatch(/^refs\/handoffs\/default:active\/\d{4}-\d{2}-\d{2}_T\d{4}_[0-9a-f]{5}_region-export\.md$/);
    expect(first[1]).toContain("region-export");
    expect(git(remote, "rev-parse", REF)).toBe(git(a, "rev-parse", REF));

    const second = await runAll(shBlock(readme, "In another clone of the same remote"), b);
    expect(second[0]).toMatch(/^refs\/handoffs\/default: fetched /);
    expect(second[1]).toContain(`handoff resume: ${written} (hatch3r)\nverdict: resumed; 0 warnings\n`);
    expect(git(b, "status", "--porcelain")).toBe("");

    // The refspec lines: B's resume (a commit on its ref, not synced) goes out with a plain push, and
    // comes into A with a plain fetch; the branch is pushed as before.
    const refspecs = shBlock(readme, "- **Plain `git fetch` and `git push`**");
    expect(refspecs.length).toBe(3);
    for (const root of [a, b]) await runAll(refspecs, root);
    git(b, "push", "-q");
    expect(git(remote, "rev-parse", REF)).toBe(git(b, "rev-parse", REF));
    git(a, "fetch", "-q");
    expect(git(a, "rev-parse", "refs/handoffs-remote/origin/default")).toBe(git(b, "rev-parse", REF));
    expect(git(remote, "rev-parse", "main")).toBe(git(a, "rev-parse", "HEAD"));
  });
});
