/**
 * Every reporter as a function of results, for the fuzz properties (the same list as
 * test/report/canary.test.ts: add a new reporter to both).
 */
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { builtinRules } from "../../rules/index.js";
import { formatGithub, formatGithubSummary } from "../../src/4-report/github.js";
import { formatJson } from "../../src/4-report/json.js";
import { formatJunit } from "../../src/4-report/junit.js";
import { maskResults } from "../../src/3-check/secrets/mask.js";
import { formatSarif } from "../../src/4-report/sarif.js";
import { formatStylish } from "../../src/4-report/stylish.js";

/** Name and formatter of every output format (each gets masked results, as the CLI hands them). */
export const REPORTERS: ReadonlyArray<[string, (results: FileResult[]) => string]> = [
  ["stylish", (results) => formatStylish(results, { color: false })],
  ["stylish (colour)", (results) => formatStylish(results, { color: true })],
  ["json", (results) => formatJson(results)],
  ["sarif", (results) => formatSarif(results, { rules: builtinRules, cwd: "/repo", repositoryRoot: "/repo", toolVersion: "0.0.0" })],
  ["github", (results) => formatGithub(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["github summary", (results) => formatGithubSummary(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["junit", (results) => formatJunit(results)],
];

/** Every format's output for `results` (masked first, as the CLI does). */
export function renderAll(results: readonly FileResult[]): Array<[string, string]> {
  const masked = maskResults(results);
  return REPORTERS.map(([name, format]) => [name, format(masked)]);
}

/**
 * SARIF carries the rule catalogue (`runs[].tool`), which depends on rule ids only (pinned in
 * test/report/canary.test.ts) and names public key prefixes: leak checks read the rest.
 */
export function documentDerived(name: string, output: string): string {
  if (!name.startsWith("sarif")) return output;
  const log = JSON.parse(output) as { runs: Array<Record<string, unknown>> };
  return JSON.stringify(log.runs.map(({ tool: _tool, ...rest }) => rest));
}
