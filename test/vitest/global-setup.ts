/**
 * vitest global setup: builds `dist/` once per run (`npm run build`: tsc, then the esbuild
 * bundles), before any test file starts, so the tests that run the built bin or the packed package
 * see the code under test. It does not build when `dist/` was built from the sources as they are
 * (dist/.build-stamp, scripts/build-stamp.mjs: `npm ci` has just built a fresh clone), nor when
 * `HANDOFFKIT_TEST_BUILT=1` (a caller that has just built).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtFromCurrentInputs } from "../../scripts/build-stamp.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export default function setup(): void {
  if (process.env.HANDOFFKIT_TEST_BUILT === "1") return;
  if (builtFromCurrentInputs()) {
    process.env.HANDOFFKIT_TEST_BUILT = "1";
    return;
  }
  const run = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (run.status !== 0) {
    throw new Error(`npm run build failed (exit ${String(run.status)}):\n${run.stdout}${run.stderr}`);
  }
  // Child processes of the test files (and their own children) need not build again.
  process.env.HANDOFFKIT_TEST_BUILT = "1";
}
