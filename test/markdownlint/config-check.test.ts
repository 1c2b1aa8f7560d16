/**
 * markdownlint option values are checked against markdownlint's own schema before a run.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { markdownlintConfigProblems } from "../../src/markdownlint/config-check.js";
import { captureIO } from "../helpers/capture-io.js";

describe("markdownlintConfigProblems", () => {
  it("accepts valid values, aliases and unknown (custom) rule names", () => {
    expect(markdownlintConfigProblems({ default: true, MD013: { line_length: 120 }, "heading-style": { style: "atx" }, MD041: false, "my-rule": { x: 1 } })).toEqual([]);
  });

  it.each([
    [{ MD013: { line_length: "80" } }, "MD013.line_length must be integer"],
    [{ MD003: { style: "weird" } }, 'MD003.style must be equal to one of the allowed values ("consistent", "atx", "atx_closed", "setext", "setext_with_atx", "setext_with_atx_closed")'],
    [{ "line-length": { line_length: -1 } }, "line-length.line_length must be >= 1"],
    [{ MD001: "loud" }, 'MD001 must be equal to one of the allowed values ("error", "warning")'],
  ])("names the field of %j", (config, problem) => {
    expect(markdownlintConfigProblems(config)).toEqual([problem]);
  });
});

describe("lint with bad markdownlint values", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-mdl-config-"));
    writeFileSync(path.join(dir, "h.md"), "# Handoff\n\n## Next steps\n\n- Run it.\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["the top-level markdownlint object", { markdownlint: { MD003: { style: "weird" }, MD013: { line_length: "80" } } }],
    ["the bridge rule's config option", { rules: { markdownlint: ["warning", { config: { MD003: { style: "weird" }, MD013: { line_length: "80" } } }] } }],
  ])("is a config error (exit 2) in %s", async (_where, config) => {
    writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify(config));
    const cap = captureIO(dir);
    expect(await runCli(["lint", "h.md"], cap.io)).toBe(2);
    expect(cap.stdout()).toBe("");
    expect(cap.stderr()).toBe(
      'handoff: markdownlint config: MD003.style must be equal to one of the allowed values ("consistent", "atx", "atx_closed", "setext", "setext_with_atx", "setext_with_atx_closed"); MD013.line_length must be integer\n',
    );
  });
});
