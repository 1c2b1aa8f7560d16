import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two cores here and in CI: keep the pool small and predictable.
    pool: "forks",
    maxWorkers: 2,
    // A hang guard, not a speed check: a loaded two-core machine (CI, or other jobs beside it)
    // stretches wall time many times over. Tests judge work by growth or CPU time instead.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // The default report, then one plain closing line for CI.
    reporters: ["default", "./test/vitest/plain-summary-reporter.ts"],
  },
});
