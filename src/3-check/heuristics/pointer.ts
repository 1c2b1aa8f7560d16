/**
 * Pointer files: a file that only names another handoff (a root `HANDOFF.md` holding one path).
 * `handoff stats` counts them apart, and the section rules do not ask them for a next step.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { hasRole } from "../../2-parse/document/sections.js";

const POINTER_TARGET_RE = /(?:hand-?off|hand-?over)[\w./-]{0,120}\.(?:md|markdown|json)\b/i;
/** A line that is nothing but a path, link or reference to a Markdown or JSON file. */
const POINTER_LINE_RE = /^[\s>*-]{0,6}(?:\[[^\]\n]{0,200}\]\()?[`<]?[\w~@./\\:-]{0,400}\.(?:md|markdown|json)[`>)]?\s*$/i;

/**
 * A pointer file only names another handoff: a Markdown body of at most 3 non-blank lines, one of
 * which is nothing but a path or link to a `.md`/`.json` file; or a short body (at most 12
 * non-blank lines) without a next-action section that names a handoff/handover file.
 */
export function isPointer(document: HandoffDocument): boolean {
  if (document.format !== "markdown") return false;
  const body = document.text.slice(document.bodyOffset);
  const lines = body.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0 || lines.length > 12) return false;
  if (lines.length <= 3 && lines.some((l) => POINTER_LINE_RE.test(l))) return true;
  if (document.sections.some((s) => hasRole(s, "next-action"))) return false;
  return POINTER_TARGET_RE.test(body);
}
