/**
 * What the `lint` command is given, and the error of a bad command line (printed as one line,
 * exit 2). Apart from `lint.ts`, so the command's variants (`lint-fix.ts`) need not import it.
 */

/** Options parsed from the command line. */
export interface LintCommandOptions {
  format: string;
  profile?: string;
  config?: string | false;
  rule?: string[];
  /** `--only RULE`, repeatable: run these rules alone. */
  only?: string[];
  quiet?: boolean;
  maxWarnings?: string;
  /** `--no-error-on-unmatched-pattern` (false): an input that matches no file is skipped, not a usage error. */
  errorOnUnmatchedPattern?: boolean;
  maxFileSize?: string;
  markdownlint?: boolean;
  color?: boolean;
  /** Write the report to this file (atomically) instead of stdout. */
  outputFile?: string;
  /** Lint stdin as if it were this file. */
  stdinFilename?: string;
  /** Lint the staged (index) content of changed handoffs. */
  staged?: boolean;
  now?: string;
  baseline?: string;
  writeBaseline?: string;
  /** `--workers N` (a string from commander) or `--no-workers` (false). */
  workers?: string | boolean;
  /** `--cache`: reuse the results of unchanged files. */
  cache?: boolean;
  /** `--cache-location DIR` (default node_modules/.cache/handoffkit). */
  cacheLocation?: string;
}

export { UsageError } from "./errors.js";
