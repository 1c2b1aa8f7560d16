/**
 * The README's git store quick start runs as written (with the built CLI in place of `npx handoff`),
 * in two clones of a bare `file://` remote; and its refspec lines make plain `git fetch` and
 * `git push` carry the handoff refs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

const BUNDLE = path.join(repoRoot, "dist/bundle/main.js");
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

/** Runs one README line: `npx handoff …` with the built CLI, `git …` as it is; anything else fails the test. */
function run(line: string, cwd: string): string {
  if (line.startsWith("npx handoff ")) return execFileSync(process.execPath, [BUNDLE, ...line.slice("npx handoff ".length).split(" ")], { cwd, env: ENV, encoding: "utf8" });
  expect(line).toMatch(/^git /);
  return execFileSync("sh", ["-c", line], { cwd, env: ENV, encoding: "utf8" });
}

describe("README: the git store", () => {
  it("the quick start runs as written in two clones, and the refspec lines carry the refs with plain git", () => {
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

    const first = shBlock(readme, "Quick start, in a clone whose remote is `origin`").map((line) => run(line, a));
    const written = (first[0] as string).trim();
    expect(written).toMatch(/^refs\/handoffs\/default:active\/\d{4}-\d{2}-\d{2}_T\d{4}_[0-9a-f]{5}_region-export\.md$/);
    expect(first[1]).toContain("region-export");
    expect(git(remote, "rev-parse", REF)).toBe(git(a, "rev-parse", REF));

    const second = shBlock(readme, "In another clone of the same remote").map((line) => run(line, b));
    expect(second[0]).toMatch(/^refs\/handoffs\/default: fetched /);
    expect(second[1]).toContain(`handoff resume: ${written} (hatch3r)\nverdict: resumed; 0 warnings\n`);
    expect(git(b, "status", "--porcelain")).toBe("");

    // The refspec lines: B's resume (a commit on its ref, not synced) goes out with a plain push, and
    // comes into A with a plain fetch; the branch is pushed as before.
    const refspecs = shBlock(readme, "- **Plain `git fetch` and `git push`**");
    expect(refspecs.length).toBe(3);
    for (const root of [a, b]) for (const line of refspecs) run(line, root);
    git(b, "push", "-q");
    expect(git(remote, "rev-parse", REF)).toBe(git(b, "rev-parse", REF));
    git(a, "fetch", "-q");
    expect(git(a, "rev-parse", "refs/handoffs-remote/origin/default")).toBe(git(b, "rev-parse", REF));
    expect(git(remote, "rev-parse", "main")).toBe(git(a, "rev-parse", "HEAD"));
  });
});
