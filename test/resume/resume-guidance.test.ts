/**
 * What `resume` tells the next session beyond the verdict: which findings it counts, the ways on
 * from an expired handoff, a warning the day before it expires, and a verified-delivery record's
 * arrays and objects as lists.
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";

const CREATED = "2026-03-02T09:00:00Z";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-resume-guidance-");
});
afterEach(() => repo.remove());

/** A hatch3r handoff from the template (expires_after: created + 30 days), and its id. */
async function newHandoff(): Promise<string> {
  const made = await cli(["new", "--profile", "hatch3r", "--slug", "guidance", "--now", CREATED], repo.root);
  expect(made.code).toBe(0);
  return path.basename(made.stdout.trim(), ".md");
}

describe("resume guidance", () => {
  it("gives the next step when it refuses an expired handoff", async () => {
    const id = await newHandoff();
    const out = await cli(["resume", "--no-git", "--dry-run", "--now", "2026-05-01T00:00:00Z"], repo.root);
    expect(out.code).toBe(1);
    expect(out.stdout.split("\n")).toContain(
      `note: expiry: to go on: extend expires_after (then run handoff seal if it is sealed), archive it (handoff status ${id} archived), or read it as of an earlier time with --now`,
    );
  });

  it("warns when the handoff expires within a day, and not before", async () => {
    await newHandoff();
    const soon = await cli(["resume", "--no-git", "--dry-run", "--now", "2026-03-31T21:00:00Z"], repo.root);
    expect(soon.code).toBe(0);
    expect(soon.stdout.split("\n").slice(1, 3)).toEqual([
      "verdict: resumed (--dry-run: nothing was changed); 1 warning",
      "warning: expiry: expires within a day: expires_after 2026-04-01T09:00:00Z is 12 h 0 min after now (2026-03-31T21:00:00Z); extend it if the work will take longer",
    ]);
    const early = await cli(["resume", "--no-git", "--dry-run", "--now", "2026-03-31T08:59:00Z"], repo.root);
    expect(early.stdout).not.toContain("expires within a day");
  });
});

describe("resume of a verified-delivery record", () => {
  it("renders its arrays and objects as lists and names the findings it counts", async () => {
    const out = await cli(["resume", "--no-git", "--dry-run", "--now", "2026-03-01T12:00:00Z", "corpus/verified-delivery/clean.json"], repoRoot);
    expect(out.code).toBe(0);
    const content = out.stdout.slice(out.stdout.indexOf("## Pending steps"), out.stdout.indexOf("## Stop reason"));
    expect(content).toBe(
      [
        "## Pending steps",
        "",
        "- run the test suite",
        "- open a pull request",
        "",
        "## Authorization boundary",
        "",
        "authorized:",
        "  - edit src/images/**",
        "  - run the test suite",
        "  - open a pull request",
        "out_of_scope:",
        "  - merge to main",
        "  - change the CDN configuration",
        "",
        "## Completed steps",
        "",
        "- gate: dependency bumped",
        "  verdict: pass",
        "  evidence: package-lock.json now pins sharp 0.34.1 (commit 5b0e7c2)",
        "- gate: unit tests",
        "  verdict: pass",
        "  evidence: npm test: 96 passed, exit 0",
        "",
        "",
      ].join("\n"),
    );
    expect(out.stdout).not.toContain('[\n  "');
    expect(out.stdout.split("\n").at(-2)).toBe("stats: 6 sections, 80 words, 1 finding (1 expiry)");
  });
});
