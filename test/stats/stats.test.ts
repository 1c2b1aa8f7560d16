import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { runStats } from "../../src/6-front-ends/cli/stats.js";
import { JOB_RECORD_PATTERNS } from "../../src/4-report/stats/facts.js";
import { parseGate, type StatsReport } from "../../src/4-report/stats/figures.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

async function statsJson(cwd: string, paths: string[]): Promise<StatsReport> {
  const cap = captureIO(cwd);
  const code = await runStats(paths, { format: "json" }, cap.io);
  expect(cap.stderr()).toBe("");
  expect(code).toBe(0);
  return JSON.parse(cap.stdout()) as StatsReport;
}

function figure(report: StatsReport, id: string): string {
  const f = report.figures.find((x) => x.id === id);
  return f ? `${f.count}/${f.total}` : "absent";
}

describe("handoff stats on corpus/adoption-35", () => {
  it("reports exactly 14 v1, 10 Hypotheses and 21 job records of 35", async () => {
    const report = await statsJson(repoRoot, ["corpus/adoption-35"]);
    expect([report.files, report.handoffs, report.pointers, report.other]).toEqual([35, 35, 0, 0]);
    expect(figure(report, "v1-headings")).toBe("14/35");
    expect(figure(report, "hypotheses")).toBe("10/35");
    expect(figure(report, "job-records")).toBe("21/35");
    expect(report.figures.find((f) => f.id === "v1-headings")?.share).toBe(0.4);
    expect(figure(report, "profile:contract")).toBe("14/35");
    expect(figure(report, "profile:generic")).toBe("21/35");
    expect(figure(report, "section:contract:Next action")).toBe("14/14");
    expect(figure(report, "zero-errors")).toBe("35/35");
  });

  it("gates CI with --fail-under: exit 1 below the share, 0 at or above it", async () => {
    const below = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["v1-headings=41%"] }, below.io)).toBe(1);
    expect(below.stderr()).toBe("handoff: v1-headings is 40.0% (14 of 35), under the minimum 41.0%\n");
    const at = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["v1-headings=0.4"] }, at.io)).toBe(0);
    const absent = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["profile:hatch3r=10%"] }, absent.io)).toBe(1);
    expect(absent.stderr()).toBe("handoff: profile:hatch3r is 0.0% (0 of 35), under the minimum 10.0%\n");
    const unknown = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["nope=0.1"] }, unknown.io)).toBe(2);
    expect(unknown.stderr()).toBe("handoff: --fail-under names unknown figure 'nope'\n");
  });

  it("takes a maximum for figures that count problems, and names the maximum form when a minimum fails on one", async () => {
    const none = captureIO(repoRoot);
    expect(
      await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["expired<=0", "secret-findings<=0%", "injection-findings<=0"] }, none.io),
    ).toBe(0);
    expect(none.stderr()).toBe("");
    const trust = captureIO(repoRoot);
    expect(
      await runStats(["corpus/trust"], { format: "table", failUnder: ["expired<=0", "expired=10%"], now: new Date("2026-03-02T09:00:00Z") }, trust.io),
    ).toBe(1);
    expect(trust.stderr()).toBe("handoff: expired is 20.0% (1 of 5), over the maximum 0.0%\n");
    const minimum = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "table", failUnder: ["expired=10%"] }, minimum.io)).toBe(1);
    expect(minimum.stderr()).toBe(
      "handoff: expired is 0.0% (0 of 35), under the minimum 10.0% (expired counts problems: for a maximum write expired<=10.0%)\n",
    );
  });

  it("passes a gate on a figure of 0 of 0 with a note, with the table's denominator for an absent profile's section", async () => {
    const cap = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "json", failUnder: ["integrity-valid=90%", "section:hatch3r:Problem=50%"] }, cap.io)).toBe(0);
    expect(cap.stderr()).toBe(
      "handoff: note: integrity-valid has no documents to measure (0 of 0): the gate integrity-valid>=90.0% passes\n" +
        "handoff: note: section:hatch3r:Problem has no documents to measure (0 of 0): the gate section:hatch3r:Problem>=50.0% passes\n",
    );
    const report = JSON.parse(cap.stdout()) as StatsReport;
    expect(report.figures.find((f) => f.id === "integrity-valid")).toMatchObject({ count: 0, total: 0 });
  });

  it("parses gates as shares or percentages and refuses malformed ones", () => {
    expect(parseGate("v1-headings=40%")).toEqual({ id: "v1-headings", op: ">=", share: 0.4 });
    expect(parseGate("v1-headings>=0.4")).toEqual({ id: "v1-headings", op: ">=", share: 0.4 });
    expect(parseGate("expired<=0")).toEqual({ id: "expired", op: "<=", share: 0 });
    expect(parseGate("section:hatch3r:Build & Test Status=0.75")).toEqual({ id: "section:hatch3r:Build & Test Status", op: ">=", share: 0.75 });
    expect(() => parseGate("v1-headings")).toThrow(/FIGURE=SHARE, FIGURE>=SHARE or FIGURE<=SHARE/);
    expect(() => parseGate("v1-headings=150%")).toThrow(/between 0 and 1/);
  });

  it("renders the Markdown job summary with the figure rows and appends it with --summary", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hk-summary-"));
    const summaryFile = path.join(dir, "summary.md");
    writeFileSync(summaryFile, "before\n");
    const cap = captureIO(repoRoot, { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summaryFile });
    expect(await runStats(["corpus/adoption-35"], { format: "markdown", summary: true }, cap.io)).toBe(0);
    const text = cap.stdout();
    expect(text.split("\n").slice(0, 6)).toEqual([
      "## Handoff adoption",
      "",
      "35 files: 35 handoffs, 0 pointer files, 0 other files.",
      "",
      "| figure | id | count | share |",
      "| --- | --- | ---: | ---: |",
    ]);
    expect(text).toContain("| v1 headings (Durable context, Verified facts, Next action) | `v1-headings` | 14 of 35 | 40.0% |");
    expect(text).toContain("| contract: section 'Next action' | `section:contract:Next action` | 14 of 14 | 100.0% |");
    expect(readFileSync(summaryFile, "utf8")).toBe(`before\n${text}`);
    rmSync(dir, { recursive: true, force: true });
  });

  it("draws one bar per figure in the SVG chart, with escaped labels", async () => {
    const cap = captureIO(repoRoot);
    expect(await runStats(["corpus/adoption-35"], { format: "svg" }, cap.io)).toBe(0);
    const svg = cap.stdout();
    const report = await statsJson(repoRoot, ["corpus/adoption-35"]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // Well-formed XML: no element repeats an attribute.
    for (const tag of svg.match(/<[a-z]+\b[^>]*>/g) ?? []) {
      const names = [...tag.matchAll(/\s([a-z-]+)=/g)].map((m) => m[1]);
      expect(new Set(names).size, tag).toBe(names.length);
    }
    expect(svg.match(/<title>/g)?.length).toBe(report.figures.length);
    expect(svg).toContain("<title>v1 headings (Durable context, Verified facts, Next action): 14 of 35 (40%) — v1-headings</title>");
    expect(svg).toContain("contract: section &apos;Next action&apos;");
  });
});

describe("handoff stats on corpus/", () => {
  it("pins every figure of the whole bundled corpus (fixed clock for the expiry figure)", async () => {
    const cap = captureIO(repoRoot);
    expect(await runStats(["corpus"], { format: "json", now: new Date("2026-12-01T00:00:00Z") }, cap.io)).toBe(0);
    const report = JSON.parse(cap.stdout()) as StatsReport;
    expect([report.files, report.handoffs, report.pointers, report.other]).toEqual([112, 109, 0, 3]);
    expect(Object.fromEntries(report.figures.map((f) => [f.id, `${f.count}/${f.total}`]))).toEqual({
      "profile:contract": "24/109",
      "profile:generic": "53/109",
      "profile:hatch3r": "16/109",
      "profile:sno": "6/109",
      "profile:verified-delivery": "10/109",
      "v1-headings": "21/109",
      hypotheses: "24/109",
      "next-action": "95/97",
      "job-records": "40/109",
      "frontmatter-present": "25/109",
      "frontmatter-valid": "11/25",
      "section:contract:Goal": "24/24",
      "section:contract:Verified facts": "22/24",
      "section:contract:Unresolved work": "24/24",
      "section:contract:Next action": "23/24",
      "section:hatch3r:Problem": "16/16",
      "section:hatch3r:Decisions": "16/16",
      "section:hatch3r:Work Done": "16/16",
      "section:hatch3r:Work Remaining": "16/16",
      "section:hatch3r:Blockers": "16/16",
      "section:hatch3r:Next Steps": "16/16",
      "section:hatch3r:Build & Test Status": "16/16",
      "section:hatch3r:File Manifest": "15/16",
      "section:sno:Objective and authorization": "4/4",
      "section:sno:Done": "4/4",
      "section:sno:Next": "4/4",
      "section:sno:Decisions and assumptions": "4/4",
      "section:sno:Risks and open questions": "3/4",
      "integrity-present": "15/109",
      "integrity-valid": "13/15",
      expired: "5/109",
      "secret-findings": "0/109",
      "injection-findings": "9/109",
      "zero-errors": "67/109",
    });
  });
});

describe("job record patterns", () => {
  const matches = (text: string) => JOB_RECORD_PATTERNS.filter((p) => p.pattern.test(text)).map((p) => p.id);
  it.each([
    ["worker is PID 4242", ["pid"]],
    ["(pid=77)", ["pid"]],
    ["see /tmp/train-3.log", ["log-path"]],
    ["nohup ./x.sh > out.txt &", ["log-path"]],
    ["it exited 1", ["exit-code"]],
    ["exit code 137 after OOM", ["exit-code"]],
    ["rc=0", ["exit-code"]],
  ])("counts %j", (text, ids) => {
    expect(matches(text)).toEqual(ids);
  });
  it.each(["we call console.log('x') here", "ignore `.log` files", "the rapid exit of users", "exit criteria: 3 green runs"])("does not count %j", (text) => {
    expect(matches(text)).toEqual([]);
  });
});

describe("pointer files", () => {
  it("counts a file holding only a path to another handoff apart, not as a failing handoff", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hk-pointer-"));
    writeFileSync(path.join(dir, "LATEST.md"), "handoffs/2026-11-28-session.md\n");
    writeFileSync(path.join(dir, "real.md"), "# Notes\n\n## Next steps\n\n- ship it\n");
    const report = await statsJson(dir, ["."]);
    expect([report.files, report.handoffs, report.pointers, report.other]).toEqual([2, 1, 1, 0]);
    // Singular where a count is 1, in every text format.
    const table = captureIO(dir);
    expect(await runStats(["."], { format: "table" }, table.io)).toBe(0);
    expect(table.stdout().split("\n")[0]).toBe("2 files: 1 handoff, 1 pointer file, 0 other files");
    const markdown = captureIO(dir);
    expect(await runStats(["."], { format: "markdown" }, markdown.io)).toBe(0);
    expect(markdown.stdout().split("\n")[2]).toBe("2 files: 1 handoff, 1 pointer file, 0 other files.");
    const html = captureIO(dir);
    expect(await runStats(["."], { format: "html" }, html.io)).toBe(0);
    expect(html.stdout()).toContain("<caption>2 files: 1 handoff, 1 pointer file, 0 other files</caption>");
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("stats --history", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hk-history-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_DATE: "2026-11-01T10:00:00Z", GIT_COMMITTER_DATE: "2026-11-01T10:00:00Z" } });

  it("computes the figures at each commit that changed the directory, oldest first, from git objects", async () => {
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "T");
    execFileSync("mkdir", ["-p", path.join(dir, "handoffs")]);
    writeFileSync(path.join(dir, "handoffs", "a.md"), "# A\n\n## Next steps\n\n- x\n");
    git("add", ".");
    git("commit", "-qm", "one");
    writeFileSync(
      path.join(dir, "handoffs", "b file.md"),
      "# HANDOFF b 2026-11-02\n\n## Goal\n\ng\n\n## Durable context\n\nc\n\n## Verified facts\n\n- `x` ok\n\n## Hypotheses\n\n- h\n\n## Unresolved work\n\n- u\n\n## Next action\n\nn\n",
    );
    git("add", ".");
    git("commit", "-qm", "two");
    writeFileSync(path.join(dir, "unrelated.log"), "not a handoff dir change\n");
    git("add", ".");
    git("commit", "-qm", "three");
    // Working-tree edits are not history: they must not show up.
    writeFileSync(path.join(dir, "handoffs", "c.md"), "# C\n");
    const cap = captureIO(dir);
    expect(await runStats(["handoffs"], { format: "json", history: true }, cap.io)).toBe(0);
    const points = JSON.parse(cap.stdout()) as Array<{ commit: string; report: StatsReport }>;
    expect(points.map((p) => [p.report.handoffs, figure(p.report, "v1-headings"), figure(p.report, "hypotheses")])).toEqual([
      [1, "0/1", "0/1"],
      [2, "1/2", "1/2"],
    ]);
    const table = captureIO(dir);
    expect(await runStats(["handoffs"], { format: "table", history: true }, table.io)).toBe(0);
    const lines = table.stdout().trimEnd().split("\n");
    expect(lines[0]).toBe("commit   date        handoffs  v1-headings  hypotheses  job-records  zero-errors");
    expect(lines.length).toBe(3);
    expect(lines[2]?.endsWith("2026-11-01         2          1/2         1/2          0/2          2/2")).toBe(true);
    // From the repository root as well (the directory itself is the repository).
    const atRoot = captureIO(dir);
    expect(await runStats(["."], { format: "markdown", history: true, failUnder: ["v1-headings=0.6"] }, atRoot.io)).toBe(1);
    expect(atRoot.stdout().split("\n").slice(0, 4)).toEqual([
      "## Handoff adoption over time",
      "",
      "| commit | date | handoffs | v1-headings | hypotheses | job-records | zero-errors |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]);
    expect(atRoot.stderr()).toBe("handoff: v1-headings is 50.0% (1 of 2), under the minimum 60.0%\n");
    const glob = captureIO(dir);
    expect(await runCli(["stats", "handoffs/*.md", "--history"], glob.io)).toBe(2);
    expect(glob.stderr()).toBe("handoff: --history takes a directory inside a git repository; 'handoffs/*.md' is not a directory\n");
  });
});
