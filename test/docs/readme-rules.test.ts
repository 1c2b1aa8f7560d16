import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { repoRoot } from "../helpers/locations.js";

describe("README rule table", () => {
  it("has one row per rule, with its doc link, code and default severity", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| \[`([\w-]+)`\]\(rules\/([\w-]+)\.md\) \| (HK\d{3}) \| ([\w/]+) \|/gm)].map((m) => ({
      id: m[1],
      doc: m[2],
      code: m[3],
      severity: m[4],
    }));
    expect(rows.map((r) => r.id).sort()).toEqual(builtinRules.map((r) => r.meta.id).sort());
    for (const row of rows) {
      const rule = builtinRules.find((r) => r.meta.id === row.id);
      expect(row.doc, row.id).toBe(row.id);
      expect(row.code, row.id).toBe(rule?.meta.code);
      expect(row.severity.split("/"), row.id).toContain(rule?.meta.defaultSeverity);
    }
    expect(readme).toContain("| [`markdownlint`](rules/markdownlint.md) | HK100 | warning |");
  });

  it("shows the rendered stats charts it references", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    for (const image of ["docs/stats-adoption.png", "docs/stats-history.png"]) {
      expect(readme).toContain(`](${image})`);
      expect([...readFileSync(path.join(repoRoot, image)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});
