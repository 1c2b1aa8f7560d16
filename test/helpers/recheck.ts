/**
 * recheck (https://makenowjust-labs.github.io/recheck/) run deterministically, for the ReDoS tests:
 * its pure-JavaScript backend (offline, no native or JVM binary), a fixed seed for its fuzzer and no
 * time limits (`timeout` and `incubationTimeout` off; the recall validation, which the pure backend
 * lacks, skipped). Its verdict on a pattern is then the same on any machine under any load, and
 * `unknown` means recheck could not decide, never that the machine was busy.
 */
import { createRequire } from "node:module";

/** The parameters every ReDoS test passes to recheck. */
export const RECHECK_PARAMS = { timeout: null, incubationTimeout: null, recallTimeout: -1, randomSeed: 1 } as const;

interface CheckResult {
  status: "safe" | "vulnerable" | "unknown";
  complexity?: { type: string; degree?: number };
  attack?: { pattern: string };
  error?: { kind: string; message?: string };
}
type Check = (source: string, flags: string, params?: unknown) => CheckResult;

let checkSync: Check | undefined;

/** What recheck says of a pattern: `safe`, `polynomial`, `exponential (attack …)` or `unknown (why)`. */
export type Verdict = string;

/**
 * recheck's verdict on `pattern` with `flags`. The `d` flag (match indices) changes what a match
 * reports, not how the engine backtracks; recheck does not parse it, so it is left out.
 */
export function decide(pattern: string, flags: string): Verdict {
  if (!checkSync) {
    process.env.RECHECK_BACKEND = "pure";
    checkSync = (createRequire(import.meta.url)("recheck") as { checkSync: Check }).checkSync;
  }
  const result = checkSync(pattern, flags.replace("d", ""), RECHECK_PARAMS);
  if (result.status === "unknown") return `unknown (${result.error?.kind ?? "no reason"}: ${result.error?.message ?? ""})`;
  if (result.complexity?.type === "exponential") return `exponential (attack ${result.attack?.pattern ?? "?"})`;
  if (result.status === "vulnerable") return "polynomial";
  return "safe";
}
