import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/git-repo.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SEALED = "sha256:edf978dcc741f30e26eab53f4eb36798685a7e163a2d2c2d3d8588a4aa280933";

describe("corpus/trust", () => {
  it("keeps the CRLF example's bytes (see .gitattributes)", () => {
    const bytes = readFileSync(path.join(repoRoot, "corpus/trust/crlf-rewritten-hatch3r.md"));
    expect(bytes.includes(Buffer.from("---\r\nid: "))).toBe(true);
    expect(bytes.toString("latin1").replace(/\r\n/g, "").includes("\n")).toBe(false);
  });

  it("verifies each example as what it shows", async () => {
    const run = await cli(
      ["verify", "corpus/trust/sealed-hatch3r.md", "corpus/trust/expired-hatch3r.md", "corpus/trust/tampered-hatch3r.md", "corpus/trust/crlf-rewritten-hatch3r.md"],
      repoRoot,
    );
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toEqual([
      `corpus/trust/sealed-hatch3r.md: integrity ok ${SEALED} (the body only: the frontmatter is not sealed; 'handoff seal' adds integrity_frontmatter)`,
      `corpus/trust/expired-hatch3r.md: integrity ok ${SEALED} (the body only: the frontmatter is not sealed; 'handoff seal' adds integrity_frontmatter)`,
      `corpus/trust/tampered-hatch3r.md: integrity mismatch: the body changed after sealing (recorded ${SEALED}, computed sha256:7fd03932c36a256416895bfa5cbcdff5d82355120fffcf4c6c8281439a9d2940)`,
      "corpus/trust/crlf-rewritten-hatch3r.md: line endings rewritten since sealing (sealed with LF, now CRLF); the content is unchanged: add '*.md text eol=lf' to .gitattributes and re-check out the file",
      "",
    ]);
  });

  it("checks the cutover brief by its bytes", async () => {
    const run = await cli(
      ["verify", "--brief", "corpus/trust/cutover-brief.md", "--bytes", "422", "--sha256", "d0adf8b9b31e092cf963661d5b916669a2ddac6186f63a18dc20f3a268eaf4a1"],
      repoRoot,
    );
    expect(run.code).toBe(0);
  });

  it("lints the expired example as expired with a fixed clock", async () => {
    const run = await cli(["lint", "--no-config", "--format", "json", "--now", "2026-12-01T00:00:00Z", "corpus/trust/"], repoRoot);
    const report = JSON.parse(run.stdout) as { files: Array<{ path: string; diagnostics: Array<{ ruleId: string; severity: string; line: number; message: string }> }> };
    const found = report.files.flatMap((f) => f.diagnostics.filter((d) => d.ruleId === "integrity" || d.ruleId === "expiry").map((d) => `${f.path}:${d.line} ${d.severity} ${d.ruleId}`));
    expect(found).toEqual([
      "corpus/trust/crlf-rewritten-hatch3r.md:15 warning integrity",
      "corpus/trust/expired-hatch3r.md:6 error expiry",
      "corpus/trust/tampered-hatch3r.md:15 error integrity",
    ]);
    expect(run.code).toBe(1);
  });

  it("refuses a --now that is not a date", async () => {
    expect(await cli(["lint", "--now", "tomorrow", "corpus/trust/"], repoRoot)).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: --now expects an ISO-8601 date-time such as 2026-03-01T12:00:00Z, got 'tomorrow'\n",
    });
  });
});
