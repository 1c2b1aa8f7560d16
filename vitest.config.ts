import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two cores here and in CI: keep the pool small and predictable.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    // The default report, then one plain closing line for CI.
    reporters: ["default", "./test/reporters/plain-summary.ts"],
  },
});
