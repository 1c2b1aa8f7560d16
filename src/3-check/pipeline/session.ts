/**
 * The session: what a run needs prepared once — config checked and merged, profiles (built-in and
 * custom), rules with their settings — and the settings of each file under the config's
 * `overrides`, prepared once per combination of matching overrides.
 */
import nodePath from "node:path";
import picomatch from "picomatch";
import { builtinRules } from "../../../rules/index.js";
import { ConfigError, normalizeRuleNames, onlyRuleOverrides, type HandoffConfig, type RuleSetting } from "../engine/config.js";
import type { SeveritySetting } from "../engine/diagnostic.js";
import type { Rule } from "../engine/rule.js";
import { checkRuleOptions } from "../engine/rule-options.js";
import { prepareRules, type PreparedRules } from "../engine/run.js";
import { markdownlintConfigProblem, markdownlintRuleOptionsProblem } from "../markdownlint/config-check.js";
import { BUILTIN_PROFILES } from "../../2-parse/profiles/builtin.js";
import { buildCustomProfile, type CustomProfile } from "../../2-parse/profiles/custom.js";
import type { Profile } from "../../2-parse/profiles/profile.js";
import type { LintOptions, WorkerLintOptions } from "./options.js";

/** What applies to one file: its rule set and the profile config names for it. */
export interface FileSettings {
  prepared: PreparedRules;
  /** Profile from `--profile`, a matching override or config; undefined = detect. */
  configuredProfile: string | undefined;
}

/** Everything a run needs, prepared once: profiles, rules with config applied. */
export interface LintSession {
  cwd: string;
  config: HandoffConfig;
  profiles: Map<string, Profile>;
  customProfiles: CustomProfile[];
  /** Settings of files no override matches. */
  configuredProfile: string | undefined;
  prepared: PreparedRules;
  maxFileSize: number | undefined;
  /** Absolute directory `overrides` globs are relative to. */
  configDir: string;
  /** One matcher per config override, in config order. */
  overrideMatchers: Array<(relativePath: string) => boolean>;
  /** Settings per distinct combination of matching overrides (key: their indices, `""` for none), built on first use. */
  overrideSettings: Map<string, FileSettings>;
  rules: readonly Rule[];
  cliProfile: string | undefined;
  cliRuleOverrides: Readonly<Record<string, SeveritySetting>>;
  /** The run's clock, handed to every rule. */
  now: Date;
  /** Honour the documents' own suppression comments. */
  inlineSuppression: boolean;
  /** What a worker thread rebuilds this session from; undefined when custom rule objects were given (they stay on this thread). */
  workerOptions: WorkerLintOptions | undefined;
}

/**
 * The rules config: top-level `rules`, then each override's `rules` in order, then the
 * `markdownlint` pass-through (false turns the bridge off; a preset name and an object become its
 * options). Options given for a markdownlint rule in `rules` (`"MD013": ["warning", { … }]`) join
 * the bridge's markdownlint config.
 */
function mergeRulesConfig(config: HandoffConfig, overrideRules: ReadonlyArray<Record<string, RuleSetting> | undefined>): Record<string, RuleSetting> {
  const rulesConfig: Record<string, RuleSetting> = { ...(config.rules ?? {}) };
  for (const rules of overrideRules) Object.assign(rulesConfig, rules ?? {});
  const markdownlintSetting = config.markdownlint;
  if (markdownlintSetting === false) {
    rulesConfig.markdownlint = "off";
    return rulesConfig;
  }
  const ruleOptions = Object.fromEntries(
    Object.entries(rulesConfig).flatMap(([id, setting]) => (/^MD\d{3}$/.test(id) && Array.isArray(setting) && setting[1] ? [[id, setting[1]]] : [])),
  );
  const given = typeof markdownlintSetting === "object" ? markdownlintSetting : {};
  if (typeof markdownlintSetting !== "string" && Object.keys(given).length === 0 && Object.keys(ruleOptions).length === 0) return rulesConfig;
  const current = rulesConfig.markdownlint;
  const severity = typeof current === "string" ? current : Array.isArray(current) ? current[0] : "warning";
  const currentOptions = Array.isArray(current) ? (current[1] ?? {}) : {};
  rulesConfig.markdownlint = [
    severity,
    {
      ...currentOptions,
      ...(typeof markdownlintSetting === "string" ? { preset: markdownlintSetting } : {}),
      config: { ...((currentOptions.config as object | undefined) ?? {}), ...given, ...ruleOptions },
    },
  ];
  return rulesConfig;
}

/**
 * Checks what config gives markdownlint against markdownlint's own config schema: the
 * `markdownlint` object, and options given for a markdownlint rule in `rules` or an override.
 * @throws ConfigError naming the rule or option, so a typo never silently does nothing.
 */
function checkMarkdownlintSettings(config: HandoffConfig): void {
  const given = config.markdownlint;
  if (given && typeof given === "object") {
    const problem = markdownlintConfigProblem(given);
    if (problem) throw new ConfigError(`config 'markdownlint': ${problem}`);
  }
  const ruleSets: Array<[string, Record<string, RuleSetting> | undefined]> = [
    ["config 'rules'", config.rules],
    ...(config.overrides ?? []).map((override, index): [string, Record<string, RuleSetting> | undefined] => [
      `config 'overrides[${index}].rules'`,
      override.rules,
    ]),
  ];
  for (const [where, rules] of ruleSets) {
    for (const [id, setting] of Object.entries(rules ?? {})) {
      if (!/^MD\d{3}$/.test(id) || !Array.isArray(setting) || !setting[1]) continue;
      const problem = markdownlintRuleOptionsProblem(id, setting[1]);
      if (problem) throw new ConfigError(`${where}: ${problem}`);
    }
  }
}

function checkProfile(id: string | undefined, profiles: ReadonlyMap<string, Profile>, where: string): void {
  if (id && !profiles.has(id)) {
    throw new ConfigError(`unknown profile '${id}'${where} (known: ${[...profiles.keys()].join(", ")})`);
  }
}

/**
 * Prepares a run.
 * @throws ConfigError when the profile named by `--profile`, config or an override does not exist,
 * a custom profile is invalid, or a rule's options do not match its options schema.
 */
export function createSession(options: LintOptions = {}): LintSession {
  const rules = options.rules ?? builtinRules;
  // Rule names in config and on the command line must name rules (built-in or given): a typo
  // must not silently do nothing. Codes (HK008) are accepted and mapped to ids.
  const known = [...builtinRules, ...rules].map((rule) => rule.meta);
  const given = options.config ?? {};
  const config: HandoffConfig = {
    ...given,
    rules: normalizeRuleNames(given.rules, known, "config 'rules'"),
    overrides: given.overrides?.map((override, index) => ({
      ...override,
      rules: normalizeRuleNames(override.rules, known, `config 'overrides[${index}].rules'`),
    })),
  };
  if (given.rules === undefined) delete config.rules;
  if (given.overrides === undefined) delete config.overrides;
  checkMarkdownlintSettings(config);
  const metaById = new Map(known.map((meta) => [meta.id, meta]));
  checkRuleOptions(config.rules, metaById, "config 'rules'");
  config.overrides?.forEach((override, index) => checkRuleOptions(override.rules, metaById, `config 'overrides[${index}].rules'`));
  const cwd = options.cwd ?? process.cwd();
  const profiles = new Map<string, Profile>(BUILTIN_PROFILES.map((p) => [p.id, p]));
  const customProfiles: CustomProfile[] = [];
  for (const custom of config.profiles ?? []) {
    let built: CustomProfile;
    try {
      built = buildCustomProfile(custom);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
    profiles.set(built.profile.id, built.profile);
    customProfiles.push(built);
  }
  const configuredProfile = options.profile ?? config.profile;
  checkProfile(configuredProfile, profiles, "");
  (config.overrides ?? []).forEach((override, index) => checkProfile(override.profile, profiles, ` in overrides[${index}]`));
  const cliRuleOverrides = { ...(normalizeRuleNames(options.ruleOverrides, known, "--rule") ?? {}), ...onlyRuleOverrides(options.onlyRules, known) };
  const prepared = prepareRules(rules, { ...config, rules: mergeRulesConfig(config, []) }, cliRuleOverrides);
  const now = options.now ?? new Date();
  return {
    cwd,
    config,
    profiles,
    customProfiles,
    configuredProfile,
    prepared,
    maxFileSize: options.maxFileSize ?? config.maxFileSize,
    configDir: nodePath.resolve(cwd, options.configDir ?? "."),
    overrideMatchers: (config.overrides ?? []).map((override) => filesMatcher(override.files)),
    overrideSettings: new Map(),
    rules,
    cliProfile: options.profile,
    cliRuleOverrides,
    now,
    inlineSuppression: options.inlineSuppression ?? true,
    workerOptions: options.rules
      ? undefined
      : {
          cwd,
          config,
          configDir: options.configDir,
          profile: options.profile,
          ruleOverrides: options.ruleOverrides,
          ...(options.onlyRules ? { onlyRules: options.onlyRules } : {}),
          maxFileSize: options.maxFileSize,
          now,
          inlineSuppression: options.inlineSuppression,
        },
  };
}

/**
 * A matcher for override `files`: picomatch globs; a pattern without `/` matches the file name in
 * any directory (picomatch's own `basename` option mis-handles patterns that do contain `/`).
 */
function filesMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const matchers = patterns.map((pattern) => picomatch(pattern, { dot: true, basename: !pattern.includes("/") }));
  return (relativePath) => matchers.some((matches) => matches(relativePath));
}

/**
 * The settings for the file at absolute `filePath`: the session's own when no override matches,
 * else those of its combination of overrides (prepared once per combination, not per file).
 */
export function settingsFor(filePath: string, session: LintSession): FileSettings {
  let base = session.overrideSettings.get("");
  if (!base) {
    base = { prepared: session.prepared, configuredProfile: session.configuredProfile };
    session.overrideSettings.set("", base);
  }
  if (session.overrideMatchers.length === 0) return base;
  const relative = nodePath.relative(session.configDir, filePath);
  if (!relative || relative.startsWith("..") || nodePath.isAbsolute(relative)) return base;
  const posix = relative.split(nodePath.sep).join("/");
  const matching = session.overrideMatchers.flatMap((matches, index) => (matches(posix) ? [index] : []));
  if (matching.length === 0) return base;
  const key = matching.join(",");
  let settings = session.overrideSettings.get(key);
  if (!settings) {
    const overrides = matching.map((index) => session.config.overrides?.[index]);
    const rulesConfig = mergeRulesConfig(
      session.config,
      overrides.map((o) => o?.rules),
    );
    const overrideProfile = overrides.reduce<string | undefined>((profile, o) => o?.profile ?? profile, undefined);
    settings = {
      prepared: prepareRules(session.rules, { ...session.config, rules: rulesConfig }, session.cliRuleOverrides),
      configuredProfile: session.cliProfile ?? overrideProfile ?? session.config.profile,
    };
    session.overrideSettings.set(key, settings);
  }
  return settings;
}
