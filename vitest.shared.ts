import type { ViteUserConfig } from "vitest/config";

type TestConfig = NonNullable<ViteUserConfig["test"]>;

/** What both tiers share (vitest.config.ts, vitest.extra.config.ts). */
export const shared: TestConfig = {
  globalSetup: ["./test/vitest/global-setup.ts"],
  // Two cores here and in CI: keep the pool small and predictable.
  pool: "forks",
  maxWorkers: 2,
  // A larger young generation: the workers allocate parsers' trees by the million, and scavenges
  // at the default size cost about a tenth of a tier's CPU time (measured: 223 s → 207 s).
  execArgv: ["--max-semi-space-size=64"],
  // A hang guard, not a speed check: a loaded two-core machine (CI, or other jobs beside it)
  // stretches wall time many times over. Tests judge work by growth or CPU time instead.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // The default report, then one plain closing line for CI.
  reporters: ["default", "./test/vitest/plain-summary-reporter.ts"],
  // `--coverage`: V8's, of what the tests run in-process (code run in a spawned bin is not
  // counted); CI fails below the floor, set a point under the figures measured (91.4 % of
  // statements, 85.8 % of branches, 93.0 % of functions, 93.6 % of lines).
  coverage: {
    provider: "v8",
    include: ["src/**/*.ts", "rules/**/*.ts"],
    reporter: ["text-summary"],
    thresholds: { statements: 91, branches: 85, functions: 93, lines: 93 },
  },
};

/**
 * A tier's two projects. Test files that replace modules (`vi.mock`), named `*.isolated.test.ts`
 * or `*.isolated.extra.test.ts` (test/architecture/test-files.test.ts enforces the name), each get
 * a fresh module graph. Every other file shares its worker's modules with the files run before it
 * there, which halves a tier's CPU time: each file would otherwise load the rules, markdownlint and
 * the parsers again.
 * @param tier `fast` (`*.test.ts` but `*.extra.test.ts`) or `extra` (`*.extra.test.ts`).
 */
export function tierProjects(tier: "fast" | "extra"): NonNullable<TestConfig["projects"]> {
  const suffix = tier === "extra" ? ".extra.test.ts" : ".test.ts";
  const notExtra = tier === "fast" ? ["test/**/*.extra.test.ts"] : [];
  return [
    { extends: true, test: { name: `${tier}:isolated`, include: [`test/**/*.isolated${suffix}`], exclude: notExtra, isolate: true } },
    {
      extends: true,
      test: {
        name: `${tier}:shared`,
        include: [`test/**/*${suffix}`],
        exclude: [...notExtra, "test/**/*.isolated.test.ts", "test/**/*.isolated.extra.test.ts"],
        isolate: false,
      },
    },
  ];
}
