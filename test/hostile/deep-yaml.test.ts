/**
 * Deeply nested YAML frontmatter: bounded by a one-pass depth measure over the yaml lexer's tokens
 * before the (recursive) composer sees it, so the finding is the same on the main thread and on a
 * worker, whose stacks overflow at different depths.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { MAX_NESTING_DEPTH, yamlNestingTooDeepAt } from "../../src/2-parse/document/nesting.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { captureIO } from "../helpers/capture-io.js";

const TOO_DEEP = "YAML syntax error: the frontmatter nests too deeply to be read";
/** More indicator characters than any limit below, so the text is always lexed. */
const PAD = `\npad: ${"-".repeat(40)}\n`;
/** The depth `yaml` reaches in `text`: the smallest limit it stays within. */
const depthOf = (text: string) => {
  let limit = 0;
  while (yamlNestingTooDeepAt(text + PAD, limit) !== -1) limit++;
  return limit;
};

/** A mapping nested `depth` levels deep, one level per line. */
const blockMaps = (depth: number) => `${Array.from({ length: depth }, (_, i) => `${" ".repeat(i)}k:`).join("\n")} 1\n`;
/** A value of `depth - 1` nested flow sequences under one key (`depth` levels with the mapping). */
const flowSeqs = (depth: number) => `x: ${"[".repeat(depth - 1)}1${"]".repeat(depth - 1)}\n`;
/** `depth - 1` compact block sequences on one line under one key (`depth` levels with the mapping). */
const compactSeqs = (depth: number) => `x:\n${"- ".repeat(depth - 1)}1\n`;
const handoff = (frontmatter: string) => `---\n${frontmatter}---\n# Notes\n\n## Next steps\n\n- ship it\n`;

describe("yamlNestingTooDeepAt", () => {
  it.each([
    ["a mapping per indentation level", "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n", 3],
    ["a block scalar's lines, which only look nested", "a:\n  b: |\n    - x\n      - y:\n        - [[[\n  c: 1\n", 2],
    ["compact sequences and a mapping inside them", "- - - a: 1\n      b: 2\n", 4],
    ["a sequence at its parent key's column", "a:\n- 1\n- 2\nb: 3\n", 2],
    ["flow collections inside a mapping", "a: [1, [2, {c: [3]}]]\nb: 2\n", 5],
    ["brackets inside quotes and comments, which do not count", "a: 'it''s [[[' # [[[\nb: \"[[\\\"[[\"\n", 1],
    ["an explicit key", "? x\n: y\n", 1],
    ["a flow collection as a key", "[a, b]: c\n", 1],
  ])("measures %s", (_what, text, depth) => {
    expect(depthOf(text)).toBe(depth);
  });

  it("points at the indicator that goes one level too deep", () => {
    expect(yamlNestingTooDeepAt(`a: [[${PAD}`, 2)).toBe(4);
    expect(yamlNestingTooDeepAt(`a:\n  b:\n    c: 1${PAD}`, 2)).toBe(13);
    expect(yamlNestingTooDeepAt(`- - - 1${PAD}`, 2)).toBe(4);
  });

  it("does not lex text with fewer indicator characters than the limit", () => {
    expect(yamlNestingTooDeepAt("a: [[[[", 10)).toBe(-1);
    expect(yamlNestingTooDeepAt("a: [[[[", 3)).toBe(5);
  });
});

describe("frontmatter nested to the limit and past it", () => {
  const session = createSession({ cwd: "/virtual" });
  const syntax = (text: string) =>
    lintText("h.md", text, session)
      .diagnostics.filter((d) => d.ruleId === "frontmatter-syntax")
      .map((d) => `${d.line}:${d.column} ${d.message}`);

  it.each([
    ["block mappings", blockMaps, (d: number) => `${d + 1}:${d + 1}`],
    ["flow sequences", flowSeqs, (d: number) => `2:${d + 2}`],
    ["compact block sequences", compactSeqs, (d: number) => `3:${2 * d - 3}`],
  ])("%s: parsed at the limit, one finding a level deeper", (_what, build, at) => {
    expect(syntax(handoff(build(MAX_NESTING_DEPTH)))).toEqual([]);
    expect(syntax(handoff(build(MAX_NESTING_DEPTH + 1)))).toEqual([`${at(MAX_NESTING_DEPTH + 1)} ${TOO_DEEP}`]);
  });
});

describe("the same finding on the main thread and on a worker", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-deep-yaml-"));
    writeFileSync(path.join(dir, "flow.md"), handoff(flowSeqs(1_500)));
    writeFileSync(path.join(dir, "maps.md"), handoff(blockMaps(1_200)));
    writeFileSync(path.join(dir, "wide.md"), handoff(flowSeqs(100_000)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const workers of [["--no-workers"], ["--workers", "1"]]) {
    it(`with ${workers.join(" ")}`, async () => {
      const cap = captureIO(dir);
      const code = await runCli(["lint", "--no-markdownlint", ...workers, "."], cap.io);
      expect(cap.stderr()).toBe("");
      expect(code).toBe(1);
      expect(cap.stdout()).toBe(
        [
          "flow.md",
          `  2:${MAX_NESTING_DEPTH + 3}  error  ${TOO_DEEP}  frontmatter-syntax`,
          "",
          "maps.md",
          `  ${MAX_NESTING_DEPTH + 2}:${MAX_NESTING_DEPTH + 2}  error  ${TOO_DEEP}  frontmatter-syntax`,
          "",
          "wide.md",
          `  2:${MAX_NESTING_DEPTH + 3}  error  ${TOO_DEEP}  frontmatter-syntax`,
          "",
          "✖ 3 problems (3 errors, 0 warnings, 0 info) in 3 of 3 files",
          "",
        ].join("\n"),
      );
    });
  }
});
