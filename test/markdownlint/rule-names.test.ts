import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MARKDOWNLINT_RULE_NAMES, markdownlintRuleId } from "../../src/3-check/markdownlint/rule-names.js";
import { repoRoot } from "../helpers/locations.js";

const markdownlintDir = path.join(repoRoot, "node_modules/markdownlint");

describe("markdownlint rule names", () => {
  it("match the installed markdownlint's own rule files (also those holding two rules, md019-md021.mjs)", () => {
    const dir = path.join(markdownlintDir, "lib");
    const installed: Record<string, string[]> = {};
    for (const file of readdirSync(dir)
      .filter((f) => /^md\d+(?:-md\d+)?\.mjs$/.test(f))
      .sort()) {
      for (const match of readFileSync(path.join(dir, file), "utf8").matchAll(/"names": \[([^\]]*)\]/g)) {
        const names = JSON.parse(`[${match[1] ?? ""}]`) as string[];
        installed[names[0] as string] = names.slice(1);
      }
    }
    expect(Object.keys(installed)).toHaveLength(53);
    expect(MARKDOWNLINT_RULE_NAMES).toEqual(Object.fromEntries(Object.entries(installed).sort(([a], [b]) => a.localeCompare(b))));
  });

  it("match the rules of markdownlint's config schema (`MD019/no-multiple-space-atx : …` descriptions)", () => {
    const schema = JSON.parse(readFileSync(path.join(markdownlintDir, "schema/markdownlint-config-schema-strict.json"), "utf8")) as {
      properties: Record<string, { description?: string }>;
    };
    const fromSchema: Record<string, string[]> = {};
    for (const [key, property] of Object.entries(schema.properties)) {
      const names = /^(MD\d{3}(?:\/[\w-]+)+) : /.exec(property.description ?? "")?.[1]?.split("/");
      if (names && names[0] === key) fromSchema[key] = names.slice(1);
    }
    expect(fromSchema).toEqual(MARKDOWNLINT_RULE_NAMES);
  });

  it("maps an id or an alias, in any case, to the id; anything else to undefined", () => {
    expect(["md013", "MD013", "Line-Length", "single-h1"].map(markdownlintRuleId)).toEqual(["MD013", "MD013", "MD013", "MD025"]);
    expect(["MD999", "MD002", "whitespace", "line_lenght"].map(markdownlintRuleId)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
