/**
 * Check stage: running the rules over one parsed document.
 */
import { createHash } from "node:crypto";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { loadProblemRule, type LoadProblem } from "../../1-load/read.js";
import type { Profile } from "../../2-parse/profiles/profile.js";
import { ruleSetting, type HandoffConfig } from "./config.js";
import {
  compareDiagnostics,
  internalErrorDiagnostic,
  INTERNAL_ERROR_RULE_ID,
  valueDigest,
  type Diagnostic,
  type FileResult,
  type Severity,
  type SeveritySetting,
} from "./diagnostic.js";
import { ruleMessage, RuleContractError, type ClockPhases, type ReportDescriptor, type Rule, type RuleContext, type RuleMeta, type TextEdit } from "./rule.js";
import { isSuppressed, suppressionDirectives } from "./suppress.js";

/** The rule set for a run, with config applied once (not per file). */
export interface PreparedRules {
  entries: Array<{ rule: Rule; severity: Severity; explicit: boolean; options: Record<string, unknown> }>;
  /** Config `rules`, for foreign ids (markdownlint's `MD…`). */
  rulesConfig: HandoffConfig["rules"];
  /** Ids and codes of every rule given to {@link prepareRules}, including those turned off. */
  ruleNames: ReadonlySet<string>;
}

/**
 * Applies config to the rule list: drops rules turned off, merges options.
 * @param overrides severities from the command line, applied over config.
 */
export function prepareRules(rules: readonly Rule[], config: HandoffConfig, overrides: Readonly<Record<string, SeveritySetting>> = {}): PreparedRules {
  const rulesConfig = { ...(config.rules ?? {}), ...overrides };
  const entries: PreparedRules["entries"] = [];
  for (const rule of rules) {
    const setting = ruleSetting(rulesConfig, rule.meta.id);
    const severity = setting.severity ?? rule.meta.defaultSeverity;
    if (severity === "off") continue;
    entries.push({
      rule,
      severity,
      explicit: setting.severity !== undefined,
      options: { ...(rule.meta.defaultOptions ?? {}), ...(setting.options ?? {}) },
    });
  }
  const ruleNames = new Set(rules.flatMap((rule) => [rule.meta.id, rule.meta.code]));
  return { entries, rulesConfig, ruleNames };
}

/**
 * Whether a document's own comments may silence the findings of a prepared rule: its
 * `allowInlineSuppression` option when config sets one, else its {@link RuleMeta.suppression}.
 */
export function inlineSuppressionAllowed(entry: PreparedRules["entries"][number]): boolean {
  return (entry.options.allowInlineSuppression as boolean | undefined) ?? entry.rule.meta.suppression?.inline ?? true;
}

/** Per-run values every rule sees. */
export interface CheckOptions {
  /** The run's clock (default: now). */
  now?: Date;
  /**
   * Honour the document's own suppression comments (default true). `resume` and `seal` pass
   * false: a document that is about to be trusted must not switch off its own checks.
   */
  inlineSuppression?: boolean;
  /** Called with a rule's id each time it reads `context.now` (a cached result of that rule holds for that clock only). */
  onClockRead?: (ruleId: string) => void;
  /** Called with what the `observe` phase of a rule with {@link ClockPhases} returned, when it returned facts. */
  onClockFacts?: (ruleId: string, facts: unknown) => void;
  /**
   * Facts an earlier run's `observe` returned, by rule id (from the cache): such a rule runs its
   * `judge` phase alone on them.
   */
  clockFacts?: Readonly<Record<string, unknown>>;
}

/**
 * Runs every applicable rule over `document`, then drops the findings that inline suppression
 * comments silence (`src/3-check/engine/suppress.ts`) as each rule's {@link RuleMeta.suppression} allows —
 * never when `options.inlineSuppression` is false.
 * A rule that throws is our bug: it is recorded in `internalErrors` and the other rules still run.
 */
export function checkDocument(document: HandoffDocument, profile: Profile, prepared: PreparedRules, options: CheckOptions = {}): FileResult {
  const now = options.now ?? new Date();
  const diagnostics: Diagnostic[] = [];
  const internalErrors: string[] = [];
  const loadFailed = document.loadProblems.length > 0;
  let directives: ReturnType<typeof suppressionDirectives> | undefined;
  for (const entry of prepared.entries) {
    const { rule } = entry;
    const meta = rule.meta;
    if (loadFailed !== Boolean(meta.loadStage)) continue;
    if (!loadFailed && !meta.formats.includes(document.format)) continue;
    if (meta.profiles !== "all" && !meta.profiles.includes(profile.id)) continue;
    const context: RuleContext = {
      profile,
      options: entry.options,
      severity: entry.severity,
      ruleNames: prepared.ruleNames,
      get now() {
        options.onClockRead?.(meta.id);
        return now;
      },
      foreignSeverity: (ruleId) => ruleSetting(prepared.rulesConfig, ruleId).severity,
      report: (descriptor) => {
        const diagnostic = toDiagnostic(document, rule, entry, descriptor);
        if (!diagnostic) return;
        if (meta.profileGap && document.profileReason === "guessed" && diagnostic.severity === "error") {
          diagnostic.severity = "warning";
          diagnostic.message += ` (the ${profile.id} profile was guessed from headings: set it to make this an error)`;
        }
        if (options.inlineSuppression !== false && inlineSuppressionAllowed(entry)) {
          directives ??= suppressionDirectives(document);
          const blanket = meta.suppression?.blanket ?? true;
          if (directives.length > 0 && isSuppressed(directives, diagnostic.ruleId, meta.code, diagnostic.line, diagnostic.offset, blanket)) return;
        }
        diagnostics.push(diagnostic);
      },
    };
    try {
      if (rule.clockPhases) runPhases(rule.clockPhases, meta, document, context, options);
      else rule.check(document, context);
    } catch (error) {
      internalErrors.push(`rule ${meta.id} failed on ${document.displayPath}: ${(error as Error).stack ?? String(error)}`);
      diagnostics.push(internalErrorDiagnostic(`rule ${meta.id}`, error, "its checks of this file are missing"));
    }
  }
  // A file that could not be loaded was not checked at all: that is never a silent pass, even
  // with `file-read` or `file-encoding` off (or absent from the rule set).
  if (loadFailed && diagnostics.every((d) => d.ruleId === INTERNAL_ERROR_RULE_ID))
    diagnostics.push(...document.loadProblems.map((problem) => unreportedLoadProblem(document, problem)));
  diagnostics.sort(compareDiagnostics);
  addContextHashes(document, diagnostics);
  for (const diagnostic of diagnostics) diagnostic.valueDigest = valueDigest(diagnostic);
  return { path: document.displayPath, profile: profile.id, diagnostics, internalErrors };
}

/**
 * Runs a rule's {@link ClockPhases}: `judge` on the facts `options.clockFacts` holds for it, else
 * `observe` (with a context that refuses the clock and reports) and then `judge` on what it returned.
 */
function runPhases(phases: ClockPhases, meta: RuleMeta, document: HandoffDocument, context: RuleContext, options: CheckOptions): void {
  if (options.clockFacts && Object.hasOwn(options.clockFacts, meta.id)) {
    phases.judge(options.clockFacts[meta.id], document, context);
    return;
  }
  const refuse = (what: string): never => {
    throw new RuleContractError(`rule ${meta.id} ${what} in its observe phase (it must not: the cache keeps what observe returns for every clock)`);
  };
  const observing: RuleContext = {
    profile: context.profile,
    options: context.options,
    severity: context.severity,
    ruleNames: context.ruleNames,
    get now(): Date {
      return refuse("read the clock");
    },
    foreignSeverity: context.foreignSeverity,
    report: () => refuse("reported a finding"),
  };
  const facts = phases.observe(document, observing);
  if (facts === undefined) return;
  options.onClockFacts?.(meta.id, facts);
  phases.judge(facts, document, context);
}

/**
 * A report's fix as a list of edits. @throws RuleContractError from a rule without
 * `meta.fixable`, or for an edit outside the text, backwards, or overlapping another of the fix.
 */
function fixOf(meta: RuleMeta, descriptor: ReportDescriptor, length: number): readonly TextEdit[] {
  if (!meta.fixable) throw new RuleContractError(`rule ${meta.id} reported a fix but its meta has no 'fixable'`);
  const edits = Array.isArray(descriptor.fix) ? (descriptor.fix as readonly TextEdit[]) : [descriptor.fix as TextEdit];
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0]);
  sorted.forEach((edit, i) => {
    const [start, end] = edit.range;
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= length)) {
      throw new RuleContractError(`rule ${meta.id} reported a fix with the edit [${start}, ${end}) outside the text (0 to ${length})`);
    }
    const next = sorted[i + 1];
    if (next && next.range[0] < end) throw new RuleContractError(`rule ${meta.id} reported a fix whose edits overlap`);
  });
  return sorted;
}

/** Sets {@link Diagnostic.contextHash} on each diagnostic (one hash per distinct line). */
function addContextHashes(document: HandoffDocument, diagnostics: Diagnostic[]): void {
  const byLine = new Map<number, string>();
  const { lines, text } = document;
  for (const diagnostic of diagnostics) {
    let hash = byLine.get(diagnostic.line);
    if (hash === undefined) {
      const start = lines.lineStart(diagnostic.line);
      const end = diagnostic.line < lines.lineCount ? lines.lineStart(diagnostic.line + 1) : text.length;
      const normalized = text.slice(start, end).trim().replace(/\s+/g, " ");
      hash = createHash("sha256").update(normalized, "utf8").digest("hex").slice(0, 16);
      byLine.set(diagnostic.line, hash);
    }
    diagnostic.contextHash = hash;
  }
}

/** The error for a load problem no rule reported: under the rule that would have, saying it is off. */
function unreportedLoadProblem(document: HandoffDocument, problem: LoadProblem): Diagnostic {
  const ruleId = loadProblemRule(problem.kind);
  const line = problem.line ?? 1;
  const column = problem.column ?? 1;
  return {
    ruleId,
    severity: "error",
    message: `${problem.message}: the file was not checked (reported although ${ruleId} is off)`,
    line,
    column,
    endLine: line,
    endColumn: column,
    offset: 0,
    endOffset: 0,
    messageId: "problem",
  };
}

/**
 * Whose finding a report is, at what severity, under which messageId. A rule's own report: its
 * id, its configured severity when config sets one explicitly, else the report's, else its
 * default. A rule with {@link RuleMeta.reportsForeignRuleIds} names the id, resolves that id's
 * configured severity itself (falling back to its own) and writes its own messages (no messageId).
 */
function reportIdentity(
  meta: RuleMeta,
  entry: PreparedRules["entries"][number],
  descriptor: ReportDescriptor,
): { ruleId: string; severity: Severity; messageId?: string } {
  if (meta.reportsForeignRuleIds) return { ruleId: descriptor.ruleId || meta.id, severity: descriptor.severity ?? entry.severity };
  return { ruleId: meta.id, severity: entry.explicit ? entry.severity : (descriptor.severity ?? entry.severity), messageId: descriptor.messageId };
}

function toDiagnostic(document: HandoffDocument, rule: Rule, entry: PreparedRules["entries"][number], descriptor: ReportDescriptor): Diagnostic | undefined {
  const { ruleId, severity, messageId } = reportIdentity(rule.meta, entry, descriptor);
  const message = ruleMessage(rule.meta, descriptor);
  const lines = document.lines;
  let start: { line: number; column: number; offset: number };
  let end: { line: number; column: number; offset: number };
  const nodePosition = descriptor.node?.position;
  const places = [descriptor.node !== undefined, descriptor.range !== undefined, descriptor.offset !== undefined, descriptor.line !== undefined].filter(
    Boolean,
  ).length;
  if (places !== 1) {
    throw new RuleContractError(
      `rule ${rule.meta.id} reported '${descriptor.messageId}' with ${places === 0 ? "no place" : `${places} places`}: give exactly one of node, range, offset or line`,
    );
  }
  if (descriptor.range) {
    start = descriptor.range.start;
    end = descriptor.range.end;
  } else if (nodePosition && nodePosition.start.offset !== undefined && nodePosition.end.offset !== undefined) {
    start = lines.point(nodePosition.start.offset);
    end = lines.point(nodePosition.end.offset);
  } else if (descriptor.offset !== undefined) {
    start = lines.point(descriptor.offset);
    end = lines.point(descriptor.endOffset ?? descriptor.offset);
  } else {
    const line = descriptor.line as number;
    const column = descriptor.column ?? 1;
    const offset = Math.min(lines.lineStart(line) + column - 1, document.text.length);
    start = { line, column, offset };
    const endLine = descriptor.endLine ?? line;
    const endColumn = descriptor.endColumn ?? column;
    end = { line: endLine, column: endColumn, offset: Math.min(lines.lineStart(endLine) + endColumn - 1, document.text.length) };
  }
  const diagnostic: Diagnostic = {
    ruleId,
    severity,
    message,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    offset: start.offset,
    endOffset: end.offset,
  };
  if (messageId !== undefined) diagnostic.messageId = messageId;
  if (descriptor.secrets && descriptor.secrets.length > 0) diagnostic.secrets = descriptor.secrets;
  if (descriptor.fix !== undefined) diagnostic.fix = fixOf(rule.meta, descriptor, document.text.length);
  return diagnostic;
}
