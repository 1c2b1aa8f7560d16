import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";

const NOW = "2026-03-01T12:00:00Z";
const sha = (content: string) => createHash("sha256").update(content).digest("hex");

let repo: TempRepo;
let record: string;

beforeEach(() => {
  repo = createRepo();
  record = path.join(path.dirname(repo.root), "progress record.md");
});
afterEach(() => repo.remove());

const outside = (text: string) => text.replace(/<!-- machine-record:start -->[\s\S]*<!-- machine-record:end -->/, "");

describe("handoff checkpoint", () => {
  it("writes a new record with the machine block and the five sections", async () => {
    repo.write("README.md", "edited\n");
    repo.write("new file.txt", "brand new\n");
    repo.write("café/ñandú notes.md", "ñ\n");
    const head = repo.git("rev-parse", "HEAD").slice(0, 12);
    const run = await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);
    expect(run).toEqual({ code: 0, stdout: `checkpoint 1 of ${NOW}: main at ${head}, 3 uncommitted paths\n`, stderr: "" });
    expect(readFileSync(record, "utf8")).toBe(
      [
        "<!-- machine-record:start -->",
        "checkpoint: 1",
        `updated: ${NOW}`,
        "by: Test Writer",
        `checkout: ${repo.root}`,
        "branch: main",
        `head: ${head} first commit`,
        "recent:",
        `- ${head} first commit`,
        "uncommitted:",
        `- M README.md sha256:${sha("edited\n")}`,
        `- ?? café/ñandú notes.md sha256:${sha("ñ\n")}`,
        `- ?? new file.txt sha256:${sha("brand new\n")}`,
        "<!-- machine-record:end -->",
        "",
        "## Objective and authorization",
        "",
        "Not recorded yet.",
        "",
        "## Done",
        "",
        "Not recorded yet.",
        "",
        "## Next",
        "",
        "Check the checkout against the record above with `handoff checkpoint --verify`.",
        "",
        "## Decisions and assumptions",
        "",
        "None recorded yet.",
        "",
        "## Risks and open questions",
        "",
        "None recorded yet.",
        "",
      ].join("\n"),
    );
  });

  it("refreshes only the block: every byte outside the markers stays, the number goes up", async () => {
    await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);
    const edited = readFileSync(record, "utf8")
      .replace("## Done\n", "## Done\n- step one finished  \r\n")
      .replace("## Next\n", "## Next\n1. write the report\n");
    writeFileSync(record, `\uFEFF${edited}`);
    const before = outside(readFileSync(record, "utf8"));
    repo.write("src/a.ts", "export {};\n");
    const second = repo.commit("second commit");
    const run = await cli(["checkpoint", record, "--repo", repo.root, "--now", "2026-03-01T13:00:00Z", "--by", "agent-b"], repo.root);
    expect(run.code).toBe(0);
    const after = readFileSync(record);
    expect([...after.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(outside(after.toString("utf8"))).toBe(before);
    expect(after.toString("utf8")).toContain(`checkpoint: 2\nupdated: 2026-03-01T13:00:00Z\nby: agent-b\n`);
    expect(after.toString("utf8")).toContain(`head: ${second.slice(0, 12)} second commit\nrecent:\n- ${second.slice(0, 12)} second commit\n- `);
    expect(after.toString("utf8")).toContain("uncommitted:\n<!-- machine-record:end -->");
  });

  it("verifies MATCH right after a checkpoint, with the record inside the checkout excluded", async () => {
    const inside = path.join(repo.root, "progress.md");
    repo.write("notes with spaces.md", "x\n");
    await cli(["checkpoint", "progress.md", "--now", NOW], repo.root);
    expect(await cli(["checkpoint", "--verify", inside], os.tmpdir())).toEqual({
      code: 0,
      stdout: `checkpoint 1 of ${NOW}, by Test Writer\nMATCH\n`,
      stderr: "",
    });
  });

  it("names each kind of drift: head moved, branch, new, changed, settled, gone", async () => {
    repo.write("tracked.txt", "one\n");
    repo.write("doomed.txt", "bye\n");
    const base = repo.commit("add files");
    repo.write("tracked.txt", "edited\n"); // uncommitted, will change again
    repo.write("late é.txt", "late\n"); // untracked, will be deleted
    repo.write("keep.txt", "keep\n"); // untracked, will be committed
    await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);

    repo.git("checkout", "-q", "-b", "feature");
    repo.git("add", "keep.txt");
    repo.git("commit", "-q", "-m", "keep it");
    const head = repo.git("rev-parse", "HEAD");
    repo.write("tracked.txt", "edited again\n");
    unlinkSync(path.join(repo.root, "late é.txt"));
    unlinkSync(path.join(repo.root, "doomed.txt"));
    repo.write("fresh dir/ünïcode.md", "new\n");

    expect(await cli(["checkpoint", "--verify", record], repo.root)).toEqual({
      code: 1,
      stdout: [
        `checkpoint 1 of ${NOW}, by Test Writer`,
        "DRIFT branch main -> feature",
        `DRIFT head moved ${base.slice(0, 12)}..${head.slice(0, 12)} (1 commit since)`,
        "DRIFT new: doomed.txt",
        "DRIFT new: fresh dir/ünïcode.md",
        "DRIFT settled: keep.txt (no longer uncommitted)",
        "DRIFT gone: late é.txt",
        "DRIFT changed: tracked.txt",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("counts several commits and reports rewritten history", async () => {
    await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);
    const recorded = repo.git("rev-parse", "HEAD");
    repo.git("commit", "-q", "--allow-empty", "-m", "two");
    repo.git("commit", "-q", "--allow-empty", "-m", "three");
    const head = repo.git("rev-parse", "HEAD");
    const moved = await cli(["checkpoint", "--verify", record], repo.root);
    expect(moved.stdout.split("\n")[1]).toBe(`DRIFT head moved ${recorded.slice(0, 12)}..${head.slice(0, 12)} (2 commits since)`);

    repo.git("checkout", "-q", "--orphan", "other");
    repo.git("commit", "-q", "--allow-empty", "-m", "unrelated");
    const orphan = repo.git("rev-parse", "HEAD");
    const rewritten = await cli(["checkpoint", "--verify", record], repo.root);
    expect(rewritten.stdout.split("\n").slice(1)).toEqual([
      "DRIFT branch main -> other",
      `DRIFT head moved ${recorded.slice(0, 12)}..${orphan.slice(0, 12)} (recorded commit is not an ancestor of HEAD: history was rewritten or another line of work is checked out)`,
      "",
    ]);
  });

  it("records a detached HEAD", async () => {
    repo.git("checkout", "-q", "--detach");
    await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);
    expect(readFileSync(record, "utf8")).toContain("branch: (detached)\n");
    expect((await cli(["checkpoint", "--verify", record], repo.root)).stdout).toBe(`checkpoint 1 of ${NOW}, by Test Writer\nMATCH\n`);
  });

  it("exits 2 with one line for an unusable record and writes nothing outside a work tree", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "handoffkit-nogit-"));
    try {
      const missing = await cli(["checkpoint", "--verify", path.join(scratch, "missing.md")], scratch);
      expect(missing).toEqual({ code: 2, stdout: "", stderr: `handoff: ${path.join(scratch, "missing.md")}: no such file\n` });
      writeFileSync(path.join(scratch, "plain.md"), "no markers here\n");
      const plain = await cli(["checkpoint", "--verify", "plain.md"], scratch);
      expect(plain).toEqual({
        code: 2,
        stdout: "",
        stderr: `handoff: ${path.join(scratch, "plain.md")}: no machine record (<!-- machine-record:start --> … <!-- machine-record:end -->)\n`,
      });
      writeFileSync(path.join(scratch, "broken.md"), "<!-- machine-record:start -->\ncheckpoint: one\n<!-- machine-record:end -->\n");
      const broken = await cli(["checkpoint", "--verify", "broken.md"], scratch);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toBe(`handoff: ${path.join(scratch, "broken.md")}: unusable record: the record has no 'updated:' line\n`);
      const nogit = await cli(["checkpoint", "nogit.md", "--now", NOW], scratch);
      expect(nogit.code).toBe(2);
      expect(nogit.stderr.split("\n")).toHaveLength(2);
      expect(existsSync(path.join(scratch, "nogit.md"))).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("puts the block above an existing file without markers, keeping its bytes", async () => {
    writeFileSync(record, "# My notes\r\n\r\nkeep me  \r\n");
    await cli(["checkpoint", record, "--repo", repo.root, "--now", NOW], repo.root);
    const text = readFileSync(record, "utf8");
    expect(text.startsWith("<!-- machine-record:start -->\r\ncheckpoint: 1\r\n")).toBe(true);
    expect(text.endsWith("<!-- machine-record:end -->\r\n\r\n# My notes\r\n\r\nkeep me  \r\n")).toBe(true);
    expect((await cli(["checkpoint", "--verify", record], repo.root)).stdout.split("\n")[1]).toBe("MATCH");
  });
});
