/**
 * `lint --fix` reaches a fixed point in one run: on a copy of real documents, with every rule of
 * markdownlint on and every kind of fix, a second `--fix` changes no byte (ESLint's and
 * markdownlint-cli2's promise; a fix left for a second pass is a bug: markdownlint-cli2#738).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runHandoff } from "../helpers/run-handoff.js";

/** Every file under `dir`, with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else out.set(path.relative(dir, file), readFileSync(file, "latin1"));
    }
  };
  walk(dir);
  return out;
}

/** Registers the test for `sources`: name → directory to copy (undefined: absent, skipped). */
export function fixTwiceCases(label: string, sources: Record<string, string | undefined>, minimumFixed: number): void {
  const work = mkdtempSync(path.join(tmpdir(), "handoffkit-fix-twice-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const present = Object.entries(sources).filter((entry): entry is [string, string] => entry[1] !== undefined);
  describe(`lint --fix twice on ${label}`, () => {
    it.skipIf(present.length === 0)("the second run changes nothing", async () => {
      for (const [name, dir] of present) cpSync(dir, path.join(work, name), { recursive: true });
      writeFileSync(path.join(work, "handoff.config.json"), '{ "markdownlint": "all" }\n');
      const args = [
        "lint",
        "--fix",
        "--fix-type",
        "markdownlint,line-endings,layout,integrity",
        "--now",
        "2026-12-03T00:00:00Z",
        ...present.map(([name]) => name),
      ];
      const first = await runHandoff(work, ...args);
      const fixed = first.stderr.split("\n").filter((line) => / fixed /.test(line));
      expect(fixed.length).toBeGreaterThanOrEqual(minimumFixed);
      const after = snapshot(work);
      const second = await runHandoff(work, ...args);
      expect(second.stderr.split("\n").filter((line) => / fixed /.test(line))).toEqual([]);
      expect(snapshot(work)).toEqual(after);
    });
  });
}
