/**
 * The doc pages of unfilled-template, unclosed-fence and stale show a "Not ok" example (checked
 * with `--now` when the page says so) and the findings it gives: run them, so docs cannot lie.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stale } from "../../rules/stale.js";
import { unclosedFence } from "../../rules/unclosed-fence.js";
import { unfilledTemplate } from "../../rules/unfilled-template.js";
import type { Rule } from "../../src/engine/rule.js";
import { findings } from "../helpers/rule-tester.js";
import { repoRoot } from "../helpers/locations.js";

describe("content rule docs", () => {
  for (const rule of [unfilledTemplate, unclosedFence, stale] as Rule[]) {
    it(`${rule.meta.id}.md: its 'Not ok' example gives exactly the findings it lists, and its header names the rule`, () => {
      const doc = readFileSync(path.join(repoRoot, "rules", `${rule.meta.id}.md`), "utf8");
      expect(doc.startsWith(`# ${rule.meta.id} (${rule.meta.code})\n`)).toBe(true);
      const example = /Not ok(?:, checked with `--now ([^`]+)`)?:\n\n````?markdown\n([\s\S]*?)````?\n/.exec(doc);
      expect(example).not.toBeNull();
      const listed = [...doc.matchAll(/^`(\d+:\d+ (?:error|warning|info) .*) ([\w-]+)`$/gm)].map((m) => {
        expect(m[2]).toBe(rule.meta.id);
        return m[1] as string;
      });
      expect(listed.length).toBeGreaterThan(0);
      const now = example?.[1] ? new Date(example[1]) : undefined;
      expect(findings(rule, example?.[2] as string, { now })).toEqual(listed);
    });
  }
});
