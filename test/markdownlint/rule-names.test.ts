import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MARKDOWNLINT_RULE_NAMES } from "../../src/markdownlint/rule-names.js";
import { repoRoot } from "../helpers/locations.js";

describe("markdownlint rule names", () => {
  it("match the installed markdownlint's own rule files", () => {
    const dir = path.join(repoRoot, "node_modules/markdownlint/lib");
    const installed: Record<string, string[]> = {};
    for (const file of readdirSync(dir).filter((f) => /^md\d+\.mjs$/.test(f)).sort()) {
      const match = /"names": \[([^\]]*)\]/.exec(readFileSync(path.join(dir, file), "utf8"));
      const names = JSON.parse(`[${match?.[1] ?? ""}]`) as string[];
      installed[names[0] as string] = names.slice(1);
    }
    expect(MARKDOWNLINT_RULE_NAMES).toEqual(installed);
  });
});
