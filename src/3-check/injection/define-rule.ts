/**
 * `defineInjectionRule`: the shape the nine `injection-*` rules share — profiles `all`, tags
 * `injection` and `security`, Markdown and JSON records, no suppression by the document's own
 * comments — and the reporting of the scorer's
 * verdicts of the rule's own families, beside any structural checks the rule adds.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { Rule, RuleContext, RuleMeta } from "../engine/rule.js";
import { originalSpan } from "./normalize.js";
import { documentVerdicts, type Family, type Verdict } from "./verdicts.js";

/** What an injection rule declares. */
export interface InjectionRuleSpec extends Pick<RuleMeta, "id" | "code" | "description" | "defaultSeverity" | "precision" | "messages"> {
  /** Formats read; default Markdown and JSON records. */
  formats?: RuleMeta["formats"];
  /** Families of scorer verdicts (`verdicts.ts`) the rule reports. */
  families?: readonly Family[];
  /** Checks beyond the verdicts: tokens, markers, invisible characters, links. */
  check?: (document: HandoffDocument, context: RuleContext) => void;
}

/** The rule that reports each family's verdicts, for messages that name one. */
export const FAMILY_RULE: Readonly<Record<Family, string>> = {
  override: "injection-override",
  directive: "injection-override",
  role: "injection-role",
  extraction: "injection-prompt-extraction",
  voiced: "injection-fake-delimiter",
  hidden: "injection-hidden-content",
};

/** Reports `verdict` at its original document position, with `{{text}}`, `{{signals}}`, `{{where}}`. */
export function reportVerdict(context: RuleContext, verdict: Verdict): void {
  const { offset, endOffset } = originalSpan(verdict.normalized, verdict.start, verdict.end);
  context.report({
    messageId: verdict.messageId,
    data: { ...verdict.data, where: verdict.where },
    offset,
    endOffset,
    ...(verdict.severity ? { severity: verdict.severity } : {}),
  });
}

/** Builds an injection rule from its spec. */
export function defineInjectionRule(spec: InjectionRuleSpec): Rule {
  const families = new Set(spec.families ?? []);
  return {
    meta: {
      id: spec.id,
      code: spec.code,
      description: spec.description,
      defaultSeverity: spec.defaultSeverity,
      profiles: "all",
      formats: spec.formats ?? ["markdown", "json"],
      tags: ["injection", "security"],
      suppression: { inline: false, blanket: false },
      ...(spec.precision ? { precision: spec.precision } : {}),
      messages: spec.messages,
    },
    check(document, context) {
      spec.check?.(document, context);
      if (families.size === 0) return;
      for (const verdict of documentVerdicts(document)) if (families.has(verdict.family)) reportVerdict(context, verdict);
    },
  };
}
