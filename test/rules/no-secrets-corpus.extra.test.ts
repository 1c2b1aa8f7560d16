/** no-secrets on the real public corpus (`../shared/corpus-public`, skipped with a message when absent): nothing flagged. */
import { describe, expect, it } from "vitest";
import { noSecrets } from "../../rules/no-secrets.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { publicCorpusDir } from "../helpers/locations.js";

const corpus = publicCorpusDir;

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
