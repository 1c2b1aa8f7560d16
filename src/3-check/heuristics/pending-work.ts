/**
 * Pending work: what in a handoff shows that work is still open — the question a missing next step
 * matters for. A reference handover (how the system runs, key files), a stable deployed project
 * or a parked design note has nothing pending, and needs no next step.
 *
 * What counts, outside code:
 * - a section whose heading names blockers or open questions, unless a qualifier parks it
 *   ("Open decisions (deferred to activation)", "Blockers — on hold") or it holds nothing
 *   (empty, "none", "keine");
 * - a heading that marks its subject unfinished ("Parser (WIP)", "Export — not yet done",
 *   "页面待完善", "未完了");
 * - unchecked task-list items (`- [ ] …`);
 * - `TODO` and `FIXME` markers in the text of paragraphs and list items.
 * Reads each heading once and at most {@link MAX_PENDING_NODES} mdast nodes.
 */
import type { Nodes, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { NIL_ANSWER } from "../../2-parse/roles/role-labels.js";
import { shapeHeading } from "../../2-parse/roles/role-text.js";
import { hasRole, isSectionEmpty, type Section } from "../../2-parse/document/sections.js";

/** One sign of pending work. */
export interface PendingSign {
  /** What it is, for a message: "an open-questions section 'Open decisions'", "2 unchecked task items". */
  text: string;
  /** Offset where it starts. */
  offset: number;
}

/** mdast nodes read per document. */
export const MAX_PENDING_NODES = 20_000;

/** A qualifier that parks a section: not for the next session. */
const PARKED =
  /^(?:deferred(?! to (?:the )?next)|parked|on hold|not active|inactive|later|someday|post[- ]v?\d|zurueckgestellt|spaeter|reporte|plus tard|aplazad[oa]|rimandat[oa]|adiad[oa]|отложен\p{L}{0,3}|відкладен\p{L}{0,3}|保留|搁置|延期|後回し|보류)(?![\p{L}\p{N}])/u;

/** Words that mark a heading's subject unfinished, after folding. */
const UNFINISHED =
  /(?:^|[^\p{L}\p{N}])(?:wip|todo|fixme|in progress|not yet (?:done|started|implemented|finished|complete|working)|unfinished|incomplete|partially done|half done|in arbeit|unvollstaendig|noch offen|noch nicht (?:fertig|umgesetzt)|en cours|inacheve|pas encore (?:fait|termine)|en curso|en progreso|sin terminar|incomplet[oa]|in corso|non finit[oa]|em andamento|em progresso|inacabad[oa]|в работе|не завершен\p{L}{0,2}|не готов\p{L}{0,2}|в роботі)(?![\p{L}\p{N}])|待(?:完善|完成|办|处理|实现|修复|补充)|未完成|进行中|尚未完成|未完了|作業中|対応中|未対応|진행 ?중|미완료|미완성/u;

const MARKER = /(?:^|[^\p{L}\p{N}_])(?:TODO|FIXME)(?![\p{L}\p{N}_])/u;

function quoted(section: Section): string {
  return `'${section.title.length > 60 ? `${section.title.slice(0, 57)}…` : section.title}'`;
}

/** True when a section is empty or only says there is nothing ("None."). */
function holdsNothing(section: Section): boolean {
  return (
    isSectionEmpty(section) ||
    NIL_ANSWER.test(
      section.ownContent
        .map((node) => toString(node))
        .join(" ")
        .slice(0, 80),
    )
  );
}

/** Signs from the headings. */
function headingSigns(sections: readonly Section[]): PendingSign[] {
  const signs: PendingSign[] = [];
  for (const section of sections) {
    const offset = section.heading.position?.start.offset ?? 0;
    const { folded, segments } = shapeHeading(section.title);
    const open = hasRole(section, "blockers") ? "a blockers section" : hasRole(section, "open-questions") ? "an open-questions section" : undefined;
    if (open && !segments.some((segment, i) => i > 0 && PARKED.test(segment.text)) && !holdsNothing(section))
      signs.push({ text: `${open} ${quoted(section)}`, offset });
    else if (UNFINISHED.test(folded)) signs.push({ text: `the heading ${quoted(section)} marks unfinished work`, offset });
  }
  return signs;
}

/** Signs from the text: unchecked task items and TODO/FIXME markers, outside code. */
function textSigns(root: Root): PendingSign[] {
  let unchecked = 0;
  let uncheckedAt = 0;
  let marker: number | undefined;
  let read = 0;
  const visit = (node: Nodes) => {
    if (read++ >= MAX_PENDING_NODES) return;
    if (node.type === "listItem" && node.checked === false && unchecked++ === 0) uncheckedAt = node.position?.start.offset ?? 0;
    if (node.type === "text" && marker === undefined && MARKER.test(node.value)) marker = node.position?.start.offset ?? 0;
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
  const signs: PendingSign[] = [];
  if (unchecked > 0) signs.push({ text: unchecked === 1 ? "an unchecked task item" : `${unchecked} unchecked task items`, offset: uncheckedAt });
  if (marker !== undefined) signs.push({ text: "a TODO or FIXME marker", offset: marker });
  return signs;
}

/** The signs of pending work in a document's sections and mdast, headings first. */
export function findPendingWork(sections: readonly Section[], root: Root | undefined): PendingSign[] {
  return [...headingSigns(sections), ...(root ? textSigns(root) : [])];
}
