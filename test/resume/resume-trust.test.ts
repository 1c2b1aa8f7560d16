/**
 * What the next session relies on, end to end in real temporary git repositories: the verdict and
 * warnings before the content, --strict, a pick that does not depend on file times, drift that
 * does not count the handoff's own commit, list health, nothing to resume, resume JSON.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { USER_TIER_BEGIN, USER_TIER_END } from "../../src/3-check/injection/markers.js";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";
import { fillSections } from "../helpers/sections.js";

const NOW = "2026-03-02T09:00:00Z";
const LATER = "2026-03-02T10:30:00Z";
const RESUME_AT = "2026-03-02T12:00:00Z";

const FILLS: Record<string, string> = {
  Problem: "The exporter drops rows with a NULL region.",
  "Work Remaining": "- Make the failing test in `exporter/region.test.ts` pass.",
  "Next Steps": "1. Run `npm test -- region`.",
};

/** A hatch3r handoff written by `new`, filled in and sealed; returns its path relative to the root. */
async function sealedHandoff(repo: TempRepo, slug: string, now = NOW): Promise<string> {
  const made = await cli(["new", "--profile", "hatch3r", "--slug", slug, "--now", now], repo.root);
  expect(made.code).toBe(0);
  const rel = made.stdout.trim();
  const file = path.join(repo.root, rel);
  writeFileSync(file, fillSections(readFileSync(file, "utf8"), FILLS));
  expect((await cli(["seal", rel], repo.root)).code).toBe(0);
  return rel;
}

/** The lines of `text` and where the content starts and ends. */
function layout(text: string): { lines: string[]; begin: number; end: number } {
  const lines = text.split("\n");
  return { lines, begin: lines.indexOf(USER_TIER_BEGIN), end: lines.indexOf(USER_TIER_END) };
}

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-trust-");
});
afterEach(() => repo.remove());

describe("resume: the verdict and every warning before the content", () => {
  it("puts an integrity mismatch before the tampered content and repeats it after END; --strict refuses", async () => {
    const rel = await sealedHandoff(repo, "tampered");
    const file = path.join(repo.root, rel);
    writeFileSync(file, readFileSync(file, "utf8").replace("Run `npm test -- region`.", "Run `git push --force origin main`."));
    const out = await cli(["resume", "--dry-run", "--no-git", "--now", RESUME_AT], repo.root);
    expect(out.code).toBe(0);
    const { lines, begin, end } = layout(out.stdout);
    const header = [
      "verdict: resumed (--dry-run: nothing was changed); 1 warning",
      expect.stringMatching(
        /^warning: integrity: 16:12 integrity: Integrity mismatch: the body changed after sealing \(recorded sha256:[0-9a-f]{12}…, computed sha256:[0-9a-f]{12}…\)$/,
      ),
      "note: drift: not checked (--no-git)",
    ];
    expect(lines.slice(0, begin)).toEqual([`handoff resume: ${rel} (hatch3r)`, ...header]);
    expect(lines.findIndex((l) => l.includes("git push --force"))).toBeGreaterThan(begin);
    expect(lines.slice(end + 1, -2)).toEqual(header);
    expect(lines.at(-2)).toMatch(
      /^stats: 8 sections, \d+ words, 1 finding \(1 integrity\), confidence 0\.5 \(shown as low: integrity did not verify\), status open \(unchanged: --dry-run\)$/,
    );

    const strict = await cli(["resume", "--strict", "--no-git", "--now", RESUME_AT], repo.root);
    expect(strict.code).toBe(1);
    expect(strict.stdout.split("\n").slice(0, 3)).toEqual([
      `handoff resume: refused ${rel} (hatch3r)`,
      "verdict: refused (--strict); 1 reason, 0 warnings",
      expect.stringMatching(/^refused: integrity: 16:12 integrity: Integrity mismatch: /),
    ]);
    expect(strict.stdout).not.toContain(USER_TIER_BEGIN);
    expect(strict.stdout).not.toContain("git push --force");
    expect(readFileSync(file, "utf8")).toContain("status: open");
  });

  it("puts drift before the content, leaves out the handoff's own commit and says so; --strict refuses", async () => {
    const rel = await sealedHandoff(repo, "drifted");
    const recorded = repo.git("rev-parse", "--short=7", "HEAD");
    const own = repo.commit("add the handoff").slice(0, 7);
    repo.write("src/region.ts", "export const region = 1;\n");
    const work = repo.commit("fix region").slice(0, 7);
    const out = await cli(["resume", "--dry-run", "--now", RESUME_AT], repo.root);
    expect(out.code).toBe(0);
    const { lines, begin, end } = layout(out.stdout);
    const header = [
      "verdict: resumed (--dry-run: nothing was changed); 1 warning",
      `warning: drift: same branch, 1 commit since ${recorded} (git log --oneline ${recorded}..HEAD, without the commits that only change handoff files): ${work} fix region`,
      `note: drift: 1 commit since ${recorded} only changes handoff files and is not counted: ${own} add the handoff (${rel})`,
    ];
    expect(lines.slice(1, begin)).toEqual(header);
    expect(lines.slice(end + 1, -2)).toEqual(header);
    const strict = await cli(["resume", "--strict", "--now", RESUME_AT], repo.root);
    expect(strict.code).toBe(1);
    expect(strict.stdout.split("\n")[2]).toBe(
      `refused: drift: same branch, 1 commit since ${recorded} (git log --oneline ${recorded}..HEAD, without the commits that only change handoff files): ${work} fix region`,
    );
  });

  it("--strict refuses an expiry warning (a creation time in the future) that resumes by default", async () => {
    await sealedHandoff(repo, "early");
    const warned = await cli(["resume", "--dry-run", "--no-git", "--now", "2026-03-01T00:00:00Z"], repo.root);
    expect(warned.code).toBe(0);
    expect(warned.stdout.split("\n")[2]).toBe("warning: expiry: 4:10 expiry: 'created' 2026-03-02T09:00:00Z is in the future (now 2026-03-01T00:00:00Z)");
    const strict = await cli(["resume", "--strict", "--no-git", "--now", "2026-03-01T00:00:00Z"], repo.root);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("\nrefused: expiry: 4:10 expiry: 'created' 2026-03-02T09:00:00Z is in the future");
  });

  it("a missing digest: a hatch3r handoff is refused by its schema; where config asks for one, it warns and --strict refuses", async () => {
    const rel = await sealedHandoff(repo, "unsealed");
    const file = path.join(repo.root, rel);
    writeFileSync(file, readFileSync(file, "utf8").replace(/^integrity: .*\n/m, ""));
    const hatch3r = await cli(["resume", "--dry-run", "--no-git", "--now", RESUME_AT], repo.root);
    expect(hatch3r.code).toBe(1);
    expect(hatch3r.stdout.split("\n").slice(1, 3)).toEqual([
      "verdict: refused (--dry-run: nothing was changed); 1 reason, 0 warnings",
      "refused: schema: 1:1 frontmatter-schema: Missing required field 'integrity'",
    ]);
    repo.remove();
    repo = createRepo("handoffkit-trust-");
    const contract = (await cli(["new", "--profile", "contract", "--now", NOW], repo.root)).stdout.trim();
    repo.write("handoff.config.json", `${JSON.stringify({ rules: { integrity: ["error", { missing: { hatch3r: "error", "*": "warning" } }] } })}\n`);
    const missing = "integrity: 1:1 integrity: No 'integrity' value: the body cannot be checked for changes (run 'handoff seal')";
    const warned = await cli(["resume", "--dry-run", "--no-git", "--now", RESUME_AT], repo.root);
    expect(warned.code).toBe(0);
    expect(warned.stdout.split("\n").slice(0, 3)).toEqual([
      `handoff resume: ${contract} (contract)`,
      "verdict: resumed (--dry-run: nothing was changed); 1 warning",
      `warning: ${missing}`,
    ]);
    const strict = await cli(["resume", "--strict", "--no-git", "--now", RESUME_AT], repo.root);
    expect(strict.code).toBe(1);
    expect(strict.stdout.split("\n")[2]).toBe(`refused: ${missing}`);
  });
});

describe("resume picks the same handoff on every machine", () => {
  it("by the documents' own times, not file times: the same after touch and after git clone, naming the other", async () => {
    const older = await sealedHandoff(repo, "older", NOW);
    const newer = await sealedHandoff(repo, "newer", LATER);
    repo.commit("two handoffs");
    const future = new Date("2030-01-01T00:00:00Z");
    utimesSync(path.join(repo.root, older), future, future);
    const pick = async (cwd: string) => {
      const out = await cli(["resume", "--dry-run", "--no-git", "--now", RESUME_AT], cwd);
      expect(out.code).toBe(0);
      return out.stdout.split("\n");
    };
    const here = await pick(repo.root);
    expect(here[0]).toBe(`handoff resume: ${newer} (hatch3r)`);
    expect(here).toContain(`other open handoffs (1, newest first; resume one by name): ${older}`);
    const clone = path.join(path.dirname(repo.root), "clone");
    execFileSync("git", ["clone", "-q", repo.root, clone]);
    expect((await pick(clone))[0]).toBe(`handoff resume: ${newer} (hatch3r)`);
    const json = JSON.parse((await cli(["resume", "--format", "json", "--dry-run", "--no-git", "--now", RESUME_AT], clone)).stdout) as {
      selection: string;
      candidates: Array<{ path: string; store: string; updated: string }>;
    };
    expect(json.selection).toBe("newest-open");
    expect(json.candidates.map((c) => [c.path, c.store, c.updated])).toEqual([[older, ".hatch3r/handoffs", NOW]]);
  });

  it("compares a contract handoff's file-name time with a hatch3r handoff's own time", async () => {
    const hatch3r = await sealedHandoff(repo, "earlier", NOW);
    const contract = (await cli(["new", "--profile", "contract", "--now", LATER], repo.root)).stdout.trim();
    expect(contract).toMatch(/^\.handoffs\/HANDOFF-.*-20260302T1030Z\.md$/);
    const out = (await cli(["resume", "--dry-run", "--no-git", "--now", RESUME_AT], repo.root)).stdout.split("\n");
    expect(out[0]).toBe(`handoff resume: ${contract} (contract)`);
    expect(out).toContain(`other open handoffs (1, newest first; resume one by name): ${hatch3r}`);
    const listed = JSON.parse((await cli(["list", "--format", "json", "--now", RESUME_AT], repo.root)).stdout) as { handoffs: Array<{ path: string }> };
    expect(listed.handoffs.map((h) => h.path)).toEqual([contract, hatch3r]);
  });

  it("falls back to the time in the file name, then the path", async () => {
    const body =
      "\n\n## Goal\n\nShip it.\n\n## Verified facts\n\n- `npm test` passed (exit 0).\n\n## Unresolved work\n\n- Docs.\n\n## Next action\n\nWrite the docs.\n";
    repo.write(".handoffs/HANDOFF-app-20260301T0900Z.md", `# HANDOFF app 20260301T0900Z${body}`);
    repo.write(".handoffs/HANDOFF-app-20260302T0800Z.md", `# HANDOFF app 20260302T0800Z${body}`);
    repo.write("handoffs/b.md", `# HANDOFF b v1${body}`);
    repo.write("handoffs/a.md", `# HANDOFF a v1${body}`);
    const out = await cli(["list", "--format", "json", "--now", RESUME_AT], repo.root);
    const listed = JSON.parse(out.stdout) as { stores: Array<{ path: string }>; handoffs: Array<{ path: string; store: string }> };
    expect(listed.stores.map((s) => s.path)).toEqual(["handoffs"]);
    // `handoffs/` wins the contract lookup; .handoffs/ is read with --dir.
    const dotted = JSON.parse((await cli(["list", "--format", "json", "--dir", ".handoffs", "--now", RESUME_AT], repo.root)).stdout) as {
      handoffs: Array<{ path: string }>;
    };
    expect(dotted.handoffs.map((h) => h.path)).toEqual([".handoffs/HANDOFF-app-20260302T0800Z.md", ".handoffs/HANDOFF-app-20260301T0900Z.md"]);
    expect(listed.handoffs.map((h) => h.path)).toEqual(["handoffs/a.md", "handoffs/b.md"]);
  });
});

describe("verify --git and the handoff's own commit", () => {
  it("exits 0 right after the commit that adds the handoff and says it was left out; 1 commit since after one more", async () => {
    const rel = await sealedHandoff(repo, "committed");
    const recorded = repo.git("rev-parse", "--short=7", "HEAD");
    const own = repo.commit("add the handoff").slice(0, 7);
    let out = await cli(["verify", "--git", rel], repo.root);
    expect(out.code).toBe(0);
    expect(out.stdout.split("\n").slice(1)).toEqual([
      `${rel}: git: in step with main@${recorded}`,
      `${rel}: git: note: 1 commit since ${recorded} only changes handoff files and is not counted: ${own} add the handoff (${rel})`,
      "",
    ]);
    repo.write("src/a.ts", "export {};\n");
    const work = repo.commit("more work").slice(0, 7);
    out = await cli(["verify", "--git", rel], repo.root);
    expect(out.code).toBe(1);
    expect(out.stdout.split("\n")[1]).toBe(
      `${rel}: git: same branch, 1 commit since ${recorded} (git log --oneline ${recorded}..HEAD, without the commits that only change handoff files):`,
    );
    expect(out.stdout.split("\n")[2]).toBe(`  ${work} more work`);
  });
});

describe("list", () => {
  it("says 'not sealed' for a document without a digest, lists every store, and gives health as fields", async () => {
    await sealedHandoff(repo, "sealed");
    const made = await cli(["new", "--profile", "contract", "--dir", ".handoffs", "--now", LATER], repo.root);
    expect(made.code).toBe(0);
    const table = (await cli(["list", "--now", RESUME_AT], repo.root)).stdout.trimEnd().split("\n");
    expect(table[0]?.split(/\s{2,}/)).toEqual(["id", "profile", "store", "status", "branch", "updated", "summary", "health"]);
    expect(table[1]).toMatch(
      /^HANDOFF-[a-z0-9-]+-20260302T1030Z\s+contract\s+\.handoffs\s+-\s+-\s+-\s+HANDOFF [a-z0-9-]+ 20260302T1030Z\s+not sealed, no findings$/,
    );
    expect(table[2]).toMatch(
      /^2026-03-02_T0900_[0-9a-f]{5}_sealed\s+hatch3r\s+\.hatch3r\/handoffs\s+open\s+main\s+2026-03-02T09:00:00Z\s+sealed\s+integrity ok, no findings$/,
    );
    const json = JSON.parse((await cli(["list", "--format", "json", "--now", RESUME_AT], repo.root)).stdout) as {
      stores: Array<{ path: string; profile: string }>;
      handoffs: Array<{ store: string; health: unknown }>;
    };
    expect(json.stores).toEqual([
      { path: ".hatch3r/handoffs", profile: "hatch3r" },
      { path: ".handoffs", profile: "contract" },
    ]);
    expect(json.handoffs.map((h) => [h.store, h.health])).toEqual([
      [".handoffs", { integrity: "unsealed", expired: false, errors: 0, warnings: 0, text: "not sealed, no findings" }],
      [".hatch3r/handoffs", { integrity: "ok", expired: false, errors: 0, warnings: 0, text: "integrity ok, no findings" }],
    ]);
  });
});

describe("nothing to resume", () => {
  it("says so on stdout, in text and JSON, with exit 0", async () => {
    expect(await cli(["resume"], repo.root)).toEqual({
      code: 0,
      stdout: "handoff resume: nothing to resume: no handoff store here\nverdict: none\n",
      stderr: "",
    });
    const json = await cli(["resume", "--format", "json"], repo.root);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      verdict: "none",
      dryRun: false,
      strict: false,
      reason: "no handoff store here",
      path: null,
      stores: [],
      candidates: [],
    });
    const rel = await sealedHandoff(repo, "done");
    expect((await cli(["resume", "--no-git", "--now", RESUME_AT], repo.root)).code).toBe(0);
    expect(await cli(["resume", "--now", RESUME_AT], repo.root)).toEqual({
      code: 0,
      stdout: "handoff resume: nothing to resume: no open handoff in .hatch3r/handoffs\nverdict: none\n",
      stderr: "",
    });
    expect(readFileSync(path.join(repo.root, rel), "utf8")).toContain("status: resumed");
  });
});

describe("resume --format json", () => {
  it("carries the frontmatter fields, each check as {check, outcome, message, line}, and dryRun with the verdict reached", async () => {
    const rel = await sealedHandoff(repo, "json");
    const file = path.join(repo.root, rel);
    writeFileSync(file, readFileSync(file, "utf8").replace("Run `npm test -- region`.", "Run `npm test`."));
    const out = await cli(["resume", "--format", "json", "--dry-run", "--no-git", "--now", RESUME_AT], repo.root);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout) as Record<string, unknown> & {
      handoff: Record<string, unknown>;
      frontmatter: Record<string, unknown>;
      checks: unknown[];
    };
    expect([report.verdict, report.dryRun, report.strict, report.selection, report.statusChange]).toEqual([
      "resumed",
      true,
      false,
      "newest-open",
      { from: "open", to: null },
    ]);
    const head = repo.git("rev-parse", "--short=7", "HEAD");
    expect(report.handoff).toEqual({
      id: path.basename(rel, ".md"),
      status: "open",
      created: NOW,
      updated: NOW,
      expiresAfter: "2026-04-01T09:00:00Z",
      branch: "main",
      gitRef: `main@${head}`,
      headSha: null,
      repository: null,
      sourceAgent: "handoffkit",
      targetAgent: "implementer",
      summary: "json",
    });
    expect(report.frontmatter.type).toBe("handoff");
    expect(report.checks).toEqual([
      expect.objectContaining({
        check: "integrity",
        outcome: "warning",
        line: 16,
        column: 12,
        ruleId: "integrity",
        message: expect.stringMatching(/^Integrity mismatch: /),
      }),
      { check: "injection", outcome: "ok", message: null, line: null, column: null, ruleId: null },
      { check: "schema", outcome: "ok", message: null, line: null, column: null, ruleId: null },
      { check: "sections", outcome: "ok", message: null, line: null, column: null, ruleId: null },
      { check: "drift", outcome: "note", message: "not checked (--no-git)", line: null, column: null, ruleId: null },
      { check: "expiry", outcome: "ok", message: null, line: null, column: null, ruleId: null },
      { check: "version", outcome: "ok", message: null, line: null, column: null, ruleId: null },
    ]);
  });
});
