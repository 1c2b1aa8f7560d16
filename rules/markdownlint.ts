/**
 * markdownlint: markdownlint's own rules (MD001–MD060), run through the `markdownlint` library
 * in the same pass and reported under their own ids (`MD056`). By default only the `handoff`
 * preset runs: the rules whose findings are broken rendering or a changed meaning in a handoff,
 * read as a handoff (src/3-check/markdownlint/handoff-reading.ts); `"markdownlint": "all"` runs every rule.
 * Line numbers are identical to ours: markdownlint gets the same text (BOM removed) and is told
 * exactly where our frontmatter block ends.
 */
import { lint } from "markdownlint/sync";
import type { Configuration, LintError } from "markdownlint";
import { blankBlocks } from "../src/2-parse/document/markdown-limits.js";
import type { HandoffDocument } from "../src/2-parse/document/model.js";
import type { Rule, RuleContext, TextEdit } from "../src/3-check/engine/rule.js";
import type { SeveritySetting } from "../src/3-check/engine/diagnostic.js";
import { HANDOFF_READINGS, ReadingView } from "../src/3-check/markdownlint/handoff-reading.js";
import { keyedByRuleId, MARKDOWNLINT_PRESET_CONFIG, MARKDOWNLINT_PRESETS, type MarkdownlintPreset } from "../src/3-check/markdownlint/presets.js";
import { MARKDOWNLINT_RULE_NAMES } from "../src/3-check/markdownlint/rule-names.js";

/** The default preset's markdownlint config (`handoff`). */
export const MARKDOWNLINT_DEFAULTS: Readonly<Configuration> = MARKDOWNLINT_PRESET_CONFIG.handoff;

/** Options of the bridge: a preset, and markdownlint config over it (from config's `markdownlint`). */
export type MarkdownlintOptions = {
  preset: MarkdownlintPreset;
  config: Configuration;
};

/** What one run lints with: markdownlint's config, and the rules read as a handoff. */
interface BridgeSettings {
  config: Configuration;
  readings: ReadonlySet<string>;
}

/** Built once per rule-options object (one per run and override set), not per document. */
const settingsCache = new WeakMap<object, BridgeSettings>();

/** The severity config or `--rule` gives a markdownlint rule, under its id or an alias. */
function configuredSeverity(id: string, context: RuleContext<MarkdownlintOptions>): SeveritySetting | undefined {
  return context.foreignSeverity(id) ?? MARKDOWNLINT_RULE_NAMES[id]?.map((alias) => context.foreignSeverity(alias)).find(Boolean);
}

/**
 * The preset, then the user's markdownlint config (its entries moved after the preset's, so a tag
 * the user sets wins over the preset's rules and the user's own rules win over both), then the
 * severities of `rules` and `--rule`: `off` turns a rule off, any other severity turns it on.
 * A rule the user configures in `markdownlint` runs as markdownlint has it, without a handoff reading.
 */
function settingsFor(context: RuleContext<MarkdownlintOptions>): BridgeSettings {
  const options = context.options;
  let settings = settingsCache.get(options);
  if (settings) return settings;
  const preset: MarkdownlintPreset = MARKDOWNLINT_PRESETS.includes(options.preset) ? options.preset : "handoff";
  const user = keyedByRuleId(options.config ?? {});
  const config: Configuration = { ...MARKDOWNLINT_PRESET_CONFIG[preset] };
  for (const key of Object.keys(user)) delete config[key];
  Object.assign(config, user);
  for (const id of Object.keys(MARKDOWNLINT_RULE_NAMES)) {
    const severity = configuredSeverity(id, context);
    if (severity === "off") config[id] = false;
    else if (severity !== undefined) {
      const value = config[id];
      config[id] = value && typeof value === "object" ? { ...value, enabled: true } : true;
    }
  }
  const readings = new Set(preset === "handoff" ? Object.keys(HANDOFF_READINGS).filter((id) => !(id in user)) : []);
  settings = { config, readings };
  settingsCache.set(options, settings);
  return settings;
}

/**
 * Tells markdownlint where our frontmatter block ends: markdownlint only asks its `frontMatter`
 * option for `text.match(frontMatter)[0]`, so one matcher answering "the first `length`
 * characters" replaces compiling a `^[\s\S]{N}` RegExp for every document.
 */
export class FrontmatterPrefix extends RegExp {
  constructor(readonly prefixLength: number) {
    super("^");
  }

  override [Symbol.match](text: string): RegExpMatchArray {
    const match = [text.slice(0, this.prefixLength)] as RegExpMatchArray;
    match.index = 0;
    match.input = text;
    return match;
  }
}

/**
 * markdownlint's `fixInfo` (a line, a column, characters to delete, text to insert; `deleteCount`
 * -1 deletes the line) as an edit of the document's text, as markdownlint's own `applyFix` makes
 * it: a `\n` in the inserted text becomes the document's most common line ending.
 */
function markdownlintEdit(document: HandoffDocument, fixInfo: NonNullable<LintError["fixInfo"]>, lineNumber: number): TextEdit | undefined {
  const { text, lines } = document;
  const line = fixInfo.lineNumber ?? lineNumber;
  if (line < 1 || line > lines.lineCount) return undefined;
  const start = lines.lineStart(line);
  const next = line < lines.lineCount ? lines.lineStart(line + 1) : text.length;
  if (fixInfo.deleteCount === -1) return { range: [start, next], text: "" };
  const contentEnd = next - (/(?:\r\n|\r|\n)$/.exec(text.slice(start, next))?.[0].length ?? 0);
  const from = Math.min(start + (fixInfo.editColumn ?? 1) - 1, contentEnd);
  const to = Math.min(from + (fixInfo.deleteCount ?? 0), contentEnd);
  return { range: [from, to], text: (fixInfo.insertText ?? "").replace(/\n/g, preferredLineEnding(text)) };
}

/** The line ending most of `text`'s lines end in (LF on a tie, as markdownlint decides). */
function preferredLineEnding(text: string): string {
  let lf = 0;
  let crlf = 0;
  let cr = 0;
  for (const match of text.matchAll(/\r\n|\r|\n/g)) {
    if (match[0] === "\n") lf++;
    else if (match[0] === "\r\n") crlf++;
    else cr++;
  }
  if (lf >= crlf && lf >= cr) return "\n";
  return crlf >= cr ? "\r\n" : "\r";
}

/** Inline comments that can turn rules on or change their options. */
const ENABLING_COMMENT_RE = /markdownlint-(?:enable|restore|configure-file)/;

const errorKey = (e: LintError) => `${e.ruleNames[0]}\u0000${e.lineNumber}\u0000${e.errorDetail}\u0000${e.errorContext}\u0000${String(e.errorRange)}`;

/**
 * markdownlint's findings for `text`. The document's own inline comments may silence rules
 * (`markdownlint-disable`) but not turn on what config turned off, nor tighten options
 * (`markdownlint-enable`, `markdownlint-configure-file`): when the text holds such a comment, only
 * findings a run without inline comments also gives are kept.
 */
function markdownlintErrors(text: string, config: Configuration, frontMatter: RegExp | null): LintError[] {
  const run = (noInlineConfig: boolean) => lint({ strings: { document: text }, config, frontMatter, handleRuleFailures: true, noInlineConfig }).document ?? [];
  const errors = run(false);
  if (errors.length === 0 || !ENABLING_COMMENT_RE.test(text)) return errors;
  const allowed = new Map<string, number>();
  for (const e of run(true)) allowed.set(errorKey(e), (allowed.get(errorKey(e)) ?? 0) + 1);
  return errors.filter((e) => {
    const left = allowed.get(errorKey(e)) ?? 0;
    if (left === 0) return false;
    allowed.set(errorKey(e), left - 1);
    return true;
  });
}

export const markdownlint: Rule<MarkdownlintOptions> = {
  meta: {
    id: "markdownlint",
    code: "HK100",
    description: "markdownlint's rules (MD001–MD060), reported under their own ids: by default those that catch broken rendering in a handoff.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["style", "markdownlint"],
    reportsForeignRuleIds: true,
    fixable: "markdownlint",
    messages: { markdownlint: "{{message}}" },
    optionsSchema: {
      type: "object",
      properties: {
        preset: {
          enum: [...MARKDOWNLINT_PRESETS],
          description:
            '"handoff" (the default: only the rules that catch broken rendering in a handoff), "style" or "all"; the top-level "markdownlint" key sets it too.',
        },
        config: {
          type: "object",
          description: 'markdownlint\'s config (as in .markdownlint.json), over the preset; the top-level "markdownlint" key sets it too.',
        },
      },
      additionalProperties: false,
    },
    defaultOptions: { preset: "handoff", config: {} },
  },
  check(document, context) {
    const { config, readings } = settingsFor(context);
    const frontmatter = document.frontmatter;
    const frontMatter =
      frontmatter && frontmatter.range.end.offset > 0 && !frontmatter.problems.some((p) => p.code === "unclosed")
        ? new FrontmatterPrefix(frontmatter.range.end.offset)
        : null;
    // Blocks past the Markdown limits are blanked here too: markdownlint runs micromark itself.
    const errors = markdownlintErrors(blankBlocks(document.text, document.markdownSkipped ?? [], ""), config, frontMatter);
    if (errors.length === 0) return;
    // Lines of skipped blocks are empty for markdownlint; what it says about them and the blank
    // line after them (multiple blank lines) is noise.
    const skippedLines = (document.markdownSkipped ?? []).map((b) => [document.lines.point(b.offset).line, document.lines.point(b.endOffset).line + 1]);
    let view: ReadingView | undefined;
    for (const error of errors) {
      if (skippedLines.some(([first, last]) => error.lineNumber >= (first ?? 0) && error.lineNumber <= (last ?? 0))) continue;
      const id = error.ruleNames[0] ?? "MD000";
      const configured = configuredSeverity(id, context);
      if (configured === "off") continue;
      const parts = {
        description: error.ruleDescription,
        detail: error.errorDetail ? ` [${error.errorDetail}]` : "",
        context: error.errorContext ? ` [Context: "${error.errorContext}"]` : "",
      };
      let message: string | undefined = `${parts.description}${parts.detail}${parts.context}`;
      const reading = readings.has(id) ? HANDOFF_READINGS[id] : undefined;
      if (reading) {
        view ??= new ReadingView(document);
        message = reading(error, view, parts);
        if (message === undefined) continue;
      }
      const column = error.errorRange?.[0] ?? 1;
      const length = error.errorRange?.[1] ?? 0;
      const fix = error.fixInfo ? markdownlintEdit(document, error.fixInfo, error.lineNumber) : undefined;
      context.report({
        messageId: "markdownlint",
        ruleId: id,
        message,
        line: error.lineNumber,
        column,
        endLine: error.lineNumber,
        endColumn: column + length,
        severity: configured ?? context.severity,
        ...(fix ? { fix } : {}),
      });
    }
  },
};
