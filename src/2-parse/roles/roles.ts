/**
 * Section roles: what a heading is *for*, whatever its wording — the one classifier every rule,
 * `stats`, `resume` and `list` asks.
 *
 * Formal profiles name their sections exactly (the handoff contract, public repo 0mandrock1/handoff-skills, and hatch3r); real handoffs use many
 * wordings, numbering, emoji and other languages. A heading is read by its head phrase, not by the
 * first keyword found anywhere in it: "Hypotheses for the next session" is a Hypotheses section
 * (addressed to the next session, so also a next step), "Bourbaki — handoff for next session" is a
 * document title. A heading carries at most two roles, primary first ("Decisions and assumptions":
 * decisions, hypotheses).
 *
 * How a heading is read (`role-text.ts` shapes it, `role-cues.ts` holds the phrases):
 * 1. it is folded and cut into segments at `:`, dashes, brackets and `|`; the first segment outside
 *    brackets is the heading proper, the others qualify it;
 * 2. each coordinate part of that segment ("X and Y", "X / Y") takes its best cue: a phrase at its
 *    start or a head noun at the end of its head phrase, the heaviest cue winning;
 * 3. when the heading proper names no role, a later segment after a colon or a dash may
 *    ("Chrono Trigger — Next session start here");
 * 4. qualifiers then act on the head role: addressed to the next session ("… for the next agent")
 *    or ordered ("… (priority order)"), a list of hypotheses, questions, open work or files to read
 *    is also a next step; "… — ALL COMPLETE" turns open work into completed work; a generic noun
 *    addressed to the next session ("Notes for the next session") is a next step.
 * A document title (the first heading, level 1) only ever carries the next-action role ("Next
 * session: start here"); any other role in a title describes the document, not a section.
 */
import {
  ACTION_LIKE_ROLES,
  COMPILED_CUES,
  CUE_GROUPS,
  matchedGroup,
  type CompiledKind,
  COMPLETION_QUALIFIER,
  GENERIC_ADDRESSED_NOUNS,
  NEXT_SESSION_QUALIFIER,
  ORDERED_QUALIFIER,
  PENDING_QUALIFIER,
} from "./role-cues.js";
import type { SectionRole } from "./role-names.js";
import { MAX_HEADING_CHARS, shapeHeading, type HeadingPart, type HeadingSegment } from "./role-text.js";

export { SECTION_ROLES, type SectionRole } from "./role-names.js";

/**
 * Heading text reduced for comparison: NFKC, lower case, typographic apostrophes as `'`, leading numbering ("1.", "2.3", "A)"),
 * emoji and punctuation at both ends and a trailing colon removed, `&` read as "and", `/` and
 * runs of white space folded to one space.
 */
export function normalizeHeading(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // Typographic apostrophes (’ ‘ ʼ) read as ', so "What’s next" and "Don’t" match like their
      // ASCII spellings (editors and agents often write the curly form).
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/&/g, " and ")
      .replace(/[\s/]+/g, " ")
      .replace(/^(?:(?:step|phase|part|section)\s+)?(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.):]\s+/u, "")
      .replace(/^\d+(?:\.\d+)+\s+/u, "")
      .replace(/^[^\p{L}\p{N}]+/u, "")
      .replace(/[^\p{L}\p{N})]+$/u, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Options of {@link classifyHeading}. */
export interface ClassifyOptions {
  /** The heading is the document's title (its first heading, level 1). */
  title?: boolean;
}

interface Candidate {
  roles: readonly SectionRole[];
  weight: number;
  /** Where the cue's match ends in the part (what follows it qualifies it). */
  end: number;
  /** 0 phrase at the start, 1 head noun, 2 anywhere (CJK). */
  kind: number;
  position: number;
  order: number;
}

function better(a: Candidate, b: Candidate | undefined): boolean {
  if (!b) return true;
  if (a.weight !== b.weight) return a.weight > b.weight;
  if (a.kind !== b.kind) return a.kind < b.kind;
  if (a.position !== b.position) return a.position < b.position;
  return a.order < b.order;
}

/** English past participles that end a head phrase of finished work ("Immediate actions taken"). */
const DONE_PARTICIPLE =
  /\s(?:taken|made|done|completed|applied|fixed|shipped|landed|merged|implemented|closed|resolved|finished|delivered|performed|executed)$/u;
/** A finite verb in a head phrase: it is a sentence ("The tail is now stronger evidence"), not a noun phrase. */
const SENTENCE_VERB = /\s(?:is|are|was|were|has|have|had|does|did|can|will|would|should|must|may|might|proves|shows|means)\s/u;

/** The best cue of one coordinate part, or undefined when no cue names a role. */
function bestCue(part: HeadingPart): Candidate | undefined {
  let best: Candidate | undefined;
  const head = part.head;
  const headEnd = Math.max(head.length, 1);
  const offer = (kind: CompiledKind, match: RegExpExecArray | null, rank: number, position: number, end: number) => {
    const group = match ? matchedGroup(kind, match) : undefined;
    if (!group) return;
    const candidate = { roles: group.roles, weight: group.weight, kind: rank, position, end, order: CUE_ORDER.get(group) ?? 0 };
    if (better(candidate, best)) best = candidate;
  };
  const sticky = (kind: CompiledKind, target: string, at: number): RegExpExecArray | null => {
    kind.regex.lastIndex = at;
    return kind.regex.exec(target);
  };
  const { whole, anchored, start, lead, leadInText, head: headNoun, any } = COMPILED_CUES;
  offer(whole, whole.regex.exec(head), 0, 0, head.length);
  const clause = sticky(anchored, part.text, 0);
  offer(anchored, clause, 0, 0, anchored.regex.lastIndex);
  for (const at of part.wordStarts) {
    if (at >= headEnd) break;
    const opening = sticky(start, part.text, at);
    offer(start, opening, 0, at, start.regex.lastIndex);
    // An English noun phrase must reach the end of the head phrase: ending it exactly
    // ("recommended next steps") or running on through a post-modifier ("on the horizon").
    const phrase = sticky(lead, head, at);
    if (phrase) offer(lead, phrase, 0, at, head.length);
    else {
      const running = sticky(leadInText, part.text, at);
      if (running && leadInText.regex.lastIndex > head.length) offer(leadInText, running, 0, at, leadInText.regex.lastIndex);
    }
  }
  if (!SENTENCE_VERB.test(` ${head} `)) {
    for (const at of part.headStarts) {
      const noun = sticky(headNoun, head, at);
      if (noun) {
        offer(headNoun, noun, 1, head.length, head.length);
        break;
      }
    }
  }
  if (part.cjk) {
    for (const { regex, group } of any) {
      const found = regex.exec(part.text);
      if (found) {
        const candidate = {
          roles: group.roles,
          weight: group.weight,
          kind: 2,
          position: found.index,
          end: found.index + found[0].length,
          order: CUE_ORDER.get(group) ?? 0,
        };
        if (better(candidate, best)) best = candidate;
      }
    }
  }
  return best;
}

/** Table order of the cue groups, the last tie-breaker. */
const CUE_ORDER = new Map(CUE_GROUPS.map((group, order) => [group, order]));

/** A head phrase ending in "status" or "state": the state of whatever precedes it ("Manual follow-ups status"). */
const STATE_OF = /\s(?:status|state|progress)$/u;

/**
 * The roles of one part. Finished work ("Immediate actions taken") reads as completed; the state
 * of a named thing ("Open items status") keeps that thing's role, then session state.
 */
function rolesOfPart(part: HeadingPart): { roles: readonly SectionRole[]; end: number } {
  const stateOf = STATE_OF.exec(part.head);
  if (stateOf) {
    const head = part.head.slice(0, stateOf.index);
    const inner = bestCue({ ...part, text: head, head });
    const role = inner?.roles[0];
    if (role && role !== "session-state" && role !== "build-status") return { roles: [role, "session-state"], end: part.head.length };
  }
  const found = bestCue(part);
  if (found) return { roles: found.roles, end: found.end };
  const done = DONE_PARTICIPLE.exec(part.head);
  if (done) {
    const head = part.head.slice(0, done.index);
    const earlier = bestCue({ ...part, text: head, head });
    if (earlier?.roles.every((role) => role === "next-action" || role === "remaining")) return { roles: ["completed"], end: part.head.length };
  }
  return { roles: [], end: 0 };
}

function rolesOfSegment(segment: HeadingSegment): { roles: SectionRole[]; rests: string[] } {
  const roles: SectionRole[] = [];
  const rests: string[] = [];
  for (const part of segment.parts) {
    const found = rolesOfPart(part);
    for (const role of found.roles) if (!roles.includes(role)) roles.push(role);
    rests.push(part.text.slice(Math.max(found.end, part.head.length)));
  }
  return { roles, rests };
}

/** Roles an order qualifier does not turn into a plan ("Changes (in order)" stays a record). */
const NOT_A_PLAN: ReadonlySet<SectionRole> = new Set(["completed", "session-state", "decisions", "lessons", "durable-context", "failed-attempts"]);

/**
 * A qualifier saying the section is what comes next ("TODO: phase 2 (NEXT)"), or where to start
 * ("Executive summary (read this first)", "Phase 1 target (ship this first)").
 */
const NEXT_MARK =
  /^(?:next|up next|next up|do next|start here|now|(?:(?:read|do|ship|build|start with|begin with|tackle|implement|fix) )?(?:this |these |it )?first)$/u;

/**
 * The roles of a heading, primary first, at most two; empty when none is recognised. Reads at
 * most the first 240 characters of `text` (linear time, no backtracking blow-up).
 */
export function classifyHeading(text: string, options: ClassifyOptions = {}): readonly SectionRole[] {
  const key = `${options.title ? "t" : "s"}${text.slice(0, MAX_HEADING_CHARS)}`;
  const cached = CACHE.get(key);
  if (cached) return cached;
  const roles = Object.freeze(classify(text, options));
  if (CACHE.size >= CACHE_SIZE) CACHE.clear();
  CACHE.set(key, roles);
  return roles;
}

/** Headings repeat across documents ("Next steps", "Key files"): answers are kept for reuse. */
const CACHE = new Map<string, readonly SectionRole[]>();
const CACHE_SIZE = 4096;

function classify(text: string, options: ClassifyOptions): SectionRole[] {
  const { segments } = shapeHeading(text);
  let chosen = segments.findIndex((segment) => !segment.bracketed);
  if (chosen === -1) return [];
  let found = rolesOfSegment(segments[chosen] as HeadingSegment);
  if (found.roles.length === 0) {
    for (let i = chosen + 1; i < segments.length; i++) {
      const segment = segments[i] as HeadingSegment;
      if (segment.bracketed || (segment.after !== "colon" && segment.after !== "dash")) continue;
      const later = rolesOfSegment(segment);
      if (later.roles.length > 0) {
        chosen = i;
        found = later;
        break;
      }
    }
  }
  let roles = found.roles;
  const main = segments[chosen] as HeadingSegment;
  const others = segments.filter((_, i) => i !== chosen);
  // What qualifies the heading proper: what follows its cues, and every other segment.
  const qualifier = [...found.rests, ...others.map((segment) => segment.text)].join(" | ");
  const addressed = NEXT_SESSION_QUALIFIER.test(qualifier);
  const ordered = ORDERED_QUALIFIER.test(qualifier);
  const markedNext = others.some((segment) => NEXT_MARK.test(segment.text));
  if (roles.includes("remaining") && others.some((segment) => COMPLETION_QUALIFIER.test(segment.text))) {
    roles = roles.map((role) => (role === "remaining" ? "completed" : role));
  }
  // Deferred or queued: open work, whatever the head names ("Operator asks (deferrable)").
  const pending = others.some((segment) => PENDING_QUALIFIER.test(segment.text));
  if (pending && !roles.includes("remaining") && !roles.includes("completed") && !roles.includes("next-action")) roles = [...roles, "remaining"];
  let result: SectionRole[];
  if (roles.length > 0) {
    const [primary, second] = roles as [SectionRole, SectionRole | undefined];
    const nextStep =
      primary !== "next-action" &&
      !roles.includes("next-action") &&
      (((addressed || markedNext) && roles.some((role) => ACTION_LIKE_ROLES.has(role))) || (ordered && !roles.some((role) => NOT_A_PLAN.has(role))));
    result = nextStep ? [primary, "next-action"] : second ? [primary, second] : [primary];
  } else if (!options.title && (ordered || markedNext || (addressed && GENERIC_ADDRESSED_NOUNS.test(main.parts[0]?.head ?? "")))) {
    // An ordered list under an unnamed heading is open work in order; a section marked to come
    // first, or a generic note addressed to the next session, says what it should do.
    result = ordered ? ["next-action", "remaining"] : ["next-action"];
  } else {
    result = [];
  }
  // A title describes the document; only "start here"-style titles say what to do next.
  if (options.title) return result.includes("next-action") ? ["next-action"] : [];
  return result;
}

/** The primary role of a heading, or undefined when none is recognised. */
export function roleOfHeading(text: string, options: ClassifyOptions = {}): SectionRole | undefined {
  return classifyHeading(text, options)[0];
}
