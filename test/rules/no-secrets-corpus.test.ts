import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { noSecrets } from "../../rules/no-secrets.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { SECRET_DETECTORS } from "../../src/3-check/secrets/detectors.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const shared = [path.resolve(repoRoot, "../shared"), "/work/shared"].find((dir) => existsSync(path.join(dir, "corpus-public")));
const corpus = shared ? path.join(shared, "corpus-public") : undefined;

describe("no-secrets on the public corpus", () => {
  it.skipIf(!corpus)(
    "finds nothing in corpus-public/docs and templates: SHAs, digests and UUIDs are never flagged (skipped when ../shared/corpus-public is absent)",
    async () => {
      const session = createSession({ cwd: corpus as string, rules: [noSecrets], config: {} });
      const run = await lintPaths(["docs", "templates"], session);
      expect(run.results.length).toBeGreaterThanOrEqual(76);
      const found = run.results.flatMap((r) => r.diagnostics.map((d) => `${r.path}:${d.line}:${d.column} ${d.ruleId}`));
      // The one binary file is not checked at all, and says so even with the file rules left out.
      expect(found).toEqual(["docs/019-forge-appledouble-binary.md:1:1 file-encoding"]);
    },
  );
});

describe("no-secrets documentation", () => {
  it("lists every detector id in rules/no-secrets.md", () => {
    const doc = readFileSync(path.join(repoRoot, "rules/no-secrets.md"), "utf8");
    expect(SECRET_DETECTORS.filter((d) => !doc.includes(`| \`${d.id}\` |`)).map((d) => d.id)).toEqual([]);
  });
});
