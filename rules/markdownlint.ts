/**
 * markdownlint: markdownlint's own rules (MD001–MD059), run through the `markdownlint` library
 * in the same pass and reported under their own ids (`MD022`), with a handoff-friendly default
 * config. Line numbers are identical to ours: markdownlint gets the same text (BOM removed) and
 * is told exactly where our frontmatter block ends.
 */
import { lint } from "markdownlint/sync";
import type { Configuration, LintError } from "markdownlint";
import { blankBlocks } from "../src/document/markdown-limits.js";
import type { Rule } from "../src/engine/rule.js";

/**
 * Defaults: every markdownlint rule on except those that fight the handoff genre.
 * - MD013 line-length: handoffs are prose and tables written by agents; wrapping is not a defect.
 * - MD024 no-duplicate-heading: off. Even `siblings_only` reports exactly the duplicates our
 *   `duplicate-section` reports (same heading, same parent), so every duplicate was reported twice.
 * - MD033 no-inline-html: handoffs carry HTML comments and markers by design (sno, resume).
 * - MD041 first-line-heading: hatch3r and verified-delivery documents start with frontmatter or data.
 * - MD060 table-column-style: pipe alignment in agent-written tables is noise, not a defect.
 */
export const MARKDOWNLINT_DEFAULTS: Configuration = {
  default: true,
  // Blank lines around lists, headings and fences, and list indentation: pure whitespace style,
  // and 1,000 of the 1,170 findings on the 76 real handoffs of corpus-public (MD032 453, MD022 312,
  // MD007 102, MD031 83) — noise that would bury what matters in a handoff.
  MD007: false,
  MD022: false,
  MD031: false,
  MD032: false,
  MD013: false,
  MD024: false,
  MD033: false,
  MD041: false,
  MD060: false,
};

/** The merged markdownlint config per rule-options object: built once per run, not per document. */
const configCache = new WeakMap<object, Configuration>();

function configFor(options: Record<string, unknown>): Configuration {
  let config = configCache.get(options);
  if (!config) {
    config = { ...MARKDOWNLINT_DEFAULTS, ...((options.config ?? {}) as Configuration) };
    configCache.set(options, config);
  }
  return config;
}

/**
 * Tells markdownlint where our frontmatter block ends: markdownlint only asks its `frontMatter`
 * option for `text.match(frontMatter)[0]`, so one matcher answering "the first `length`
 * characters" replaces compiling a `^[\s\S]{N}` RegExp for every document.
 */
class FrontmatterPrefix extends RegExp {
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

export const markdownlint: Rule = {
  meta: {
    id: "markdownlint",
    code: "HK100",
    description: "markdownlint's style rules (MD001–MD059), reported under their own ids.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["style", "markdownlint"],
    reportsForeignRuleIds: true,
    messages: { markdownlint: "{{message}}" },
    optionsSchema: {
      type: "object",
      properties: { config: { type: "object", description: "markdownlint's config (as in .markdownlint.json), over handoffkit's defaults; the top-level \"markdownlint\" key sets it too." } },
    },
    defaultOptions: { config: {} },
  },
  check(document, context) {
    const config = configFor(context.options);
    const frontmatter = document.frontmatter;
    const frontMatter =
      frontmatter && frontmatter.range.end.offset > 0 && !frontmatter.problems.some((p) => p.code === "unclosed")
        ? new FrontmatterPrefix(frontmatter.range.end.offset)
        : null;
    const results = lint({
      // Blocks past the Markdown limits are blanked here too: markdownlint runs micromark itself.
      strings: { document: blankBlocks(document.text, document.markdownSkipped ?? [], "") },
      config,
      frontMatter,
      handleRuleFailures: true,
      noInlineConfig: false,
    });
    const errors: LintError[] = results.document ?? [];
    // Lines of skipped blocks are empty for markdownlint; what it says about them and the blank
    // line after them (multiple blank lines) is noise.
    const skippedLines = (document.markdownSkipped ?? []).map((b) => [document.lines.point(b.offset).line, document.lines.point(b.endOffset).line + 1]);
    for (const error of errors) {
      if (skippedLines.some(([first, last]) => error.lineNumber >= (first ?? 0) && error.lineNumber <= (last ?? 0))) continue;
      const id = error.ruleNames[0] ?? "MD000";
      const configured = context.foreignSeverity(id) ?? error.ruleNames.slice(1).map((n) => context.foreignSeverity(n)).find(Boolean);
      if (configured === "off") continue;
      const column = error.errorRange?.[0] ?? 1;
      const length = error.errorRange?.[1] ?? 0;
      let message = error.ruleDescription;
      if (error.errorDetail) message += ` [${error.errorDetail}]`;
      if (error.errorContext) message += ` [Context: "${error.errorContext}"]`;
      context.report({
        messageId: "markdownlint",
        ruleId: id,
        message,
        line: error.lineNumber,
        column,
        endLine: error.lineNumber,
        endColumn: column + length,
        severity: configured ?? context.severity,
      });
    }
  },
};
