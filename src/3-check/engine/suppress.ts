/**
 * Inline suppression: HTML comments in a document that turn rules off for a line or a stretch of
 * text (after ESLint's `eslint-disable` and markdownlint's `markdownlint-disable` comments).
 *
 * - `<!-- handoff-disable-next-line RULE[, RULE] -->`: findings of those rules on the line after
 *   the comment's last line; with no rule, every rule.
 * - `<!-- handoff-disable RULE[, RULE] -->` … `<!-- handoff-enable RULE[, RULE] -->`: findings that
 *   start between the two comments; with no rule, every rule. The last comment before a finding wins.
 *
 * Only real HTML comments count: they are read from the mdast `html` nodes, so a comment shown
 * inside a code fence or inline code is text, not a directive. Rule names are rule ids
 * (`required-sections`), codes (`HK005`) or markdownlint ids (`MD022`); `markdownlint` names every
 * markdownlint id. Names may be separated by commas and/or spaces; `--` starts a free-text reason.
 */
import type { Html } from "mdast";
import { visit } from "unist-util-visit";
import type { HandoffDocument } from "../../2-parse/document/model.js";

/** What a directive does. */
export type SuppressionKind = "disable-next-line" | "disable" | "enable";

/** One rule name written in a directive, with its place. */
export interface SuppressionName {
  name: string;
  /** Offsets of the name in the document text. */
  offset: number;
  endOffset: number;
}

/** One `handoff-…` comment. */
export interface SuppressionDirective {
  kind: SuppressionKind;
  /** Rule names; empty means every rule. */
  names: SuppressionName[];
  /** Offsets of the whole comment. */
  offset: number;
  endOffset: number;
  /** For `disable-next-line`: the 1-based line it silences. */
  targetLine?: number;
}

/** What every directive's text contains. */
const DIRECTIVE_MARKER = "handoff-";

/** Whether `text` may hold a suppression directive (false: it holds none). */
export function mayHoldDirectives(text: string): boolean {
  return text.includes(DIRECTIVE_MARKER);
}

const DIRECTIVE_RE = /<!--\s*handoff-(disable-next-line|disable|enable)(?=[\s-])([\s\S]*?)-->/g;
const NAME_RE = /[^\s,]+/g;
const MARKDOWNLINT_ID_RE = /^MD\d{3}$/;

const cache = new WeakMap<HandoffDocument, SuppressionDirective[]>();

/**
 * The directives of `document`, in document order (cached per document).
 * JSON records and documents that failed to load have none.
 */
export function suppressionDirectives(document: HandoffDocument): SuppressionDirective[] {
  const cached = cache.get(document);
  if (cached) return cached;
  const directives: SuppressionDirective[] = [];
  // Every directive contains DIRECTIVE_MARKER: most documents have none, and skip the tree walk (and
  // the Markdown parse, which reading `mdast` may start).
  const root = mayHoldDirectives(document.text) ? document.mdast : undefined;
  if (root) {
    visit(root, "html", (node: Html) => {
      const start = node.position?.start.offset;
      if (start === undefined) return;
      // The node's value is the exact source text of the HTML, so offsets map one to one.
      DIRECTIVE_RE.lastIndex = 0;
      for (let match = DIRECTIVE_RE.exec(node.value); match; match = DIRECTIVE_RE.exec(node.value)) {
        const kind = match[1] as SuppressionKind;
        const body = match[2] ?? "";
        const bodyOffset = start + match.index + match[0].length - 3 - body.length;
        const reasonAt = body.search(/(?:^|\s)--(?:\s|$)/);
        const list = reasonAt === -1 ? body : body.slice(0, reasonAt);
        const names: SuppressionName[] = [];
        NAME_RE.lastIndex = 0;
        for (let name = NAME_RE.exec(list); name; name = NAME_RE.exec(list)) {
          names.push({ name: name[0], offset: bodyOffset + name.index, endOffset: bodyOffset + name.index + name[0].length });
        }
        const offset = start + match.index;
        const endOffset = offset + match[0].length;
        const directive: SuppressionDirective = { kind, names, offset, endOffset };
        if (kind === "disable-next-line") directive.targetLine = document.lines.point(endOffset).line + 1;
        directives.push(directive);
      }
    });
  }
  directives.sort((a, b) => a.offset - b.offset);
  cache.set(document, directives);
  return directives;
}

/**
 * Whether `name` (as written in a directive) covers findings reported under `ruleId`.
 * @param ruleCode the code of the rule that reported (`HK005`), when it has one.
 */
export function nameCovers(name: string, ruleId: string, ruleCode: string | undefined): boolean {
  if (name === ruleId) return true;
  if (ruleCode !== undefined && name.toUpperCase() === ruleCode.toUpperCase()) return true;
  if (MARKDOWNLINT_ID_RE.test(ruleId)) return name === "markdownlint" || name.toUpperCase() === ruleId;
  return false;
}

/** Whether `name` is a name the engine knows: a rule id or code in `known`, or a markdownlint id. */
export function isKnownRuleName(name: string, known: ReadonlySet<string>): boolean {
  if (known.has(name) || known.has(name.toUpperCase())) return true;
  return MARKDOWNLINT_ID_RE.test(name.toUpperCase()) && known.has("markdownlint");
}

/**
 * Whether a finding of `ruleId` starting at `line`/`offset` is silenced by `directives`.
 * @param directives as returned by {@link suppressionDirectives}, in document order.
 * @param blanket whether a directive that names no rule (`<!-- handoff-disable -->`) covers this
 * rule; security rules pass false, so a document can only silence them by naming them.
 */
export function isSuppressed(
  directives: readonly SuppressionDirective[],
  ruleId: string,
  ruleCode: string | undefined,
  line: number,
  offset: number,
  blanket = true,
): boolean {
  const applies = (d: SuppressionDirective) => (d.names.length === 0 ? blanket : d.names.some((n) => nameCovers(n.name, ruleId, ruleCode)));
  let disabled = false;
  for (const directive of directives) {
    if (directive.kind === "disable-next-line") {
      if (directive.targetLine === line && applies(directive)) return true;
      continue;
    }
    if (directive.offset > offset) break;
    if (applies(directive)) disabled = directive.kind === "disable";
  }
  return disabled;
}
