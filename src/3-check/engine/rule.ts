/**
 * What a rule is: metadata plus one `check(document, context)` (after ESLint's `meta` + `create`
 * and markdownlint's one-file-per-rule).
 */
import type { Node as MdastNode } from "mdast";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { Range } from "../../2-parse/document/position.js";
import type { Profile } from "../../2-parse/profiles/profile.js";
import type { Severity, SeveritySetting } from "./diagnostic.js";

export { FIX_TYPES, type FixType, type TextEdit } from "./text-edit.js";
import type { FixType, TextEdit } from "./text-edit.js";

/** What a rule may read: frontmatter data, the JSON record (a `.json` file or a fenced block), the Markdown body, the run's clock. */
export type RuleInput = "frontmatter" | "record" | "markdown" | "clock";

/** Metadata of a rule. */
export interface RuleMeta {
  /** Readable name, used as the public `ruleId` (`required-sections`). */
  id: string;
  /** Short stable code (`HK005`). */
  code: string;
  /** One sentence: what the rule finds. */
  description: string;
  /** Severity when config says nothing; `off` for opt-in rules. */
  defaultSeverity: SeveritySetting;
  /** Profiles the rule runs for; `all` for every profile. */
  profiles: readonly string[] | "all";
  /** Document formats it reads: Markdown only, JSON records only, or both. */
  formats: ReadonlyArray<"markdown" | "json">;
  /** Runs on files that failed to load (the `file-*` rules); others never see such files. */
  loadStage?: boolean;
  /** Tags, as markdownlint has them (`frontmatter`, `sections`, …). */
  tags: readonly string[];
  /** Message templates by id; `{{name}}` placeholders are filled from the report's `data`. */
  messages: Readonly<Record<string, string>>;
  /** JSON Schema of the rule's options, when it has any. */
  optionsSchema?: object;
  /** Options used when config gives none. */
  defaultOptions?: Readonly<Record<string, unknown>>;
  /**
   * What a document's own `handoff-disable` comments may do to the rule's findings (default: both).
   * `inline: false` — no comment silences them unless config sets the rule's
   * `allowInlineSuppression` option (a hostile document must not switch off the check that
   * finds it); `blanket: false` — only a comment that names the rule does, never a bare one.
   */
  suppression?: { readonly inline?: boolean; readonly blanket?: boolean };
  /** Stays on under `--only` (the rules saying a file or block could not be read: a run never passes unread files silently). */
  runsAlways?: boolean;
  /**
   * The parts of a document the rule reads, and whether it reads the run's clock. Undefined: any
   * part. The cache re-runs a clock-reading rule on a document parsed without Markdown (rather
   * than linting the file again) only when this says it reads no `markdown`.
   */
  reads?: readonly RuleInput[];
  /** Rule reports findings under other rule ids (the markdownlint bridge reports `MD…` ids). */
  reportsForeignRuleIds?: boolean;
  /** How often a finding is a true positive (SARIF `precision`): a hint for reporters and triage. */
  precision?: "very-high" | "high" | "medium" | "low";
  /**
   * The rule may attach a fix to a report (ESLint's `meta.fixable`): the kind of fix its fixes are,
   * which `lint --fix-type` selects. A report with a fix from a rule without it is a contract error.
   */
  fixable?: FixType;
  /**
   * The rule reports what the document's profile requires of it (a missing section, their order):
   * when the profile was only guessed from headings (`HandoffDocument.profileReason` `guessed`),
   * its errors are reported as warnings, saying so — a guess must not fail a document.
   */
  profileGap?: boolean;
}

/**
 * What a rule passes to `context.report`. Give exactly one place: `node`, `range`, `offset`
 * (with `endOffset`) or `line` (with `column`, `endLine`, `endColumn`); none, or more than one, is
 * a contract error (never a silent 1:1).
 */
export interface ReportDescriptor {
  messageId: string;
  data?: Readonly<Record<string, string | number>>;
  node?: MdastNode;
  range?: Range;
  offset?: number;
  endOffset?: number;
  /** Explicit 1-based line/column (when the rule has no offsets, e.g. from markdownlint). */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** Severity for this finding when config does not set the rule's severity explicitly. */
  severity?: Severity;
  /** For rules with `reportsForeignRuleIds`: the id to report under. */
  ruleId?: string;
  /** Raw message text (foreign rules only); otherwise messages come from `messageId`. */
  message?: string;
  /** Secret values inside this finding, masked by every reporter. */
  secrets?: string[];
  /** A fix (rules with `meta.fixable` only): edits of the document's text that make the finding go away. */
  fix?: TextEdit | readonly TextEdit[];
}

/** What a rule sees while checking one document. */
export interface RuleContext<Options = Record<string, unknown>> {
  readonly profile: Profile;
  /** Options: `defaultOptions` overlaid with config. */
  readonly options: Options;
  /** The rule's severity for this run. */
  readonly severity: Severity;
  /** Ids and codes of every rule the run knows (also those turned off), for rules that check rule names. */
  readonly ruleNames: ReadonlySet<string>;
  /** The run's clock: `--now` when given, else the time the run started (rules never read the system clock). */
  readonly now: Date;
  /** Severity configured explicitly for a foreign rule id (markdownlint), if any. */
  foreignSeverity(ruleId: string): SeveritySetting | undefined;
  report(descriptor: ReportDescriptor): void;
}

/**
 * The check of a rule that reads the clock, in two phases, so that `lint --cache` can keep what the
 * document says and apply only a new clock to it. `observe` reads the document and never the
 * clock; `judge` reports from what `observe` returned, the run's clock, and the document's text and
 * lines alone (never its Markdown, frontmatter or records). Under a new clock the cache runs
 * `judge` alone on the document parsed without Markdown. The rule's `check` must be the two run
 * in turn ({@link checkInPhases}); the engine runs the phases itself.
 */
export interface ClockPhases<Options = Record<string, unknown>> {
  /**
   * What the rule's findings depend on besides the clock, as JSON data (strings, finite numbers,
   * booleans, arrays and plain objects: it is kept in the cache file, so no `Date`); undefined
   * when the rule reports nothing at any clock. Reading `context.now` or calling
   * `context.report` throws a {@link RuleContractError}.
   */
  observe(document: HandoffDocument, context: RuleContext<Options>): unknown;
  /** Reports the findings at `context.now` from `facts` (what `observe` returned, or its JSON copy). */
  judge(facts: unknown, document: Pick<HandoffDocument, "text" | "lines">, context: RuleContext<Options>): void;
}

/** A rule. */
export interface Rule<Options = Record<string, unknown>> {
  meta: RuleMeta;
  check(document: HandoffDocument, context: RuleContext<Options>): void;
  /** For a rule that reads the clock: its check in phases, so a cached result can follow the clock without parsing Markdown. */
  clockPhases?: ClockPhases<Options>;
}

/** The `check` of a rule with {@link ClockPhases}: `observe`, then `judge` when it returned facts. */
export function checkInPhases<Options>(phases: ClockPhases<Options>): Rule<Options>["check"] {
  return (document, context) => {
    const facts = phases.observe(document, context);
    if (facts !== undefined) phases.judge(facts, document, context);
  };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Fills `{{name}}` placeholders of `template`. Unknown names stay as written. */
export function formatMessage(template: string, data: Readonly<Record<string, string | number>> | undefined): string {
  if (!data) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in data ? String(data[name]) : whole));
}

/** A rule broke its own contract (a bug of ours, never the user's): the engine records an internal error. */
export class RuleContractError extends Error {
  override name = "RuleContractError";
}

/**
 * The message of a report: the rule's template for `messageId` with every placeholder filled (a
 * rule with `reportsForeignRuleIds` may pass its own `message`).
 * @throws RuleContractError for a messageId the rule's `messages` lack, or a placeholder `data`
 * does not fill (as ESLint's RuleTester refuses them).
 */
export function ruleMessage(meta: RuleMeta, descriptor: Pick<ReportDescriptor, "messageId" | "data" | "message">): string {
  if (meta.reportsForeignRuleIds && descriptor.message !== undefined) return descriptor.message;
  const template = Object.hasOwn(meta.messages, descriptor.messageId) ? meta.messages[descriptor.messageId] : undefined;
  if (template === undefined) {
    throw new RuleContractError(
      `rule ${meta.id} reported unknown messageId '${descriptor.messageId}' (its messages: ${Object.keys(meta.messages).join(", ")})`,
    );
  }
  const data = descriptor.data ?? {};
  const unfilled = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string).filter((name) => !Object.hasOwn(data, name));
  if (unfilled.length > 0) {
    throw new RuleContractError(
      `rule ${meta.id} message '${descriptor.messageId}' has no value for ${[...new Set(unfilled)].map((n) => `{{${n}}}`).join(", ")}`,
    );
  }
  return formatMessage(template, data);
}
