/**
 * The cache layer in front of a run's runner (`--cache`): answers unchanged files from
 * `src/3-check/cache/lint-cache.ts`, brings cached results of clock-reading rules to this run's clock,
 * and keeps the outcome of every file linted in full.
 */
import { LintCache, contentDigest, type LintFacts } from "../cache/lint-cache.js";
import { VERIFIED_DELIVERY_SCHEMA } from "../../2-parse/document/json-record.js";
import { parseDocument } from "../../2-parse/document/parse.js";
import { compareDiagnostics, type MaskedFileResult } from "../engine/diagnostic.js";
import type { SourceFile } from "../../1-load/read.js";
import { maskFileResult } from "../secrets/mask.js";
import { checkDocument, inlineSuppressionAllowed, type PreparedRules } from "../engine/run.js";
import { mayHoldDirectives } from "../engine/suppress.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { analyzeSource } from "./analyze.js";
import { settingsFor, type LintSession } from "./session.js";

/** One file's (masked) result and, when a cache will keep it, what the cache needs to. */
export interface FileOutcome {
  result: MaskedFileResult;
  facts?: LintFacts;
}

/**
 * Lints one source and says what `--cache` needs to keep its result: the bytes' digest, the rules
 * that read the clock, and whether those can be re-run without Markdown (see `src/3-check/cache/lint-cache.ts`).
 */
export function lintOutcome(source: SourceFile, session: LintSession): { result: MaskedFileResult; facts: LintFacts } {
  const clockRules = new Set<string>();
  const clockFacts: Record<string, unknown> = {};
  const { document, result, hasSecrets } = analyzeSource(source, session, {
    onClockRead: (id) => clockRules.add(id),
    onClockFacts: (id, facts) => (clockFacts[id] = facts),
  });
  const canRecheck = document !== undefined && recheckable(document, settingsFor(source.path, session).prepared, clockRules);
  return {
    result,
    facts: {
      digest: contentDigest(source.bytes),
      clockRules: [...clockRules],
      loadFailed: source.problems.length > 0,
      recheckable: canRecheck,
      hasSecrets,
      clockFacts,
    },
  };
}

/**
 * Whether the findings of `clockRules` on `document` can be recomputed by re-running those rules
 * alone: no suppression comment could silence them (a re-run reports only their own findings, so
 * it could not tell which comments the other rules' findings used up).
 */
function recheckable(document: HandoffDocument, prepared: PreparedRules, clockRules: ReadonlySet<string>): boolean {
  const entries = prepared.entries.filter((entry) => clockRules.has(entry.rule.meta.id));
  return !(entries.some(inlineSuppressionAllowed) && mayHoldDirectives(document.text));
}

/**
 * Whether re-running `entries` needs the Markdown parsed, as their metadata tells: one of them reads
 * Markdown, or reads the record and the text may hold one fenced in Markdown.
 */
function needsMarkdown(source: SourceFile, entries: PreparedRules["entries"]): boolean {
  if (entries.some((entry) => entry.rule.meta.reads?.includes("markdown") ?? true)) return true;
  // Without the schema id in its text a Markdown document has no fenced record.
  return (source.text ?? "").includes(VERIFIED_DELIVERY_SCHEMA) && entries.some((entry) => entry.rule.meta.reads?.includes("record"));
}

/**
 * A cached result brought to this run's clock: the findings of `clockRules` are dropped and those
 * rules alone re-run: a rule with `clockFacts` kept for it runs its `judge` phase alone on them
 * (`ClockPhases`); the document is parsed without Markdown when the others read none (frontmatter
 * and records only), else in full. Every other rule's findings, markdownlint's among them, stand.
 * Never throws: undefined when that fails (the caller lints the file in full).
 */
export function recheckClock(
  source: SourceFile,
  session: LintSession,
  cached: MaskedFileResult,
  clockRules: readonly string[],
  clockFacts: Readonly<Record<string, unknown>> = {},
): MaskedFileResult | undefined {
  try {
    const settings = settingsFor(source.path, session);
    const profile = session.profiles.get(cached.profile);
    if (!profile) return undefined;
    const wanted = new Set(clockRules);
    const prepared = { ...settings.prepared, entries: settings.prepared.entries.filter((entry) => wanted.has(entry.rule.meta.id)) };
    const judged = (entry: PreparedRules["entries"][number]) => entry.rule.clockPhases !== undefined && Object.hasOwn(clockFacts, entry.rule.meta.id);
    const rerun = prepared.entries.filter((entry) => !judged(entry));
    // Judge phases read the text and lines alone.
    const document = parseDocument(source, rerun.length === 0 ? { frontmatter: false } : { markdown: needsMarkdown(source, rerun) });
    document.profileId = profile.id;
    // Nothing to mask: an entry is stored only for a document holding no credential-shaped value
    // (LintCache.store), and these bytes, config and build are the ones it was computed from.
    const fresh = maskFileResult(checkDocument(document, profile, prepared, { now: session.now, clockFacts }), []);
    if (fresh.internalErrors.length > 0) return undefined;
    const kept = cached.diagnostics.filter((d) => !wanted.has(d.ruleId));
    return { ...cached, diagnostics: [...kept, ...fresh.diagnostics].sort(compareDiagnostics) };
  } catch {
    return undefined;
  }
}

/** What a cache key holds from the session: everything a file's result depends on but its bytes. */
function sessionKey(session: LintSession): Record<string, unknown> {
  const options = session.workerOptions;
  return {
    cwd: session.cwd,
    configDir: session.configDir,
    config: session.config,
    profile: options?.profile,
    ruleOverrides: options?.ruleOverrides,
    onlyRules: options?.onlyRules,
    maxFileSize: session.maxFileSize,
    rules: session.rules.map((rule) => `${rule.meta.id}:${rule.meta.code}`),
  };
}

/** `--cache`: where results are kept and what they depend on beyond the session (handoffkit's version). */
export interface CacheOptions {
  directory: string;
  key: Record<string, unknown>;
}

/** A run's cache, as the scheduler uses it. */
export interface CacheLayer {
  /** The result of `source` without linting it (a hit, or a hit re-checked against the clock); undefined: lint it. */
  answer(source: SourceFile): MaskedFileResult | undefined;
  /** Keeps the outcome of the file at absolute `filePath`, linted in full. */
  store(filePath: string, outcome: FileOutcome): void;
  /** Writes the cache; @returns why it could not be written, for a warning. */
  save(): Promise<string | undefined>;
  readonly stats: LintCache["stats"];
}

/** Opens the cache of `session` (undefined for a session with custom rule objects: their results are never kept). */
export function openCacheLayer(session: LintSession, options: CacheOptions | undefined): CacheLayer | undefined {
  if (!options || !session.workerOptions) return undefined;
  const cache = LintCache.open(options.directory, { ...options.key, ...sessionKey(session) });
  return {
    stats: cache.stats,
    answer(source) {
      // A file that cannot be loaded is always linted: a permission can change while the (empty) bytes do not.
      if (source.problems.length > 0) {
        cache.stats.misses++;
        return undefined;
      }
      const found = cache.lookup(source.path, contentDigest(source.bytes), session.now);
      if (found.kind === "hit") return found.result;
      if (found.kind === "recheck") return recheckClock(source, session, found.result, found.clockRules, found.clockFacts);
      return undefined;
    },
    store(filePath, outcome) {
      if (outcome.facts) cache.store(filePath, outcome.result, outcome.facts, session.now);
    },
    save: () => cache.save(),
  };
}
