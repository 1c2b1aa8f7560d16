import path from "node:path";
import { describe, expect, it } from "vitest";
import { runStats } from "../../src/6-front-ends/cli/stats.js";
import { type StatsReport } from "../../src/4-report/stats/figures.js";
import { captureIO } from "../helpers/capture-io.js";
import { publicCorpusDir as sharedCorpus, repoRoot } from "../helpers/locations.js";

const SHARED_CORPUS_MISSING = "../shared/corpus-public is absent (a fresh clone without CI's shared folder): skipping";

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

describe("handoff stats on ../shared/corpus-public/docs", () => {
  it.skipIf(!sharedCorpus)(sharedCorpus ? "pins the real corpus figures" : SHARED_CORPUS_MISSING, async () => {
    const report = await statsJson(repoRoot, [path.join(sharedCorpus as string, "docs")]);
    expect([report.files, report.handoffs, report.pointers, report.other]).toEqual([76, 73, 2, 1]);
    expect(figure(report, "v1-headings")).toBe("0/73");
    expect(figure(report, "hypotheses")).toBe("4/73");
    expect(figure(report, "next-action")).toBe("56/57");
    expect(figure(report, "job-records")).toBe("12/73");
    expect(figure(report, "frontmatter-present")).toBe("10/73");
  });
});
