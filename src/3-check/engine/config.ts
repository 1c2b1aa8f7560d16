/**
 * Configuration: finding the config file (upward from the working directory), validating it
 * against `schemas/config.schema.json`, and resolving per-rule settings.
 *
 * Config files are JSON only: `handoff.config.json`, `.handoffrc.json`, `.handoffrc`, or the
 * `handoff` key of `package.json`. No JavaScript config is ever loaded (nothing is executed).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { lilconfigSync } from "lilconfig";
import configSchema from "../../../schemas/config.schema.json" with { type: "json" };
import type { CustomProfileConfig } from "../../2-parse/profiles/custom.js";
import { precompiledConfigValidator } from "./config-validator.js";
import { parseJsonText } from "./json-text.js";
import { markdownlintRuleId } from "../markdownlint/rule-names.js";
import type { MarkdownlintPreset } from "../markdownlint/presets.js";
import type { SeveritySetting } from "./diagnostic.js";

/** Per-rule entry: a severity, or `[severity, options]`. */
export type RuleSetting = SeveritySetting | [SeveritySetting] | [SeveritySetting, Record<string, unknown>];

/**
 * Settings for the files matching `files` (picomatch globs, relative to the directory of the config
 * file; a pattern without `/` matches the file name in any directory), applied over the top level in
 * the order given.
 */
export interface ConfigOverride {
  files: string[];
  profile?: string;
  rules?: Record<string, RuleSetting>;
}

/** The config file's shape. */
export interface HandoffConfig {
  $schema?: string;
  profile?: string;
  profiles?: CustomProfileConfig[];
  rules?: Record<string, RuleSetting>;
  /** gitignore-style patterns of files never linted, relative to the config file's directory. */
  ignores?: string[];
  maxFileSize?: number;
  /** `false` turns markdownlint off; a preset name chooses its rules; an object is markdownlint config over the `handoff` preset. */
  markdownlint?: boolean | MarkdownlintPreset | Record<string, unknown>;
  overrides?: ConfigOverride[];
  /** Baseline file (relative to the config file) whose findings are not reported. */
  baseline?: string;
  /** Where the store commands keep handoffs: `directory` (default) or `git` (src/5-operations/store/git-store.ts). */
  store?: "directory" | "git";
}

/** A config and where it came from. */
export interface LoadedConfig {
  config: HandoffConfig;
  /** Absolute path of the file, or undefined when none was found. */
  filepath: string | undefined;
}

/** A user's config is wrong: the CLI prints the message and exits 2. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const SEARCH_PLACES = ["handoff.config.json", ".handoffrc.json", ".handoffrc", "package.json"];

function loadJson(filepath: string, content: string): unknown {
  const parsed = parseJsonText(content);
  if (parsed.ok) return parsed.value;
  if (parsed.empty) throw new ConfigError(emptyConfigMessage(filepath));
  throw new ConfigError(`${filepath}:${parsed.line}:${parsed.column}: invalid JSON (${parsed.reason})`);
}

/** An empty config file is reported, not skipped: whoever wrote it meant something. */
function emptyConfigMessage(filepath: string): string {
  return `${filepath}: the config file is empty (write {} for no settings, or delete it)`;
}

let configValidator: ValidateFunction<HandoffConfig> | undefined;

/** The ajv options a config is validated with, here and in the bundle's precompiled validator. */
export const CONFIG_AJV_OPTIONS = { allErrors: true, strict: false } as const;

/**
 * The schema a config is validated against: schemas/config.schema.json without its per-rule
 * entries (`definitions.rules.properties`, generated for editors by src/3-check/engine/config-schema.ts):
 * each rule's options are checked when the run is prepared (src/3-check/engine/rule-options.ts), with a
 * message naming the rule and the field.
 */
export function configValidationSchema(): Record<string, unknown> {
  const { properties: _perRule, ...rules } = configSchema.definitions.rules as Record<string, unknown>;
  return { ...configSchema, definitions: { ...configSchema.definitions, rules } };
}

/**
 * The config schema's validator: in the bundle, ajv's standalone code generated at build time;
 * else compiled on first use (~50 ms: runs without a config file never pay it).
 */
function validatorOfConfig(): ValidateFunction<HandoffConfig> {
  configValidator ??=
    (precompiledConfigValidator() as ValidateFunction<HandoffConfig> | undefined) ??
    new Ajv(CONFIG_AJV_OPTIONS).compile<HandoffConfig>(configValidationSchema());
  return configValidator;
}

/**
 * Validates a config object.
 * @throws ConfigError naming the first problem, e.g. `rules.MD013: must be equal to one of the allowed values`.
 */
export function checkConfig(config: unknown, filepath: string): HandoffConfig {
  const validateConfig = validatorOfConfig();
  if (!validateConfig(config)) {
    const first = validateConfig.errors?.[0];
    const where = first?.instancePath ? first.instancePath.slice(1).replace(/\//g, ".") : "(root)";
    const extra = first?.keyword === "additionalProperties" ? ` '${String((first.params as { additionalProperty?: string }).additionalProperty)}'` : "";
    throw new ConfigError(`${filepath}: ${where}: ${first?.message ?? "invalid"}${extra}`);
  }
  return config;
}

/**
 * Loads the config: `explicitPath` when given, else the nearest config file upward from `cwd`.
 * @throws ConfigError for unreadable, invalid JSON or schema-invalid files.
 */
export function loadConfig(cwd: string, explicitPath?: string): LoadedConfig {
  if (explicitPath) {
    const filepath = path.resolve(cwd, explicitPath);
    let content: string;
    try {
      content = readFileSync(filepath, "utf8");
    } catch (error) {
      throw new ConfigError(`cannot read config ${explicitPath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const raw = loadJson(filepath, content);
    const config = path.basename(filepath) === "package.json" ? ((raw as { handoff?: unknown }).handoff ?? {}) : raw;
    return { config: checkConfig(config, filepath), filepath };
  }
  const explorer = lilconfigSync("handoff", {
    searchPlaces: SEARCH_PLACES,
    loaders: { ".json": loadJson, noExt: loadJson },
    packageProp: "handoff",
    ignoreEmptySearchPlaces: false,
  });
  let result: ReturnType<typeof explorer.search>;
  try {
    result = explorer.search(cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(String((error as Error).message ?? error));
  }
  if (result?.isEmpty && path.basename(result.filepath) !== "package.json") throw new ConfigError(emptyConfigMessage(result.filepath));
  if (!result || result.isEmpty) return { config: {}, filepath: result?.filepath };
  return { config: checkConfig(result.config, result.filepath), filepath: result.filepath };
}

/** A rule's effective setting. */
export interface ResolvedRuleSetting {
  /** Severity set explicitly by config or flags; undefined = the rule's default. */
  severity: SeveritySetting | undefined;
  options: Record<string, unknown> | undefined;
}

/** Reads the entry for `ruleId` out of `rules`. */
export function ruleSetting(rules: HandoffConfig["rules"], ruleId: string): ResolvedRuleSetting {
  const entry = rules?.[ruleId];
  if (entry === undefined) return { severity: undefined, options: undefined };
  if (typeof entry === "string") return { severity: entry, options: undefined };
  return { severity: entry[0], options: entry[1] };
}

/** A rule's names, as config may write them. */
export interface RuleNames {
  id: string;
  code: string;
}

/**
 * Maps each key of a `rules` object to a rule id: an id stays, a code (`HK007`, any case) becomes
 * its id, a markdownlint id (`MD022`, any case) is upper-cased and a markdownlint alias
 * (`line-length`) becomes its id; `markdownlint` names the bridge. markdownlint names must be in
 * the installed markdownlint's rule list (`MD999`, `MD002` are not).
 * @param where where the object came from, for the message (`config`, `overrides[0]`, `--rule`).
 * @throws ConfigError for a name that is no rule, so a typo never silently does nothing.
 */
export function normalizeRuleNames<T>(
  rules: Readonly<Record<string, T>> | undefined,
  known: readonly RuleNames[],
  where: string,
): Record<string, T> | undefined {
  if (!rules) return undefined;
  const byCode = new Map(known.map((r) => [r.code.toUpperCase(), r.id]));
  const ids = new Set(known.map((r) => r.id));
  const out: Record<string, T> = {};
  for (const [name, value] of Object.entries(rules)) {
    let id: string | undefined;
    if (ids.has(name)) id = name;
    else if (byCode.has(name.toUpperCase())) id = byCode.get(name.toUpperCase());
    else id = markdownlintRuleId(name);
    if (id === undefined) {
      // --only runs handoffkit rules (and the markdownlint bridge as a whole): suggest only what it takes.
      const names =
        where === "--only"
          ? "id such as 'next-action', code such as 'HK008', or 'markdownlint' for all of its rules"
          : "id such as 'next-action', code such as 'HK008', or markdownlint id such as 'MD022'";
      throw new ConfigError(`unknown rule '${name}' in ${where} (name rules by ${names})`);
    }
    out[id] = value;
  }
  return out;
}

/**
 * The severities `--only` sets: `off` for every known rule it does not name, except the rules
 * whose metadata says `runsAlways` (`file-read`, `file-encoding`, `markdown-limits`): a file, or
 * a block, that could not be read is still reported, or a scan would pass what it never looked at.
 * @throws ConfigError for no name at all, a name that is no rule, or a markdownlint rule (MD013):
 * those are chosen with `--rule`, `--only markdownlint` runs the bridge.
 */
export function onlyRuleOverrides(
  only: readonly string[] | undefined,
  known: readonly (RuleNames & { runsAlways?: boolean })[],
): Record<string, SeveritySetting> {
  if (!only) return {};
  const names = only.map((name) => name.trim()).filter((name) => name !== "");
  if (names.length === 0) throw new ConfigError("--only needs at least one rule name (an id such as 'no-secrets' or a code such as 'HK020')");
  const named = normalizeRuleNames(Object.fromEntries(names.map((name) => [name, true])), known, "--only") ?? {};
  const markdownlintNames = Object.keys(named).filter((id) => !known.some((rule) => rule.id === id));
  if (markdownlintNames.length > 0) {
    throw new ConfigError(
      `--only takes handoffkit rules (and 'markdownlint' for all of its rules), not '${markdownlintNames[0]}': set markdownlint rules with --rule`,
    );
  }
  const kept = (rule: RuleNames & { runsAlways?: boolean }) => rule.id in named || rule.runsAlways === true;
  return Object.fromEntries(known.filter((rule) => !kept(rule)).map((rule) => [rule.id, "off" as const]));
}
