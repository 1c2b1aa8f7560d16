/**
 * facts-hypotheses: verified facts are kept apart from hypotheses (the handoff contract's first
 * rule: "facts and hypotheses are separate; a hypothesis stays labelled until a command confirms
 * it").
 */
import type { Node, Parent, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { hasRole } from "../src/2-parse/document/sections.js";
import type { Rule } from "../src/3-check/engine/rule.js";

/**
 * Hedged wording: a claim that is believed, not verified. Word-bounded, case-insensitive, no
 * nested quantifiers (linear time).
 */
const HEDGE_RE =
  /\b(?:probably|presumably|possibly|perhaps|maybe|i think|i believe|i guess|i suspect|seems?|seemed|appears? to|might|may be|likely|unlikely|should work|should be fine|not sure|unclear whether|supposedly)\b/gi;

/**
 * A hedge on how far a finding reaches, not on the finding: "`X` and possibly others", "fails on
 * Linux, maybe elsewhere too". The claim before it stands; the extent is a guess.
 */
const EXTENT_BEFORE_RE = /(?:\band|\bor|,)\s*$/i;
const EXTENT_AFTER_RE = /^\s+(?:others?|more|elsewhere|too|as well)\b/i;

/** Evidence: inline code, a link, a commit SHA, a path, an exit code, a count with a unit, a timestamp. */
const EVIDENCE_RE =
  /\b[0-9a-f]{7,40}\b|(?:^|[\s(])[\w.-]*\/[\w./-]+|\b[\w-]+\.(?:ts|js|mjs|py|rs|go|md|json|ya?ml|toml|sh|log|txt|lock|sql|c|h|cpp|java|rb|php)\b|\bexit(?:ed)?(?: code| status)? ?[=:]? ?\d+|\b(?:PR|issue|pull) ?#?\d+|#\d+\b|\b\d+(?:\.\d+)? ?(?:ms|s|sec|min|MB|KB|GB|%|tests?|passed|failed|files?|lines?)\b|\b\d{4}-\d{2}-\d{2}\b|\bHTTP ?\d{3}\b/i;

function hasEvidence(node: Node, source: string): boolean {
  let found = false;
  visit(node, (child) => {
    if (child.type === "inlineCode" || child.type === "code" || child.type === "link" || child.type === "linkReference") {
      found = true;
      return false;
    }
    return undefined;
  });
  return found || EVIDENCE_RE.test(source);
}

export const factsHypotheses: Rule = {
  meta: {
    id: "facts-hypotheses",
    code: "HK007",
    description: "Verified facts are a section of their own, free of hedged wording, each with evidence; hypotheses live apart.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["sections", "facts"],
    messages: {
      combined: "'{{section}}' mixes verified facts and hypotheses: the {{profile}} profile keeps them in separate sections",
      hedged: "Hedged wording '{{word}}' in Verified facts: move the claim to Hypotheses until a command confirms it",
      noEvidence: "Verified fact without evidence (a command, exit code, SHA, path or link)",
    },
  },
  check(document, context) {
    const { profile } = context;
    const text = document.text;
    for (const section of document.sections) {
      // One heading naming both roles ("Verified facts and hypotheses", "Facts & assumptions").
      if (profile.separatesFactsAndHypotheses && hasRole(section, "verified-facts") && hasRole(section, "hypotheses")) {
        context.report({
          messageId: "combined",
          data: { section: section.title, profile: profile.id },
          range: section.headingRange,
          severity: "error",
        });
        continue;
      }
      // A heading that also names hypotheses holds hedged claims by design.
      if (!hasRole(section, "verified-facts") || hasRole(section, "hypotheses")) continue;
      // Evidence for every claim is the rule of a profile that has a Verified facts section (the
      // contract's); a loose handoff's "Findings" or "Proof summary" made no such promise.
      const askEvidence = profile.sections.some((spec) => spec.role === "verified-facts");
      for (const block of section.ownContent) {
        for (const claim of claimsOf(block)) {
          const start = claim.position?.start.offset;
          const end = claim.position?.end.offset;
          if (start === undefined || end === undefined) continue;
          const source = text.slice(start, end);
          reportHedges(claim, text, context);
          if (askEvidence && !hasEvidence(claim, source) && toString(claim).trim() !== "") {
            context.report({ messageId: "noEvidence", node: claim, severity: "info" });
          }
        }
      }
    }
  },
};

/** The claims of a block: list items one by one, a paragraph as one claim. */
function claimsOf(block: RootContent): Node[] {
  if (block.type === "list") return block.children;
  if (block.type === "paragraph" || block.type === "blockquote") return [block];
  return [];
}

/**
 * Reports each hedge word in the plain text of `claim` (inline code and code blocks excluded),
 * except a hedge on the extent of the claim (see {@link EXTENT_BEFORE_RE}).
 */
function reportHedges(claim: Node, text: string, context: Parameters<Rule["check"]>[1]): void {
  visit(claim, (node, _index, parent: Parent | undefined) => {
    if (node.type === "inlineCode" || node.type === "code") return "skip";
    if (node.type !== "text" || parent?.type === "inlineCode") return undefined;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    const slice = text.slice(start, end);
    HEDGE_RE.lastIndex = 0;
    for (let match = HEDGE_RE.exec(slice); match; match = HEDGE_RE.exec(slice)) {
      const end = match.index + match[0].length;
      if (EXTENT_BEFORE_RE.test(slice.slice(Math.max(0, match.index - 8), match.index)) && EXTENT_AFTER_RE.test(slice.slice(end, end + 16))) continue;
      context.report({
        messageId: "hedged",
        data: { word: match[0] },
        offset: start + match.index,
        endOffset: start + match.index + match[0].length,
      });
    }
    return undefined;
  });
}
