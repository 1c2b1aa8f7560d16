/**
 * `handoff sync` and `handoff log` with real repositories: a bare repository as the remote
 * (`file://`) and two clones, A and B, each writing through the git store. The work tree, index and
 * branches of both clones stay as they were throughout.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { syncStores } from "../../src/5-operations/store/git-sync.js";
import { cli } from "../helpers/git-repo.js";

const NOW = "2026-03-02T09:00:00Z";
const REF = "refs/handoffs/default";
const ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete ENV[name];

let parent: string;
let remote: string;
let url: string;
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
const clone = (name: string) => {
  git(parent, "clone", "-q", url, name);
  const root = path.join(parent, name);
  git(root, "config", "user.name", `Writer ${name}`);
  git(root, "config", "user.email", `${name}@example.invalid`);
  return root;
};
const state = (root: string) => ({
  status: git(root, "status", "--porcelain", "--ignored"),
  head: git(root, "rev-parse", "HEAD"),
  branches: git(root, "for-each-ref", "refs/heads", "refs/remotes"),
});

let a: string;
let b: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), "handoffkit-sync-"));
  remote = path.join(parent, "remote.git");
  url = pathToFileURL(remote).href;
  git(parent, "init", "-q", "--bare", "-b", "main", remote);
  a = clone("a");
  writeFileSync(path.join(a, "README.md"), "shared\n");
  git(a, "add", "README.md");
  git(a, "commit", "-q", "-m", "first commit");
  git(a, "push", "-q", "origin", "main");
  b = clone("b");
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** Writes a generic handoff through the git store of `root`; returns its path in the tree. */
async function newHandoff(root: string, slug: string, profile = "generic"): Promise<string> {
  const made = await cli(["new", "--store", "git", "--profile", profile, "--slug", slug, "--now", NOW], root);
  expect(made.code).toBe(0);
  return made.stdout.trim().slice(REF.length + 1);
}

describe("handoff sync", () => {
  it("A writes and syncs; B syncs and resumes the same bytes", async () => {
    const [beforeA, beforeB] = [state(a), state(b)];
    const file = await newHandoff(a, "from-a");
    expect(await cli(["sync"], a)).toEqual({ code: 0, stdout: `${REF}: pushed (${git(a, "rev-parse", REF).slice(0, 12)})\n`, stderr: "" });
    expect(git(remote, "rev-parse", REF)).toBe(git(a, "rev-parse", REF));
    const synced = await cli(["sync", url], b);
    expect(synced.stdout).toBe(`${REF}: fetched (${git(a, "rev-parse", REF).slice(0, 12)})\n`);
    expect(git(b, "rev-parse", `${REF}:${file}`)).toBe(git(a, "rev-parse", `${REF}:${file}`));
    const bytesA = execFileSync("git", ["cat-file", "blob", `${REF}:${file}`], { cwd: a });
    const resumed = await cli(["resume", "--store", "git", "--no-git", "--dry-run", "--format", "json", "--now", NOW], b);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ verdict: "resumed", path: `${REF}:${file}` });
    expect(Buffer.compare(execFileSync("git", ["cat-file", "blob", `${REF}:${file}`], { cwd: b }), bytesA)).toBe(0);
    expect([state(a), state(b)]).toEqual([beforeA, beforeB]);
  });

  it("A and B write different handoffs: after both sync (B merges), both have both", async () => {
    const fileA = await newHandoff(a, "only-a");
    const fileB = await newHandoff(b, "only-b");
    expect((await cli(["sync"], a)).code).toBe(0);
    const merged = await cli(["sync"], b);
    expect(merged).toMatchObject({ code: 0, stderr: "" });
    expect(merged.stdout).toMatch(/^refs\/handoffs\/default: merged \([0-9a-f]{12}\)\n$/);
    expect((await cli(["sync"], a)).stdout).toMatch(/: fetched /);
    for (const root of [a, b]) expect(git(root, "ls-tree", "--name-only", REF).split("\n")).toEqual([fileA, fileB].sort());
    expect(git(a, "rev-parse", REF)).toBe(git(b, "rev-parse", REF));
    expect(git(remote, "rev-parse", REF)).toBe(git(a, "rev-parse", REF));
    expect(git(b, "log", "-1", "--format=%s", REF)).toBe("handoff: sync with origin: merge");
  });

  it("A and B change the same handoff: the second sync reports the conflict and keeps both versions", async () => {
    const file = await newHandoff(a, "shared", "hatch3r");
    const id = path.basename(file, ".md");
    await cli(["sync"], a);
    await cli(["sync"], b);
    const [beforeA, beforeB] = [state(a), state(b)];
    expect((await cli(["status", "--store", "git", id, "in-progress", "--now", NOW], a)).code).toBe(0);
    expect((await cli(["status", "--store", "git", id, "blocked", "--now", NOW], b)).code).toBe(0);
    const [versionA, versionB] = [git(a, "rev-parse", `${REF}:${file}`), git(b, "rev-parse", `${REF}:${file}`)];
    const tipA = git(a, "rev-parse", REF);
    expect((await cli(["sync"], a)).code).toBe(0);
    const second = await cli(["sync"], b);
    expect(second.code).toBe(1);
    const kept = file.replace(/\.md$/, `.conflict-${versionA.slice(0, 12)}.md`);
    expect(second.stdout.split("\n")[1]).toBe(
      `  conflict: ${file} changed on both sides; ours kept at ${file}, theirs kept as ${kept} (both versions: git show ${tipA.slice(0, 12)}:${file})`,
    );
    expect(second.stderr).toBe(
      "handoff sync: 1 handoff changed on both sides: both versions are kept; resolve by choosing one (handoff status ID archived on the other)\n",
    );
    // Neither version is overwritten: ours at its path, theirs beside it, both tips parents of the merge.
    expect(git(b, "rev-parse", `${REF}:${file}`)).toBe(versionB);
    expect(git(b, "rev-parse", `${REF}:${kept}`)).toBe(versionA);
    expect(git(b, "rev-parse", `${REF}^2`)).toBe(tipA);
    expect((await cli(["sync"], a)).code).toBe(0);
    expect(git(a, "rev-parse", `${REF}:${kept}`)).toBe(versionA);
    expect(git(a, "rev-parse", `${REF}:${file}`)).toBe(versionB);
    expect([state(a), state(b)]).toEqual([beforeA, beforeB]);

    const text = await cli(["log", id], b);
    expect(text.stdout.split("\n")[0]).toMatch(
      new RegExp(`^[0-9a-f]{12}  \\d{4}-\\d{2}-\\d{2}T[0-9:]{8}(Z|[+-]\\d{2}:\\d{2})  Writer b  added ${kept.replace(/\./g, "\\.")}$`),
    );
    const log = await cli(["log", id, "--format", "json"], b);
    expect(log.code).toBe(0);
    const commits = (JSON.parse(log.stdout) as { commits: Array<{ author: string; changes: Array<{ status: string; path: string }> }> }).commits;
    const rows = commits.map((c) => `${c.author}: ${c.changes.map((x) => `${x.status} ${x.path}`).join(", ")}`);
    // Newest first: the merge that kept A's version, both sides' changes (same second: either order), the first write.
    expect([rows[0], [rows[1], rows[2]].sort(), rows[3], rows.length]).toEqual([
      `Writer b: A ${kept}`,
      [`Writer a: M ${file}`, `Writer b: M ${file}`],
      `Writer a: A ${file}`,
      4,
    ]);
  });

  it("retries a push the remote rejects because another clone pushed first, and lands on top of it", async () => {
    await newHandoff(b, "from-b");
    const fileA = await newHandoff(a, "from-a");
    // A pushes just before B's push, after B fetched and merged: B's push is rejected once.
    const rounds: number[] = [];
    const onBeforePush = (attempt: number) => {
      rounds.push(attempt);
      if (attempt === 1) git(a, "push", "-q", "origin", `${REF}:${REF}`);
    };
    const outcomes = await syncStores(b, "origin", { onBeforePush });
    expect(rounds).toEqual([1, 2]);
    expect(outcomes).toMatchObject([{ ref: REF, action: "merged", conflicts: [] }]);
    expect(git(remote, "rev-parse", REF)).toBe(git(b, "rev-parse", REF));
    expect(git(b, "ls-tree", "--name-only", REF)).toContain(fileA);
  });

  it("refuses a remote that looks like an option, and names a missing store in log", async () => {
    expect(await cli(["sync", "--", "--upload-pack=touch x"], a)).toMatchObject({
      code: 2,
      stderr: "handoff: '--upload-pack=touch x' is not a remote name or URL\n",
    });
    expect(await cli(["sync", "nowhere"], a)).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: could not fetch the handoff refs of nowhere: fatal: 'nowhere' does not appear to be a git repository\n",
    });
    expect(await cli(["log", "nothing"], a)).toEqual({
      code: 2,
      stdout: "",
      stderr: `handoff: there is no git store here: ${REF} does not exist (handoff new --store git writes one; handoff sync fetches one)\n`,
    });
    await newHandoff(a, "x");
    expect(await cli(["log", "nothing"], a)).toEqual({ code: 2, stdout: "", stderr: `handoff: no handoff 'nothing' in the history of ${REF}\n` });
    expect((await cli(["log", "../x"], a)).code).toBe(2);
  });
});
