/**
 * unfilled-template: placeholders a template left in the handoff (`{project}`, `<full-head-sha>`,
 * `[fill in]`, `TODO: fill`, `TBD` sections) — the next session would read them as facts. One
 * finding per document, at the first placeholder, naming how many there are and where the first
 * few are: a reviewer fills the template once, not placeholder by placeholder.
 */
import { findPlaceholders, type Placeholder } from "../src/3-check/heuristics/placeholders.js";
import { isTemplatePath } from "../src/3-check/heuristics/template-path.js";
import type { Rule } from "../src/3-check/engine/rule.js";

/** Options of the unfilled-template rule. */
export type UnfilledTemplateOptions = {
  /** How many `TBD`-like values, with no other placeholder, make a template (a real handoff may leave one or two for later). */
  minWeak: number;
};

/** How many placeholders the message names. */
const LISTED = 3;

export const unfilledTemplate: Rule<UnfilledTemplateOptions> = {
  meta: {
    id: "unfilled-template",
    code: "HK060",
    description: "No template placeholders ({…}, <…>, [fill in], TODO: fill, TBD sections) are left outside code.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["content", "template"],
    precision: "high",
    messages: {
      unfilled: "{{count}} left unfilled: {{listed}}; fill them in or delete them before handing off",
    },
    optionsSchema: {
      type: "object",
      properties: { minWeak: { type: "integer", minimum: 1, description: "How many whole-value TBD, TBA or TK make a finding (default 3)." } },
      additionalProperties: false,
    },
    defaultOptions: { minWeak: 3 },
  },
  check(document, context) {
    // A page describing a format shows placeholders on purpose.
    if (document.profileReason === "reference") return;
    // A template file (`HANDOFF_TEMPLATE.md`, `templates/…`) is the blank itself.
    if (isTemplatePath(document.displayPath)) return;
    const found = findPlaceholders(document);
    const strong = found.filter((p) => !p.weak);
    if (strong.length === 0 && found.length < context.options.minWeak) return;
    const first = found[0] as Placeholder;
    const listed = found.slice(0, LISTED).map((p) => `'${p.text}' (line ${document.lines.point(p.offset).line})`);
    if (found.length > LISTED) listed.push(`${found.length - LISTED} more`);
    context.report({
      messageId: "unfilled",
      data: { count: found.length === 1 ? "1 template placeholder" : `${found.length} template placeholders`, listed: listed.join(", ") },
      offset: first.offset,
      endOffset: first.endOffset,
    });
  },
};
