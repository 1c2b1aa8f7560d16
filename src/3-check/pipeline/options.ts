/**
 * What a lint run is asked to do: option types only, imported by every stage of the pipeline and
 * by the worker protocol (which carries {@link WorkerLintOptions} to worker threads).
 */
import type { HandoffConfig } from "../engine/config.js";
import type { SeveritySetting } from "../engine/diagnostic.js";
import type { Rule } from "../engine/rule.js";

/** Options of a lint run. */
export interface LintOptions {
  cwd?: string;
  config?: HandoffConfig;
  /** Directory the config's `overrides` globs are relative to: the config file's (default `cwd`). */
  configDir?: string;
  /** Profile for every document (`--profile`), over config. */
  profile?: string;
  /** Severities from the command line, over config. */
  ruleOverrides?: Record<string, SeveritySetting>;
  /**
   * `--only`: run these rules alone (ids or codes; `markdownlint` for the bridge); every other rule
   * is off, over config and `ruleOverrides`, but those whose metadata says `runsAlways`. The named
   * rules keep their configured severity.
   */
  onlyRules?: readonly string[];
  /** Largest file read, in bytes (`--max-file-size`), over config. */
  maxFileSize?: number;
  /** Rules to run (default: every built-in rule). */
  rules?: readonly Rule[];
  /** The clock rules compare dates with (`--now`); default: when the session is created. */
  now?: Date;
  /** Honour the documents' own suppression comments (default true; `resume` turns it off). */
  inlineSuppression?: boolean;
}

/** The {@link LintOptions} a worker rebuilds its session from (custom rule objects cannot cross threads). */
export type WorkerLintOptions = Omit<LintOptions, "rules">;
