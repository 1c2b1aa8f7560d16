/**
 * The lint pipeline's public API (load → parse → check), gathered from its stages under
 * `src/pipeline/`. Nothing in the pipeline imports this module.
 */
export type { LintOptions, WorkerLintOptions } from "./pipeline/options.js";
export { createSession, settingsFor, type FileSettings, type LintSession } from "./pipeline/session.js";
export { analyzeSource, buildDocument, lintSource, lintText, type AnalyzeOptions, type AnalyzedFile } from "./pipeline/analyze.js";
export { lintOutcome, recheckClock } from "./pipeline/cache-layer.js";
export { analyzePaths, lintPaths, type LintPathsOptions, type LintRun } from "./pipeline/schedule.js";
