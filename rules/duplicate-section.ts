/**
 * duplicate-section: the same heading twice under the same parent — the second copy splits what
 * a reader expects in one place (which "Next steps" is current?).
 *
 * An addendum written at its siblings' level ("### Afternoon addendum", then "### Pending" again)
 * opens a new part of its parent: the headings after it repeat the earlier ones on purpose, so
 * they are compared among themselves only.
 */
import type { Section } from "../src/2-parse/document/sections.js";
import type { Rule } from "../src/3-check/engine/rule.js";

/** Words naming an addendum, among the first three words of a heading (normalized, lower case). */
const ADDENDUM_WORDS = new Set(["addendum", "addenda", "nachtrag", "additif", "adenda", "anexo", "aggiunta", "дополнение", "доповнення"]);
/** A time of day or order before an update or session word ("evening update", "second pass"). */
const LATER_WORDS = new Set(["morning", "afternoon", "evening", "night", "late", "later", "second"]);
const UPDATE_WORDS = new Set(["update", "session", "pass", "round"]);
/** Addenda in Chinese, Japanese and Korean, opening a heading. */
const CJK_ADDENDUM_RE = /^(?:补充|補充|追記|追加|추가)/u;

/** True when the normalized heading `text` opens an addendum. */
export function opensAddendum(text: string): boolean {
  if (CJK_ADDENDUM_RE.test(text)) return true;
  const words = text.split(" ", 3);
  if (words.some((word) => ADDENDUM_WORDS.has(word))) return true;
  return LATER_WORDS.has(words[0] ?? "") && UPDATE_WORDS.has(words[1] ?? "");
}

export const duplicateSection: Rule = {
  meta: {
    id: "duplicate-section",
    code: "HK006",
    description: "No two sections with the same heading under the same parent section.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["sections"],
    messages: { duplicate: "Duplicate section '{{section}}' (first on line {{line}})" },
  },
  check(document, context) {
    const seen = new Map<string, Section>();
    /** The part of each parent at each depth: raised by an addendum heading. */
    const parts = new Map<string, number>();
    const stack: Section[] = [];
    for (const section of document.sections) {
      while (stack.length > 0 && (stack[stack.length - 1] as Section).depth >= section.depth) stack.pop();
      const parent = stack[stack.length - 1];
      stack.push(section);
      if (!section.normalized) continue;
      const level = `${parent ? parent.index : -1}\u0000${section.depth}`;
      if (opensAddendum(section.normalized)) parts.set(level, (parts.get(level) ?? 0) + 1);
      const key = `${level}\u0000${parts.get(level) ?? 0}\u0000${section.normalized}`;
      const first = seen.get(key);
      if (first) {
        context.report({
          messageId: "duplicate",
          data: { section: section.title, line: first.headingRange.start.line },
          range: section.headingRange,
        });
      } else {
        seen.set(key, section);
      }
    }
  },
};
