import { describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { captureIO } from "../helpers/capture-io.js";

const HEDGED = "# Notes\n\n## Verified facts\n\n- The cache probably explains it (`npm test`).\n\n## Next steps\n\n- x\n";

describe("rule names in config and on the command line", () => {
  it("accepts ids, codes in any case, markdownlint ids and aliases", () => {
    const ids = (rules: Record<string, "error" | "off">) =>
      lintText("a.md", HEDGED, createSession({ cwd: "/virtual", config: { rules } })).diagnostics.map((d) => `${d.ruleId} ${d.severity}`);
    expect(ids({})).toEqual(["facts-hypotheses warning"]);
    expect(ids({ HK007: "error" })).toEqual(["facts-hypotheses error"]);
    expect(ids({ hk007: "off" })).toEqual([]);
    expect(ids({ "facts-hypotheses": "off", "single-trailing-newline": "error", md022: "error" })).toEqual([]);
  });

  it.each([
    [
      ["lint", "--no-config", "--rule", "nope=error", "."],
      "handoff: unknown rule 'nope' in --rule (name rules by id such as 'next-action', code such as 'HK008', or markdownlint id such as 'MD022')\n",
    ],
    [
      ["stats", "--config", "cfg.json", "."],
      "handoff: unknown rule 'facts' in config 'rules' (name rules by id such as 'next-action', code such as 'HK008', or markdownlint id such as 'MD022')\n",
    ],
    [
      ["lint", "--no-config", "--rule", "MD999=error", "."],
      "handoff: unknown rule 'MD999' in --rule (name rules by id such as 'next-action', code such as 'HK008', or markdownlint id such as 'MD022')\n",
    ],
    [
      ["lint", "--config", "cfg-md.json", "."],
      "handoff: config 'markdownlint': unknown option 'line_lenght' of MD013 (line-length) (not in markdownlint 0.40.0's config schema)\n",
    ],
  ])("exits 2 on a name that is no rule: %j", async (argv, stderr) => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "handoffkit-names-"));
    writeFileSync(path.join(dir, "a.md"), HEDGED);
    writeFileSync(path.join(dir, "cfg.json"), JSON.stringify({ rules: { facts: "off" } }));
    writeFileSync(path.join(dir, "cfg-md.json"), JSON.stringify({ markdownlint: { MD013: { line_lenght: 100 } } }));
    const cap = captureIO(dir);
    expect(await runCli(argv, cap.io)).toBe(2);
    expect(cap.stderr()).toBe(stderr);
  });
});
