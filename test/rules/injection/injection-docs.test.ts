/**
 * The doc page of each injection rule shows a "Not ok" Markdown example and the findings it gives
 * (one backticked `line:column severity message ruleId` line each): run them, so docs cannot lie.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../../rules/index.js";
import { findings } from "../../helpers/rule-tester.js";

const rulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../rules");

describe("injection rule docs", () => {
  for (const rule of builtinRules.filter((r) => r.meta.id.startsWith("injection-"))) {
    it(`${rule.meta.id}.md: its 'Not ok' example gives exactly the findings it lists`, () => {
      const doc = readFileSync(path.join(rulesDir, `${rule.meta.id}.md`), "utf8");
      const example = /Not ok:\n\n```markdown\n([\s\S]*?)```\n/.exec(doc);
      expect(example).not.toBeNull();
      const listed = [...doc.matchAll(/^`(\d+:\d+ (?:error|warning|info) .*) ([\w-]+)`$/gm)].map((m) => {
        expect(m[2]).toBe(rule.meta.id);
        return m[1] as string;
      });
      expect(listed.length).toBeGreaterThan(0);
      expect(findings(rule, (example as RegExpExecArray)[1] as string)).toEqual(listed);
      expect(doc.startsWith(`# ${rule.meta.id} (${rule.meta.code})\n`)).toBe(true);
    });
  }
});
