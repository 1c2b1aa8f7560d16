import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { applyBaseline, createBaseline, fingerprintDiagnostic, readBaseline } from "../../src/3-check/engine/baseline.js";
import { ConfigError } from "../../src/3-check/engine/config.js";
import { valueDigest, type Diagnostic, type FileResult } from "../../src/3-check/engine/diagnostic.js";
import { maskResults } from "../../src/3-check/secrets/mask.js";
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";

const r = randomStrings(8080);
const token = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;
const other = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;

const finding = (secret: string, line: number): Diagnostic => ({
  ruleId: "no-secrets",
  severity: "error",
  message: "GitHub token",
  line,
  column: 1,
  endLine: line,
  endColumn: 41,
  offset: 0,
  endOffset: 40,
  messageId: "secret",
  secrets: [secret],
});
const file = (diagnostics: Diagnostic[]): FileResult => ({ path: "docs/a.md", profile: "generic", diagnostics, internalErrors: [] });

describe("baseline", () => {
  it("fingerprints ruleId + path + value with SHA-256, independent of the line", () => {
    const a = fingerprintDiagnostic("docs/a.md", finding(token, 3));
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fingerprintDiagnostic("docs/a.md", finding(token, 90))).toBe(a);
    expect(fingerprintDiagnostic("docs/b.md", finding(token, 3))).not.toBe(a);
    expect(fingerprintDiagnostic("docs/a.md", finding(other, 3))).not.toBe(a);
    expect(a).not.toContain(token.slice(4, 12));
  });

  it("fingerprints a masked finding (secret gone, valueDigest kept) exactly as the raw one", () => {
    const raw = finding(token, 3);
    const [masked] = maskResults([file([{ ...raw, valueDigest: valueDigest(raw) }])]);
    const diagnostic = masked?.diagnostics[0];
    expect(diagnostic && "secrets" in diagnostic).toBe(false);
    expect(diagnostic && fingerprintDiagnostic("docs/a.md", diagnostic)).toBe(fingerprintDiagnostic("docs/a.md", raw));
  });

  it("suppresses accepted findings of masked results and counts them", () => {
    const withDigest = (d: Diagnostic): Diagnostic => ({ ...d, message: `GitHub token ${d.secrets?.[0]}`, valueDigest: valueDigest(d) });
    const baseline = createBaseline(maskResults([file([withDigest(finding(token, 3))])]));
    const outcome = applyBaseline(maskResults([file([withDigest(finding(token, 7)), withDigest(finding(other, 8))])]), baseline);
    expect(outcome.suppressed).toBe(1);
    expect(outcome.results[0]?.diagnostics.map((d) => d.line)).toEqual([8]);
    expect(outcome.results[0]?.diagnostics[0]?.message).not.toContain(other.slice(8, 13));
  });

  describe("CLI", () => {
    let dir: string;
    const io = () => {
      let stdout = "";
      let stderr = "";
      return {
        io: { cwd: dir, env: { NO_COLOR: "1" }, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } },
        out: () => stdout,
        err: () => stderr,
      };
    };
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), "handoff-baseline-"));
      writeFileSync(path.join(dir, "h.md"), `# H\n\n## Next steps\n\nUse ${token} for now.\n`);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("--write-baseline records findings without values; --baseline then suppresses them after lines move", async () => {
      const first = io();
      expect(await runCli(["lint", "--no-config", "--write-baseline", "b.json", "h.md"], first.io)).toBe(0);
      expect(first.err()).toBe("handoff: wrote 1 finding to baseline b.json\nhandoff: 1 finding suppressed by baseline b.json\n");
      const written = readFileSync(path.join(dir, "b.json"), "utf8");
      expect(written).not.toContain(token.slice(4, 12));
      expect(readBaseline(path.join(dir, "b.json")).findings).toEqual([
        { ruleId: "no-secrets", path: "h.md", fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      ]);

      writeFileSync(path.join(dir, "h.md"), `# H\n\nmoved down\n\n## Next steps\n\nUse ${token} for now.\n`);
      const second = io();
      expect(await runCli(["lint", "--no-config", "--baseline", "b.json", "h.md"], second.io)).toBe(0);
      expect(second.err()).toBe("handoff: 1 finding suppressed by baseline b.json\n");

      writeFileSync(path.join(dir, "h.md"), `# H\n\n## Next steps\n\nUse ${other} for now.\n`);
      const third = io();
      expect(await runCli(["lint", "--no-config", "--baseline", "b.json", "--format", "json", "h.md"], third.io)).toBe(1);
      expect(third.err()).toBe("handoff: 0 findings suppressed by baseline b.json\n");
      expect(JSON.parse(third.out()).files[0].diagnostics.map((d: Diagnostic) => d.ruleId)).toEqual(["no-secrets"]);
    });

    it("reads the baseline named by config, relative to the config file", async () => {
      const first = io();
      await runCli(["lint", "--no-config", "--write-baseline", "b.json", "h.md"], first.io);
      writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify({ baseline: "b.json" }));
      const second = io();
      expect(await runCli(["lint", "h.md"], second.io)).toBe(0);
      expect(second.err()).toBe("handoff: 1 finding suppressed by baseline b.json\n");
    });

    it("a broken baseline file is a usage error, exit 2", async () => {
      writeFileSync(path.join(dir, "b.json"), '{"version":2}');
      const run = io();
      expect(await runCli(["lint", "--no-config", "--baseline", "b.json", "h.md"], run.io)).toBe(2);
      expect(run.err()).toBe(`handoff: baseline ${path.join(dir, "b.json")}: expected {"version":1,"findings":[…]}\n`);
    });
  });

  it("readBaseline throws ConfigError for a missing file", () => {
    expect(() => readBaseline("/nonexistent/b.json")).toThrow(ConfigError);
  });
});
