/**
 * scripts/bundle-ascii.mjs: a bundle made pure ASCII computes the same values (regular expression
 * sources, flags and matches, `String.raw` strings), and the built bundles are pure ASCII.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeAscii } from "../../scripts/bundle-ascii.mjs";
import { repoRoot } from "../helpers/locations.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-bundle-ascii-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = [
  "// ein Kommentar: grüße, 次の, 😀",
  'var L = "(?<![\\\\p{L}])";',
  "var cues = /^(?:次の|下一个|naechste)$/u;",
  "var dash = /[–—]/g;",
  "var emoji = /😀+/;",
  "var classes = /[\\p{L}「『]/v;",
  "var gap = String.raw`[^.;:!?。！？\\n]{0,40}?`;",
  "var joined = String.raw`${L}(?:lösche|entferne)\\s+${L}é`;",
  "/* Ende — fin */",
  "result = {",
  "  cues: [cues.source, cues.flags, cues.test('次の'), cues.test('x')],",
  "  dash: [dash.source, dash.flags, 'a–b—c'.replace(dash, '-')],",
  "  emoji: [emoji.source, emoji.test('😀😀'), emoji.test('\\ud83d')],",
  "  classes: [classes.source, classes.flags, classes.test('『'), classes.test('1')],",
  "  gap, joined, again: (() => { const r = /ä/g; r.lastIndex = 5; return /ä/g.lastIndex; })(),",
  "};",
].join("\n");

function evaluate(source: string): unknown {
  const context: { result?: unknown } = {};
  vm.runInNewContext(source, context);
  return JSON.parse(JSON.stringify(context.result));
}

describe("bundle-ascii", () => {
  it("rewrites regular expressions, String.raw templates, strings and comments to ASCII with the same values", () => {
    const file = path.join(dir, "bundle.cjs");
    writeFileSync(file, SCRIPT);
    const counts = makeAscii(file, "script") as Record<string, number>;
    const out = readFileSync(file, "utf8");
    expect(out).toMatch(/^[\x00-\x7f]*$/);
    expect(counts).toEqual({ regexes: 6, raw: 4, strings: 4, comments: 2 });
    expect(evaluate(out)).toEqual(evaluate(SCRIPT));
    expect(evaluate(out)).toMatchObject({
      cues: ["^(?:次の|下一个|naechste)$", "u", true, false],
      dash: ["[–—]", "g", "a-b-c"],
      gap: "[^.;:!?。！？\\n]{0,40}?",
    });
  });

  it("refuses a non-ASCII character it cannot rewrite", () => {
    const file = path.join(dir, "bundle.cjs");
    writeFileSync(file, "var tagged = ((s) => s.raw[0])`é`;\n");
    expect(() => makeAscii(file, "script")).toThrow(/bundle\.cjs:1:\d+: a non-ASCII character outside/);
  });

  it("leaves the built bundles pure ASCII", () => {
    for (const name of ["handoff.cjs", "lint-worker.js", "main.js"]) {
      expect(readFileSync(path.join(repoRoot, "dist/bundle", name), "utf8"), name).toMatch(/^[\x00-\x7f]*$/);
    }
  });
});
