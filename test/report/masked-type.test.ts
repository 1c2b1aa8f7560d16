/**
 * Reporters take masked results only, at the type level: `test/fixtures/types/masked-only.ts`
 * hands them raw results under `@ts-expect-error`, which tsc refuses when the line is not an error.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("MaskedFileResult", () => {
  it("is the only result type a reporter accepts (tsc over a fixture that tries raw ones)", () => {
    const tsc = path.join(repoRoot, "node_modules", "typescript-go", "bin", "tsc");
    const run = spawnSync(tsc, ["-p", "test/fixtures/types/tsconfig.json"], { cwd: repoRoot, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
