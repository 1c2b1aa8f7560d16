/**
 * Pending work: what in a handoff shows that work is still open — the question a missing next step
 * matters for. A reference handover (how the system runs, key files), a stable deployed project
 * or a parked design note has nothing pending, and needs no next step.
 *
 * What counts, outside code:
 * - a section whose heading names blockers or open questions, unless a qualifier parks it
 *   ("Open decisions (deferred to activation)", "Blockers — on hold"), it holds nothing (empty,
 *   "none", "keine", "(пока нет)", "None so far") or its heading names risks ("Risks and
 *   limitations", "风险与后续事项"): a risk is a caution, not work left;
 * - a heading that marks its subject unfinished ("Parser (WIP)", "Export — not yet done",
 *   "页面待完善", "未完了");
 * - `TODO` and `FIXME` used as markers in the text of paragraphs and list items (`TODO: …`,
 *   `TODO(x)`, `TODO write it`; not a file name such as `TODO.md`, nor `TODO → board`).
 * Unchecked task items are not signs here: they state the next steps themselves (see
 * {@link countUncheckedTasks} and `next-action.ts`).
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

/** A marker: `TODO:`, `TODO(…)`, `TODO -`, or `TODO` before a word; never part of a name (`TODO.md`, `my_TODO`). */
const MARKER = /(?<![\p{L}\p{N}_./\\-])(?:TODO|FIXME)(?:[ \t]*[:(]|[ \t]+[-–—][ \t]|[ \t]+[\p{L}\p{N}`"'])/u;

/** A heading that names risks (a caution for the reader, not work left), in the languages of the role cues. */
const RISKS = /(?:^|\P{L})(?:risks?|risiken|risiko|risques?|riesgos?|rischi|riscos?|риск\p{L}{0,3}|ризик\p{L}{0,3})(?!\p{L})|风险|風險|リスク|위험/u;

/** Words that qualify a nil answer ("none yet", "пока нет", "currently none"): they leave it nil. */
const NIL_QUALIFIER =
  /^(?:yet|so far|currently|for now|at the moment|at present|known|noch|bisher|aktuell|encore|pour l'instant|actuellement|aún|todavía|por ahora|ancora|per ora|ainda|por enquanto|пока|сейчас|поки|暂|目前|当前|現在|現時点では|特に|현재|아직)$/iu;

function quoted(section: Section): string {
  return `'${section.title.length > 60 ? `${section.title.slice(0, 57)}…` : section.title}'`;
}

/** `text` without the characters of `leading` at its start and of `trailing` at its end (linear). */
function stripEnds(text: string, leading: string, trailing: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && leading.includes(text.charAt(start))) start++;
  while (end > start && trailing.includes(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

/**
 * True when `text` only says there is nothing: a nil answer ("None.", "- Нет"), in brackets
 * ("(нет)"), or with one qualifier before or after it ("пока нет", "None so far", "暂无").
 */
export function saysNothing(text: string): boolean {
  const bare = stripEnds(text.trim(), "([{（【", ")]}）】.!。").trim();
  if (NIL_ANSWER.test(bare)) return true;
  if (bare.length > 40) return false;
  if (/^(?:暂|目前|当前|現在|特に|아직|현재)\s*(?:无|無|没有|なし|無し|없음)$/u.test(bare)) return true;
  const words = bare.split(/\s+/u);
  for (let split = 1; split < words.length && split <= 3; split++) {
    const before = words.slice(0, split).join(" ");
    const after = words.slice(split).join(" ");
    if (NIL_QUALIFIER.test(before) && NIL_ANSWER.test(after)) return true;
    const head = words.slice(0, words.length - split).join(" ");
    const tail = words.slice(words.length - split).join(" ");
    if (NIL_ANSWER.test(head) && NIL_QUALIFIER.test(tail)) return true;
  }
  return false;
}

/** True when a section is empty or only says there is nothing ("None.", "(пока нет)"). */
function holdsNothing(section: Section): boolean {
  return (
    isSectionEmpty(section) ||
    saysNothing(
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
    if (open && !RISKS.test(folded) && !segments.some((segment, i) => i > 0 && PARKED.test(segment.text)) && !holdsNothing(section))
      signs.push({ text: `${open} ${quoted(section)}`, offset });
    else if (UNFINISHED.test(folded)) signs.push({ text: `the heading ${quoted(section)} marks unfinished work`, offset });
  }
  return signs;
}

/**
 * Calls `seen` with the nodes of `root` in document order, at most {@link MAX_PENDING_NODES} of
 * them, until it returns true.
 */
function walkBounded(root: Root, seen: (node: Nodes) => boolean | void): void {
  let read = 0;
  let done = false;
  const visit = (node: Nodes) => {
    if (done || read++ >= MAX_PENDING_NODES) return;
    if (seen(node) === true) done = true;
    else if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
}

/** Signs from the text: TODO/FIXME markers, outside code. */
function textSigns(root: Root): PendingSign[] {
  let marker: number | undefined;
  walkBounded(root, (node) => {
    if (node.type !== "text" || !MARKER.test(node.value)) return false;
    marker = node.position?.start.offset ?? 0;
    return true;
  });
  return marker === undefined ? [] : [{ text: "a TODO or FIXME marker", offset: marker }];
}

/**
 * Unchecked task-list items (`- [ ] …`) outside code, and where the first starts: a checklist
 * left for the next session states its next steps. Reads at most {@link MAX_PENDING_NODES} nodes.
 */
export function countUncheckedTasks(root: Root | undefined): { count: number; offset: number } {
  let count = 0;
  let offset = 0;
  if (root)
    walkBounded(root, (node) => {
      if (node.type === "listItem" && node.checked === false && count++ === 0) offset = node.position?.start.offset ?? 0;
    });
  return { count, offset };
}

/** The signs of pending work in a document's sections and mdast, headings first. */
export function findPendingWork(sections: readonly Section[], root: Root | undefined): PendingSign[] {
  return [...headingSigns(sections), ...(root ? textSigns(root) : [])];
}
