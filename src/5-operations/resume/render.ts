/**
 * The user-tier rendering of a handoff for `resume`: the actionable sections first (Problem / Goal,
 * Work Remaining / Unresolved work, Next Steps / Next action), then the rest in document order,
 * between the user-tier markers.
 *
 * Unforgeable markers (decision: **escape**, not refuse): every content line that equals or
 * imitates a marker ({@link imitatesMarker}) is printed behind {@link ESCAPE_PREFIX}, so exactly one
 * BEGIN and one END line appear in the output whatever the document holds. (The
 * `injection-marker-spoof` rule makes `resume` refuse such documents anyway; escaping is the second
 * line of defence, for `--force` and for rules turned off.)
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { SectionRole } from "../../2-parse/roles/roles.js";
import { hasRole, structuralDepth, type Section } from "../../2-parse/document/sections.js";
import { escapeControls } from "../../4-report/controls.js";
import { recordValueText } from "./record-text.js";
import { ESCAPE_PREFIX, imitatesMarker, USER_TIER_BEGIN, USER_TIER_END } from "../../3-check/injection/markers.js";

/** One rendered part: a heading (or `(preamble)`) and its text. */
export interface RenderedSection {
  title: string;
  role: SectionRole | undefined;
  text: string;
}

const FIRST_ROLES: readonly SectionRole[] = ["goal", "remaining", "next-action"];

/** Escapes every line of `text` that imitates a marker. */
export function escapeMarkers(text: string): string {
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 0 && imitatesMarker(part) ? ESCAPE_PREFIX + part : part))
    .join("");
}

/** True when the document is rendered from its JSON record (a .json record or a fenced one). */
export function rendersRecord(document: HandoffDocument): boolean {
  return document.format === "json" || (document.profileId === "verified-delivery" && document.record?.data !== undefined);
}

/** The document's parts in resume order. JSON records are rendered field by field. */
export function orderSections(document: HandoffDocument): RenderedSection[] {
  const text = document.text;
  if (rendersRecord(document)) {
    const data = document.record?.data;
    if (!data || typeof data !== "object") return [{ title: "(record)", role: undefined, text: document.text.trim() }];
    const record = data as Record<string, unknown>;
    const field = (key: string, title: string, role?: SectionRole): RenderedSection | undefined =>
      key in record ? { title, role, text: recordValueText(record[key]) } : undefined;
    return [
      field("directive", "Directive", "goal"),
      field("pending_steps", "Pending steps", "remaining"),
      field("authorization_boundary", "Authorization boundary"),
      field("completed_steps", "Completed steps", "completed"),
      field("stop_reason", "Stop reason"),
      field("stop_detail", "Stop detail"),
      field("watchers", "Watchers"),
    ].filter((s): s is RenderedSection => s !== undefined);
  }
  const depth = structuralDepth(document.sections);
  const top = document.sections.filter((s) => s.depth === depth);
  const parts: RenderedSection[] = [];
  const firstStart = top[0]?.range.start.offset ?? text.length;
  const preamble = text.slice(document.bodyOffset, firstStart).trim();
  const rendered = top.map((s) => ({ title: s.title, role: s.role, text: text.slice(s.range.start.offset, s.range.end.offset).trim() }));
  // The classifier's answer, as lint reads it: any role of the heading, or a next step read from the body.
  const answers = (section: Section, role: SectionRole) => hasRole(section, role) || (role === "next-action" && section.inferred !== undefined);
  for (const role of FIRST_ROLES) {
    top.forEach((section, i) => {
      const part = rendered[i];
      if (part && !parts.includes(part) && answers(section, role)) parts.push(part);
    });
  }
  for (const part of rendered) if (!parts.includes(part)) parts.push(part);
  return preamble ? [{ title: "(preamble)", role: undefined, text: preamble }, ...parts] : parts;
}

/**
 * The user-tier block: BEGIN line, the parts (lines imitating a marker escaped, then control and
 * invisible characters shown as escapes), END line. Secrets must already be masked in `parts` by
 * the caller.
 */
export function renderUserTier(parts: readonly RenderedSection[], isJson: boolean): string {
  const body = parts
    .map((p) => (isJson ? `## ${p.title}\n\n${p.text}` : p.text))
    .map((text) => escapeControls(escapeMarkers(text), { multiline: true }))
    .join("\n\n");
  return `${USER_TIER_BEGIN}\n${body}\n${USER_TIER_END}\n`;
}
