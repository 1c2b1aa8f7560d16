import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../src/3-check/engine/diagnostic.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { createSession, lintPaths, lintText } from "../src/3-check/lint.js";
import { repoRoot } from "./helpers/locations.js";

/** Everything a reader sees of a finding: position, rule, severity, message. */
const shown = (d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.severity} ${d.message}`;

function corpusFiles(dir = path.join(repoRoot, "corpus")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? corpusFiles(file) : [file];
  });
}

describe("line endings", () => {
  const session = createSession({ cwd: repoRoot, now: new Date("2026-12-01T00:00:00Z") });
  // Files that decode as text; the encoding fixtures report byte offsets, which CRLF shifts by design.
  const files = corpusFiles().filter((f) => {
    const text = lintText(f, readFileSync(f), session);
    return !text.diagnostics.some((d) => d.ruleId === "file-encoding");
  });

  it("covers the corpus files that are text (all but the three encoding fixtures)", () => {
    expect(files).toHaveLength(109);
  });

  for (const file of files) {
    it(`CRLF and LF give identical findings: ${path.relative(repoRoot, file)}`, () => {
      const text = readFileSync(file, "utf8");
      const lf = text.replace(/\r\n/g, "\n");
      const crlf = lf.replace(/\n/g, "\r\n");
      const a = lintText(file, lf, session);
      const b = lintText(file, crlf, session);
      // The integrity digest covers the exact bytes: converting line endings is reported on purpose
      // (as a line-ending rewrite, see test/rules/integrity.test.ts); every other finding must match.
      const same = (d: Diagnostic) => d.ruleId !== "integrity";
      expect(b.diagnostics.filter(same).map(shown)).toEqual(a.diagnostics.filter(same).map(shown));
      expect(b.profile).toBe(a.profile);
    });
  }

  it("CRLF and LF give identical findings for a document with findings of many rules", () => {
    const text = "---\nstatus: open\nstatus: done\n---\n# HANDOFF x v1\n## Goal\n\nTBD\n\n## Verified facts\n\n- it probably works\n\n## Next action\n";
    const lf = lintText("a.md", text, session);
    const crlf = lintText("a.md", text.replace(/\n/g, "\r\n"), session);
    expect(lf.diagnostics.map(shown)).toEqual([
      "3:1-3:2 frontmatter-syntax error Duplicate frontmatter key 'status'",
      "5:1-5:1 required-sections error Missing required section 'Unresolved work' (contract profile)",
      "6:1-6:8 required-sections error Required section 'Goal' is empty",
      "12:1-12:20 facts-hypotheses info Verified fact without evidence (a command, exit code, SHA, path or link)",
      "12:6-12:14 facts-hypotheses warning Hedged wording 'probably' in Verified facts: move the claim to Hypotheses until a command confirms it",
      "14:1-14:15 next-action error The next-action section 'Next action' is empty",
    ]);
    expect(crlf.diagnostics.map(shown)).toEqual(lf.diagnostics.map(shown));
  });
});

describe("lintPaths", () => {
  it("reports a rule that throws as an internal error and still runs the other rules", async () => {
    const broken: Rule = {
      meta: {
        id: "broken",
        code: "HK999",
        description: "throws",
        defaultSeverity: "error",
        profiles: "all",
        formats: ["markdown"],
        tags: [],
        messages: { x: "x" },
      },
      check() {
        throw new Error("boom");
      },
    };
    const reporter: Rule = { ...broken, meta: { ...broken.meta, id: "reporter" }, check: (_d, c) => c.report({ messageId: "x", line: 1, column: 1 }) };
    const { results } = await lintPaths(["corpus/generic/clean.md"], createSession({ cwd: repoRoot, rules: [broken, reporter] }));
    expect(results[0]?.diagnostics.map((d) => d.ruleId)).toEqual(["internal-error", "reporter"]);
    expect(results[0]?.internalErrors).toHaveLength(1);
    expect(results[0]?.internalErrors[0]).toMatch(/^rule broken failed on corpus\/generic\/clean\.md: Error: boom/);
  });

  it("streams each result as it is done, in path order", async () => {
    const seen: string[] = [];
    const run = await lintPaths(["corpus/sno"], createSession({ cwd: repoRoot }), (r) => seen.push(r.path));
    expect(seen).toEqual(run.results.map((r) => r.path));
    expect(seen).toEqual([
      "corpus/sno/cutover-brief.md",
      "corpus/sno/empty-done-section.md",
      "corpus/sno/empty-next-section.md",
      "corpus/sno/missing-risks-section.md",
      "corpus/sno/progress-record.md",
    ]);
  });

  it("checks every document against the profile given, over detection", async () => {
    const { results } = await lintPaths(["corpus/generic/clean.md"], createSession({ cwd: repoRoot, profile: "hatch3r" }));
    expect(results[0]?.profile).toBe("hatch3r");
    expect(results[0]?.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toContain(
      "1:1 frontmatter-schema The hatch3r profile requires YAML frontmatter; none was found",
    );
  });

  it("refuses an unknown profile", () => {
    expect(() => createSession({ profile: "nope" })).toThrow("unknown profile 'nope' (known: hatch3r, verified-delivery, sno, contract, generic)");
  });
});
