import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
let outside: string;
beforeEach(() => {
  repo = createRepo();
  outside = path.dirname(repo.root);
});
afterEach(() => repo.remove());

/** A hatch3r handoff recording `branch@sha7`, sealed, written next to the work tree. */
async function hatch3rHandoff(gitRef: string): Promise<string> {
  const file = path.join(outside, "h.md");
  writeFileSync(file, `---\ntype: handoff\nbranch: main\ngit_ref: ${gitRef}\n---\n\n# Problem\n\nFix it.\n`);
  await cli(["seal", file], outside);
  return file;
}

function deliveryRecord(headSha: string, evidence: string): string {
  const file = path.join(outside, "handoff.json");
  const record = {
    schema: "verified-delivery/handoff-v1",
    status: "open",
    repository: "acme/parser",
    branch: "main",
    head_sha: headSha,
    completed_steps: [
      { gate: "tests", verdict: "pass", evidence },
      { gate: "review", verdict: "pass", evidence: "approved by the owner" },
    ],
    pending_steps: [],
  };
  writeFileSync(file, JSON.stringify(record, null, 2));
  return file;
}

describe("handoff verify --git", () => {
  it("says a hatch3r handoff is in step with its commit", async () => {
    const sha7 = repo.git("rev-parse", "--short=7", "HEAD");
    const file = await hatch3rHandoff(`main@${sha7}`);
    const run = await cli(["verify", "--git", "--repo", repo.root, file], outside);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(1)).toEqual([`h.md: git: in step with main@${sha7}`, ""]);
  });

  it("lists the commits since on the same branch", async () => {
    const sha7 = repo.git("rev-parse", "--short=7", "HEAD");
    const file = await hatch3rHandoff(`main@${sha7}`);
    repo.git("commit", "-q", "--allow-empty", "-m", "two");
    repo.git("commit", "-q", "--allow-empty", "-m", "three");
    const [three, two] = [repo.git("rev-parse", "--short=7", "HEAD"), repo.git("rev-parse", "--short=7", "HEAD~1")];
    const run = await cli(["verify", "--git", "--repo", repo.root, file], outside);
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").slice(1)).toEqual([
      `h.md: git: same branch, 2 commits since ${sha7} (git log --oneline ${sha7}..HEAD):`,
      `  ${three} three`,
      `  ${two} two`,
      "",
    ]);
  });

  it("reports another branch, and a commit the repository does not have", async () => {
    const sha7 = repo.git("rev-parse", "--short=7", "HEAD");
    const file = await hatch3rHandoff(`main@${sha7}`);
    repo.git("checkout", "-q", "-b", "feature-branch");
    repo.git("commit", "-q", "--allow-empty", "-m", "on feature");
    const head = repo.git("rev-parse", "--short=7", "HEAD");
    expect((await cli(["verify", "--git", "--repo", repo.root, file], outside)).stdout.split("\n").slice(1)).toEqual([
      "h.md: git: branch differs: recorded main, checked out feature-branch",
      `h.md: git: 1 commit since ${sha7} (git log --oneline ${sha7}..HEAD):`,
      `  ${head} on feature`,
      "",
    ]);
    const unknown = await hatch3rHandoff("feature-branch@0000000");
    expect((await cli(["verify", "--git", "--repo", repo.root, unknown], outside)).stdout.split("\n").slice(1)).toEqual([
      "h.md: git: recorded commit 0000000 is not in this repository's history",
      "",
    ]);
  });

  it("marks a verified-delivery record stale when the remote differs, and names the evidence a moved head invalidates", async () => {
    const head = repo.git("rev-parse", "HEAD");
    repo.git("remote", "add", "origin", "https://github.com/acme/parser.git");
    const file = deliveryRecord(head, `npm test: 120 passed at ${head.slice(0, 7)}`);
    const clean = await cli(["verify", "--git", "--repo", repo.root, file], outside);
    expect(clean).toEqual({
      code: 0,
      stdout: `handoff.json: no integrity to check (a JSON record carries no digest)\nhandoff.json: git: in step with main@${head.slice(0, 7)}\n`,
      stderr: "",
    });
    repo.git("commit", "-q", "--allow-empty", "-m", "after the record");
    repo.git("remote", "set-url", "origin", "git@github.com:someone-else/parser.git");
    const now = repo.git("rev-parse", "--short=7", "HEAD");
    const stale = await cli(["verify", "--git", "--repo", repo.root, file], outside);
    expect(stale.code).toBe(1);
    expect(stale.stdout.split("\n").slice(1)).toEqual([
      `handoff.json: git: same branch, 1 commit since ${head.slice(0, 7)} (git log --oneline ${head.slice(0, 7)}..HEAD):`,
      `  ${now} after the record`,
      "handoff.json: git: remote differs: the record names acme/parser, this checkout's remotes are origin=git@github.com:someone-else/parser.git: the record is stale",
      `handoff.json: git: head moved: evidence of completed step 'tests' names ${head.slice(0, 7)} and no longer holds`,
      "",
    ]);
  });

  it("exits 2 when there is no repository to compare with", async () => {
    const file = await hatch3rHandoff("main@1234567");
    const scratch = mkdtempSync(path.join(os.tmpdir(), "handoffkit-nogit-"));
    try {
      const run = await cli(["verify", "--git", "--repo", scratch, file], outside);
      expect(run.code).toBe(2);
      expect(run.stdout.split("\n")[1]).toBe(`h.md: git: cannot compare: ${scratch} is not a git work tree`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
