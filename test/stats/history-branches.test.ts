import { afterAll, describe, expect, it } from "vitest";
import { runStats } from "../../src/6-front-ends/cli/stats.js";
import type { HistoryPoint } from "../../src/4-report/stats/line-chart.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo } from "../helpers/git-repo.js";

const CONTRACT =
  "# HANDOFF x 2026-03-01\n\n## Goal\n\ng\n\n## Durable context\n\nc\n\n## Verified facts\n\n- `x` ok\n\n## Unresolved work\n\n- u\n\n## Next action\n\nn\n";

describe("stats --history on a repository with a merged branch", () => {
  const repo = createRepo("hk-history-branches-");
  afterAll(() => repo.remove());

  it("follows the first-parent line: a side branch's commits are not points, its merge is", async () => {
    repo.write("handoffs/a.md", CONTRACT);
    repo.write("handoffs/b.md", CONTRACT);
    const base = repo.commit("two handoffs");
    repo.git("checkout", "-q", "-b", "side", base);
    repo.write("handoffs/c.md", "# C\n\n## Next steps\n\n- x\n");
    const side = repo.commit("side: a third, generic handoff");
    repo.git("checkout", "-q", "main");
    repo.write("handoffs/d.md", CONTRACT);
    const mainline = repo.commit("main: a third contract handoff");
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
    const merge = repo.git("rev-parse", "HEAD");
    const cap = captureIO(repo.root);
    expect(await runStats(["handoffs"], { format: "json", history: true }, cap.io)).toBe(0);
    const points = JSON.parse(cap.stdout()) as HistoryPoint[];
    expect(points.map((p) => p.commit)).toEqual([base, mainline, merge]);
    expect(points.map((p) => p.commit)).not.toContain(side);
    expect(points.map((p) => p.report.handoffs)).toEqual([2, 3, 4]);
  });
});
