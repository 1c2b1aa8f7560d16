import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SECRET_DETECTORS } from "../../src/3-check/secrets/detectors.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("no-secrets documentation", () => {
  it("lists every detector id in rules/no-secrets.md", () => {
    const doc = readFileSync(path.join(repoRoot, "rules/no-secrets.md"), "utf8");
    expect(SECRET_DETECTORS.filter((d) => !doc.includes(`| \`${d.id}\` |`)).map((d) => d.id)).toEqual([]);
  });
});
