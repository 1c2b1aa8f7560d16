/**
 * `corpus/frontmatter-languages/`: one hatch3r handoff whose frontmatter is written in YAML, JSON
 * (`---json`), TOML (`+++`) and TOML (`---toml`), with the same values and the same body. Every
 * rule must find the same things in all four: same profile, same findings, same digest, and the
 * same fields at the same keys.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { cli } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";

const FILES = ["hatch3r-yaml.md", "hatch3r-json.md", "hatch3r-toml.md", "hatch3r-toml-dashes.md"].map((f) => `corpus/frontmatter-languages/${f}`);
const DIGEST = "sha256:5299f6c9d200793c8db4ca7c5f7ebafbf1fc0366da101ab701400269d90f30a2";

describe("corpus/frontmatter-languages", () => {
  let results: FileResult[];
  beforeAll(async () => {
    const session = createSession({ cwd: repoRoot, config: {}, now: new Date("2026-12-01T00:00:00Z") });
    results = (await lintPaths(FILES, session, undefined, { workers: 0 })).results;
  });

  it("lints the four files with the same profile and the same findings, whatever the frontmatter language", () => {
    const byFile = FILES.map((file) => {
      const result = results.find((r) => r.path === file);
      return { profile: result?.profile, findings: result?.diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.message}`) };
    });
    expect(byFile[0]).toEqual({
      profile: "hatch3r",
      findings: [
        "error expiry Handoff expired 2026-02-11T10:30:00Z (292 days before now, 2026-12-01T00:00:00Z; from expires_after); the hatch3r profile refuses to resume an expired handoff",
        "error frontmatter-schema 'status' is \"done\"; allowed: open, in-progress, blocked, handed-off, resumed, completed, archived",
      ],
    });
    for (const other of byFile.slice(1)) expect(other).toEqual(byFile[0]);
  });

  it("points each finding at the value in its own language's source", () => {
    const spans = FILES.map((file) => {
      const result = results.find((r) => r.path === file);
      return result?.diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn}`);
    });
    expect(spans).toEqual([
      ["6:16-6:38", "7:9-7:13"],
      ["7:20-7:42", "8:13-8:19"],
      ["6:17-6:37", "7:10-7:16"],
      ["6:17-6:37", "7:10-7:16"],
    ]);
  });

  it("verifies the same sealed digest in every language", async () => {
    const run = await cli(["verify", ...FILES], repoRoot);
    expect(run).toEqual({ code: 0, stdout: FILES.map((f) => `${f}: integrity ok ${DIGEST} (the body only: the frontmatter is not sealed; 'handoff seal' adds integrity_frontmatter)\n`).join(""), stderr: "" });
  });

  it("gives the same stats for each file (but its path): frontmatter present, integrity valid, expired", async () => {
    const outputs = await Promise.all(
      FILES.map(async (file) => (await cli(["stats", "--format", "json", "--no-config", "--now", "2026-12-01T00:00:00Z", file], repoRoot)).stdout.replaceAll(file, "FILE")),
    );
    const figures = JSON.parse(outputs[0] as string).figures as Array<{ id: string; count: number }>;
    const counts = Object.fromEntries(figures.map((f) => [f.id, f.count]));
    expect(counts).toMatchObject({ "frontmatter-present": 1, "frontmatter-valid": 0, "integrity-present": 1, "integrity-valid": 1, expired: 1 });
    for (const output of outputs.slice(1)) expect(output).toBe(outputs[0]);
  });
});
