import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { rulesIndex } from "../../scripts/rule-docs/render.js";
import { repoRoot } from "../helpers/locations.js";

describe("the rules index (docs/rules.md)", () => {
  it("is what npm run docs renders from each rule's meta: one row per rule, its description the meta's", () => {
    const page = readFileSync(path.join(repoRoot, "docs/rules.md"), "utf8");
    expect(page).toBe(rulesIndex(builtinRules.map((rule) => rule.meta)));
    for (const rule of builtinRules) expect(page).toContain(`| [\`${rule.meta.id}\`](../rules/${rule.meta.id}.md) | ${rule.meta.code} | ${rule.meta.defaultSeverity} |`);
  });

  it("is linked from the README, which keeps no rule table of its own", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain("](docs/rules.md)");
    expect(readme).not.toMatch(/^\| \[`[\w-]+`\]\(rules\//m);
  });
});

describe("the docs", () => {
  it("show the rendered stats charts they reference (docs/ci.md)", () => {
    const page = readFileSync(path.join(repoRoot, "docs/ci.md"), "utf8");
    for (const image of ["docs/stats-adoption.png", "docs/stats-history.png"]) {
      expect(page).toContain(`](${path.basename(image)})`);
      expect([...readFileSync(path.join(repoRoot, image)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});
