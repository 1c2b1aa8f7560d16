/**
 * handoffkit's rules as markdownlint custom rules (`handoffkit/markdownlint`), so markdownlint-cli2
 * and the VS Code markdownlint extension run them next to markdownlint's own:
 *
 *     // .markdownlint-cli2.jsonc
 *     { "customRules": ["handoffkit/markdownlint"], "config": { "HK005": { "profile": "contract" } } }
 *
 * Each rule keeps its names (`["HK005", "required-sections"]`), description, tags (plus
 * `handoffkit`) and doc URL. markdownlint hands a rule the lines of the file with the frontmatter
 * split off; the adapter joins them back (LF line endings), parses our document once per file, runs
 * the rule and reports each finding on markdownlint's line numbering. A finding inside the
 * frontmatter is reported on the first content line, with the frontmatter line in its detail.
 *
 * Not exported: markdownlint's own rules (the `markdownlint` bridge) and the `file-*` rules
 * (markdownlint read the file already). A document over handoffkit's size limit (1 MiB) is
 * checked by none of our rules; the first of them markdownlint runs on it reports that, once.
 * Likewise an internal error (handoffkit failed on the file: `internal-error`) is reported once,
 * never dropped. Per-rule config: `profile` (a built-in profile id) and the
 * rule's own options; `false` turns a rule off as for any markdownlint rule.
 */
import type { Rule as MarkdownlintRule, RuleParams } from "markdownlint";
import { builtinRules } from "../../../rules/index.js";
import { INTERNAL_ERROR_RULE_ID, type MaskedFileResult } from "../../3-check/engine/diagnostic.js";
import type { Rule } from "../../3-check/engine/rule.js";
import { createSession, lintText, type LintSession } from "../../3-check/lint.js";
import { ruleDocUrl } from "../../4-report/rule-docs.js";

/** The rules of the load stage, not exported: their findings mean none of ours checked the document. */
const LOAD_RULES: ReadonlySet<string> = new Set(builtinRules.filter((rule) => rule.meta.loadStage).map((rule) => rule.meta.id));

/** Our rules that make sense inside markdownlint. */
export const exportedRules: readonly Rule[] = builtinRules.filter((rule) => rule.meta.id !== "markdownlint" && !rule.meta.loadStage);

const defaultSession: LintSession = createSession({ cwd: process.cwd(), config: { markdownlint: false }, rules: exportedRules });

/** Results of all exported rules with default settings, once per file (markdownlint shares `lines` between rules). */
const defaultResults = new WeakMap<readonly string[], MaskedFileResult>();

/**
 * The file-level findings ("not checked", "handoffkit failed") reported already on each file, by
 * the first of our rules markdownlint ran on it: each is reported once, whichever rule met it.
 */
const fileLevelReported = new WeakMap<readonly string[], Set<string>>();

function documentText(params: RuleParams): string {
  return [...params.frontMatterLines, ...params.lines].join("\n");
}

function resultFor(rule: Rule, params: RuleParams): MaskedFileResult {
  const { profile, ...options } = (typeof params.config === "object" && params.config !== null ? params.config : {}) as Record<string, unknown>;
  const custom = typeof profile === "string" || Object.keys(options).length > 0;
  if (!custom) {
    let result = defaultResults.get(params.lines);
    if (!result) {
      result = lintText(params.name || "document.md", documentText(params), defaultSession);
      defaultResults.set(params.lines, result);
    }
    return result;
  }
  const session = createSession({
    cwd: process.cwd(),
    config: { markdownlint: false, rules: { [rule.meta.id]: [rule.meta.defaultSeverity === "off" ? "warning" : rule.meta.defaultSeverity, options] } },
    profile: typeof profile === "string" ? profile : undefined,
    rules: [rule],
  });
  return lintText(params.name || "document.md", documentText(params), session);
}

/**
 * One handoffkit rule in markdownlint's custom-rule shape.
 * @param ruleNames every rule name and code of the exported set: markdownlint refuses a tag that
 * is also a rule name (the `integrity` rule's tag `integrity`), so such tags are dropped.
 */
export function toMarkdownlintRule(rule: Rule, ruleNames: ReadonlySet<string> = new Set([rule.meta.id, rule.meta.code])): MarkdownlintRule {
  const { meta } = rule;
  return {
    names: [meta.code, meta.id],
    description: meta.description,
    information: new URL(ruleDocUrl(meta.id)),
    tags: ["handoffkit", ...meta.tags.filter((tag) => !ruleNames.has(tag))],
    parser: "none",
    function(params, onError) {
      const offset = params.frontMatterLines.length;
      const lineCount = Math.max(1, params.lines.length);
      const result = resultFor(rule, params);
      for (const diagnostic of result.diagnostics) {
        if (LOAD_RULES.has(diagnostic.ruleId) || diagnostic.ruleId === INTERNAL_ERROR_RULE_ID) {
          // A document our limits refuse (over the size limit), or one we failed on, is not (fully)
          // checked by our rules: the first of them that markdownlint runs says so, once.
          let reported = fileLevelReported.get(params.lines);
          if (!reported) fileLevelReported.set(params.lines, (reported = new Set()));
          if (!reported.has(diagnostic.message)) onError({ lineNumber: 1, detail: diagnostic.message });
          reported.add(diagnostic.message);
          continue;
        }
        if (diagnostic.ruleId !== meta.id) continue;
        const line = diagnostic.line - offset;
        if (line < 1) {
          onError({ lineNumber: 1, detail: `${diagnostic.message} (frontmatter line ${diagnostic.line})` });
          continue;
        }
        const lineNumber = Math.min(line, lineCount);
        const text = params.lines[lineNumber - 1] ?? "";
        const length = diagnostic.endLine === diagnostic.line ? diagnostic.endColumn - diagnostic.column : text.length - diagnostic.column + 1;
        const info: Parameters<typeof onError>[0] = { lineNumber, detail: diagnostic.message };
        if (lineNumber === line && diagnostic.column <= text.length && length > 0) {
          info.range = [diagnostic.column, Math.min(length, text.length - diagnostic.column + 1)];
        }
        onError(info);
      }
    },
  };
}

const exportedNames = new Set(exportedRules.flatMap((rule) => [rule.meta.id, rule.meta.code]));
/** Every exported rule, as markdownlint custom rules (the default export of `handoffkit/markdownlint`). */
export const markdownlintRules: MarkdownlintRule[] = exportedRules.map((rule) => toMarkdownlintRule(rule, exportedNames));

export default markdownlintRules;
