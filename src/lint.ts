/**
 * The lint pipeline: load → parse → check, one file at a time, results handed on in order.
 * Commands (`lint`, later `stats`, `resume`, …) compose these stages; no stage reaches back.
 */
import nodePath from "node:path";
import picomatch from "picomatch";
import { builtinRules } from "../rules/index.js";
import { VERIFIED_DELIVERY_SCHEMA } from "./records/json-record.js";
import { parseDocument } from "./document/parse.js";
import type { HandoffDocument } from "./document/model.js";
import { ConfigError, normalizeRuleNames, onlyRuleOverrides, type HandoffConfig, type RuleSetting } from "./engine/config.js";
import { compareDiagnostics, internalErrorDiagnostic, type Diagnostic, type FileResult, type MaskedFileResult, type SeveritySetting } from "./engine/diagnostic.js";
import { markdownlintConfigProblem, markdownlintRuleOptionsProblem } from "./markdownlint/config-check.js";
import type { Rule } from "./engine/rule.js";
import { checkRuleOptions } from "./engine/rule-options.js";
import { checkDocument, prepareRules, type PreparedRules } from "./engine/run.js";
import { DEFAULT_MAX_FILE_BYTES, sourceFromBytes, type SourceFile } from "./load/read.js";
import type { WorkerLintOptions } from "./parallel/protocol.js";
import { secretValuesToMask } from "./secrets/document.js";
import { maskFileResult } from "./secrets/mask.js";
import { contentDigest, type LintFacts } from "./cache/lint-cache.js";
import { BUILTIN_PROFILES } from "./profiles/builtin.js";
import { buildCustomProfile, type CustomProfile } from "./profiles/custom.js";
import { assignProfile } from "./profiles/detect.js";
import type { Profile } from "./profiles/profile.js";

export { analysePaths, lintPaths, type LintPathsOptions, type LintRun } from "./lint-paths.js";

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
   * is off, over config and `ruleOverrides`. The named rules keep their configured severity.
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
    ...(config.overrides ?? []).map((override, index): [string, Record<string, RuleSetting> | undefined] => [`config 'overrides[${index}].rules'`, override.rules]),
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
    overrides: given.overrides?.map((override, index) => ({ ...override, rules: normalizeRuleNames(override.rules, known, `config 'overrides[${index}].rules'`) })),
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
    const rulesConfig = mergeRulesConfig(session.config, overrides.map((o) => o?.rules));
    const overrideProfile = overrides.reduce<string | undefined>((profile, o) => o?.profile ?? profile, undefined);
    settings = {
      prepared: prepareRules(session.rules, { ...session.config, rules: rulesConfig }, session.cliRuleOverrides),
      configuredProfile: session.cliProfile ?? overrideProfile ?? session.config.profile,
    };
    session.overrideSettings.set(key, settings);
  }
  return settings;
}

/** Parse stage plus profile assignment for one source. */
export function buildDocument(
  source: SourceFile,
  session: LintSession,
  settings: FileSettings = settingsFor(source.path, session),
): { document: HandoffDocument; profile: Profile } {
  const document = parseDocument(source);
  let configured = settings.configuredProfile;
  if (!configured) {
    const data = document.frontmatter?.data;
    const custom = session.customProfiles.find(
      (c) => data && c.detectFrontmatter && Object.entries(c.detectFrontmatter).every(([k, v]) => data[k] === v),
    );
    if (custom) configured = custom.profile.id;
  }
  const profile = assignProfile(document, configured, session.profiles);
  if (configured && !settings.configuredProfile) document.profileReason = "detected";
  return { document, profile };
}

/**
 * Lints one source already in memory. The result is masked: every credential-shaped value of the
 * document is masked in every message whatever rules ran (`src/secrets/mask.ts`).
 */
export function lintSource(source: SourceFile, session: LintSession): MaskedFileResult {
  return analyseSource(source, session).result;
}

/**
 * Lints text as if it were the file `path` (tests, staged content, editors), under the session's
 * size limit (`maxFileSize`, default 1 MiB) as a file on disk is: longer text is a `file-read`
 * finding and is not checked.
 */
export function lintText(path: string, text: string | Uint8Array, session: LintSession): MaskedFileResult {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return lintSource(sourceFromBytes(path, bytes, session.cwd, { maxBytes: session.maxFileSize ?? DEFAULT_MAX_FILE_BYTES }), session);
}

/** One analysed file: its parsed document (undefined when the pipeline itself failed), profile and (masked) result. */
export interface AnalysedFile {
  document: HandoffDocument | undefined;
  profile: Profile | undefined;
  result: MaskedFileResult;
  /** Whether the document holds credential-shaped values (its result then stays out of `--cache`). */
  hasSecrets: boolean;
}

/** Options of {@link analyseSource}. */
export interface AnalyseOptions {
  /** Called with a rule's id when it reads the run's clock. */
  onClockRead?: (ruleId: string) => void;
}

/**
 * Parses and checks one source, never throwing. The engine boundary: what needs the raw values
 * (each finding's {@link Diagnostic.valueDigest} for baselines) is computed by the check stage,
 * then every message is masked against every secret of the document before the result is returned.
 */
export function analyseSource(source: SourceFile, session: LintSession, options: AnalyseOptions = {}): AnalysedFile {
  let secrets: string[] = [];
  try {
    const settings = settingsFor(source.path, session);
    const { document, profile } = buildDocument(source, session, settings);
    secrets = document.loadProblems.length === 0 ? secretValuesToMask(document) : [];
    const result = checkDocument(document, profile, settings.prepared, { now: session.now, inlineSuppression: session.inlineSuppression, onClockRead: options.onClockRead });
    if (document.profileReason === "reference" && document.formatReference) result.profileReason = document.formatReference;
    const hasSecrets = secrets.length > 0 || result.diagnostics.some((d) => (d.secrets?.length ?? 0) > 0);
    return { document, profile, result: maskFileResult(result, secrets), hasSecrets };
  } catch (error) {
    const result: FileResult = {
      path: source.displayPath,
      profile: "generic",
      diagnostics: [internalErrorDiagnostic("handoffkit", error, "it was not checked")],
      internalErrors: [`internal error on ${source.displayPath}: ${(error as Error).stack ?? String(error)}`],
    };
    return { document: undefined, profile: undefined, result: maskFileResult(result, secrets), hasSecrets: secrets.length > 0 };
  }
}

/**
 * Lints one source and says what `--cache` needs to keep its result: the bytes' digest, the rules
 * that read the clock, and whether those can be re-run without Markdown (see `src/cache/lint-cache.ts`).
 */
export function lintOutcome(source: SourceFile, session: LintSession): { result: MaskedFileResult; facts: LintFacts } {
  const clockRules = new Set<string>();
  const { document, result, hasSecrets } = analyseSource(source, session, { onClockRead: (id) => clockRules.add(id) });
  // Without the schema id in its text a Markdown document has no fenced record: asking would parse it.
  const recheckable =
    document !== undefined &&
    !document.text.includes("handoff-") &&
    (document.format === "json" || !document.text.includes(VERIFIED_DELIVERY_SCHEMA) || document.record === undefined);
  return {
    result,
    facts: { digest: contentDigest(source.bytes), clockRules: [...clockRules], loadFailed: source.problems.length > 0, recheckable, hasSecrets },
  };
}

/**
 * A cached result brought to this run's clock: the findings of `clockRules` are dropped and those
 * rules re-run on the document parsed without Markdown (they read frontmatter and records only).
 * Never throws: undefined when that fails (the caller lints the file in full).
 */
export function recheckClock(source: SourceFile, session: LintSession, cached: MaskedFileResult, clockRules: readonly string[]): MaskedFileResult | undefined {
  try {
    const settings = settingsFor(source.path, session);
    const profile = session.profiles.get(cached.profile);
    if (!profile) return undefined;
    const document = parseDocument(source, { markdown: false });
    document.profileId = profile.id;
    const wanted = new Set(clockRules);
    const prepared = { ...settings.prepared, entries: settings.prepared.entries.filter((entry) => wanted.has(entry.rule.meta.id)) };
    const fresh = maskFileResult(checkDocument(document, profile, prepared, { now: session.now }), secretValuesToMask(document));
    if (fresh.internalErrors.length > 0) return undefined;
    const kept = cached.diagnostics.filter((d) => !wanted.has(d.ruleId));
    return { ...cached, diagnostics: [...kept, ...fresh.diagnostics].sort(compareDiagnostics) };
  } catch {
    return undefined;
  }
}
