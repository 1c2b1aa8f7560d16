/**
 * The lint pipeline: load → parse → check, one file at a time, results handed on in order.
 * Commands (`lint`, later `stats`, `resume`, …) compose these stages; no stage reaches back.
 */
import { builtinRules } from "../rules/index.js";
import { parseDocument } from "./document/parse.js";
import type { HandoffDocument } from "./document/model.js";
import { ConfigError, type HandoffConfig } from "./engine/config.js";
import type { FileResult, SeveritySetting } from "./engine/diagnostic.js";
import type { Rule } from "./engine/rule.js";
import { checkDocument, prepareRules, type PreparedRules } from "./engine/run.js";
import { discoverFiles } from "./load/discover.js";
import { readSource, sourceFromBytes, type SourceFile } from "./load/read.js";
import { secretValuesToMask } from "./secrets/document.js";
import { BUILTIN_PROFILES } from "./profiles/builtin.js";
import { buildCustomProfile, type CustomProfile } from "./profiles/custom.js";
import { assignProfile } from "./profiles/detect.js";
import type { Profile } from "./profiles/profile.js";

/** Options of a lint run. */
export interface LintOptions {
  cwd?: string;
  config?: HandoffConfig;
  /** Profile for every document (`--profile`), over config. */
  profile?: string;
  /** Severities from the command line, over config. */
  ruleOverrides?: Record<string, SeveritySetting>;
  /** Largest file read, in bytes (`--max-file-size`), over config. */
  maxFileSize?: number;
  /** Rules to run (default: every built-in rule). */
  rules?: readonly Rule[];
}

/** Everything a run needs, prepared once: profiles, rules with config applied. */
export interface LintSession {
  cwd: string;
  config: HandoffConfig;
  profiles: Map<string, Profile>;
  customProfiles: CustomProfile[];
  configuredProfile: string | undefined;
  prepared: PreparedRules;
  maxFileSize: number | undefined;
}

/**
 * Prepares a run.
 * @throws ConfigError when the profile named by `--profile` or config does not exist, or a custom
 * profile is invalid.
 */
export function createSession(options: LintOptions = {}): LintSession {
  const config = options.config ?? {};
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
  if (configuredProfile && !profiles.has(configuredProfile)) {
    throw new ConfigError(`unknown profile '${configuredProfile}' (known: ${[...profiles.keys()].join(", ")})`);
  }
  const markdownlintSetting = config.markdownlint;
  const rulesConfig = { ...(config.rules ?? {}) };
  if (markdownlintSetting === false) rulesConfig.markdownlint = "off";
  else if (markdownlintSetting && typeof markdownlintSetting === "object") {
    const current = rulesConfig.markdownlint;
    const severity = typeof current === "string" ? current : Array.isArray(current) ? current[0] : "warning";
    rulesConfig.markdownlint = [severity, { config: markdownlintSetting }];
  }
  const prepared = prepareRules(options.rules ?? builtinRules, { ...config, rules: rulesConfig }, options.ruleOverrides);
  return {
    cwd: options.cwd ?? process.cwd(),
    config,
    profiles,
    customProfiles,
    configuredProfile,
    prepared,
    maxFileSize: options.maxFileSize ?? config.maxFileSize,
  };
}

/** Parse stage plus profile assignment for one source. */
export function buildDocument(source: SourceFile, session: LintSession): { document: HandoffDocument; profile: Profile } {
  const document = parseDocument(source);
  let configured = session.configuredProfile;
  if (!configured) {
    const data = document.frontmatter?.data;
    const custom = session.customProfiles.find(
      (c) => data && c.detectFrontmatter && Object.entries(c.detectFrontmatter).every(([k, v]) => data[k] === v),
    );
    if (custom) configured = custom.profile.id;
  }
  const profile = assignProfile(document, configured, session.profiles);
  if (configured && !session.configuredProfile) document.profileReason = "detected";
  return { document, profile };
}

/**
 * Lints one source already in memory. Every credential-shaped value of the document goes into
 * `maskedSecrets`, so reporters mask it in every message whatever rules ran.
 */
export function lintSource(source: SourceFile, session: LintSession): FileResult {
  const { document, profile } = buildDocument(source, session);
  const result = checkDocument(document, profile, session.prepared);
  const secrets = document.loadProblems.length === 0 ? secretValuesToMask(document) : [];
  return secrets.length > 0 ? { ...result, maskedSecrets: secrets } : result;
}

/** Lints text as if it were the file `path` (tests, staged content, editors). */
export function lintText(path: string, text: string | Uint8Array, session: LintSession): FileResult {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return lintSource(sourceFromBytes(path, bytes, session.cwd), session);
}

/** Result of {@link lintPaths}. */
export interface LintRun {
  results: FileResult[];
  /** Inputs that matched no file. */
  unmatched: string[];
}

/**
 * Lints every file the inputs name, in display-path order. One bad file never stops the run.
 * @param onResult called for each file as soon as it is done (streaming reporters, progress).
 */
export async function lintPaths(
  inputs: readonly string[],
  session: LintSession,
  onResult?: (result: FileResult) => void,
): Promise<LintRun> {
  const discovery = await discoverFiles(inputs, { cwd: session.cwd, ignores: session.config.ignores });
  const results: FileResult[] = [];
  for (const file of discovery.files) {
    const source = await readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
    let result: FileResult;
    try {
      result = lintSource(source, session);
    } catch (error) {
      // A parser bug must not take the run down: record it and go on.
      result = {
        path: source.displayPath,
        profile: "generic",
        diagnostics: [],
        internalErrors: [`internal error on ${source.displayPath}: ${(error as Error).stack ?? String(error)}`],
      };
    }
    results.push(result);
    onResult?.(result);
  }
  return { results, unmatched: discovery.unmatched };
}
