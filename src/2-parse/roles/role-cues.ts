/**
 * The phrases that name each section role, as people write them in handoffs: English, German,
 * French, Spanish, Italian, Portuguese, Russian, Ukrainian, Chinese, Japanese, Korean (and a few
 * Catalan, Swedish and Dutch ones). Text is matched after {@link foldHeadingText}: lower case, `ä ö ü ß` as
 * `ae oe ue ss`, other Latin diacritics dropped — so "Nächste Schritte", "NAECHSTE SCHRITTE" and
 * "Próximos pasos" are written here as `naechste schritte` and `proximos pasos`.
 *
 * A cue says where it may match in a coordinate part of a heading (see `role-text.ts` and
 * {@link CueGroup}): the whole head phrase, a clause at its start, a phrase at one of its first
 * words (head-initial languages), an English noun phrase ending it, its head noun, or anywhere
 * (CJK, kana and Hangul, written without word spaces). Cues never start in a post-modifier:
 * "hypotheses for the next session" does not name a next step, and "resume consumer implemented"
 * (whose head noun is "consumer") does not name one either.
 * A cue's weight ranks it against other cues of the same part: 3 for phrases that can only name
 * that role ("hypotheses"), 2 for the usual wordings, 1 for generic nouns ("status", "rules").
 *
 * Patterns are alternations of literals with optional groups and single bounded character classes:
 * no nested quantifiers, so every match is linear in the (bounded) heading length. The roles test
 * runs each compiled pattern through the recheck ReDoS checker.
 */
import type { SectionRole } from "./role-names.js";
import type { CueGroup } from "./cues-cue-group.js";
import { NEXT_ACTION_CUES } from "./cues-next-action.js";
import { FACTS_HYPOTHESES_CUES } from "./cues-facts-hypotheses.js";
import { REMAINING_CUES } from "./cues-remaining.js";
import { COMPLETED_DECISIONS_CUES } from "./cues-completed-decisions.js";
import { QUESTIONS_RISKS_CUES } from "./cues-questions-risks.js";
import { CONSTRAINTS_STATUS_CUES } from "./cues-constraints-status.js";
import { LESSONS_FILES_CUES } from "./cues-lessons-files.js";
import { GOAL_CONTEXT_STATE_CUES } from "./cues-goal-context-state.js";

export type { CueGroup } from "./cues-cue-group.js";

/** Every cue group, in table order: among groups of equal weight, an earlier one wins. */
export const CUE_GROUPS: readonly CueGroup[] = [
  ...NEXT_ACTION_CUES,
  ...FACTS_HYPOTHESES_CUES,
  ...REMAINING_CUES,
  ...COMPLETED_DECISIONS_CUES,
  ...QUESTIONS_RISKS_CUES,
  ...CONSTRAINTS_STATUS_CUES,
  ...LESSONS_FILES_CUES,
  ...GOAL_CONTEXT_STATE_CUES,
];

/** Phrases in a qualifier that address the section to the next session ("for the next agent"). */
export const NEXT_SESSION_QUALIFIER =
  /(?:^|[^\p{L}\p{N}])(?:(?:next|new|incoming|future|following|fresh|upcoming) (?:sessions?|agents?|threads?|chat|conversation|person|engineer|developer|devs?|lead|owner|maintainer|worker|instance|ai instance|ai|claude|model|shift|team|contributor|cycle|pickup)|successor|(?:the |a )?recipient|destinatari[oa]|destinataire|empfaenger|assignee|naechste(?:n|r)? (?:session|sitzung|agent)|neue(?:n|r)? (?:session|sitzung|chat)|(?:prochaine|nouvelle) (?:session|conversation)|(?:proxima|siguiente|nueva) sesion|(?:prossima|nuova) sessione|(?:proxima|nova) sessao|следующ\p{L}{0,4} (?:сесси|агент|чат)|наступн\p{L}{0,4} (?:сесі|агент|чат)|ny session|nya sessionen|naesta session)|次の(?:セッション|担当|エージェント|チャット)|次回|新(?:しい)?チャット|下一个?(?:会话|agent|人|开发者|对话)|给下一|다음 ?(?:세션|에이전트|담당자|사람)|새 ?(?:세션|채팅)/u;

/** Qualifiers that make a list an ordered plan ("(priority order)", "(in order)", "(по приоритету)"). */
export const ORDERED_QUALIFIER =
  /(?:^|[^\p{L}\p{N}])(?:(?:in|by) (?:priority|order|dependency order|recommended order|this order)|priority order|recommended order|suggested order|dependency order|ranked|prioriti[sz]ed|step by step|nach prioritaet|in reihenfolge|reihenfolge|priorisiert|par ordre de priorite|dans l'ordre|ordre (?:recommande|suggere|conseille)|por prioridad|en orden|orden (?:recomendado|sugerido)|per priorita|in ordine|ordine (?:consigliato|suggerito)|por prioridade|em ordem|ordem (?:recomendada|sugerida)|по приоритету|по порядку|за пріоритетом|за порядком|i ordning|prioritetsordning)(?![\p{L}\p{N}])|(?<=^|\| )(?:order|ordre|orden|ordine|ordem|reihenfolge|порядок)(?= \||$)|優先(?:順|度順)|順番|按优先级|优先级顺序|우선 ?순위 ?순|순서대로/u;

/** A qualifier segment that makes a section open work ("(deferrable)", "(queued, not acted on)", "(longer-horizon)"). */
export const PENDING_QUALIFIER =
  /^(?:deferr(?:ed|able)|queued|not (?:yet )?(?:acted on|done|started|addressed|implemented)|longer[- ]horizon|long[- ]term|backlog|to ?do|pending|follow[- ]?up|offen|ausstehend|a faire|pendiente|da fare|pendente|отложено|відкладено)(?![\p{L}\p{N}])|^later$/u;

/** A qualifier that only says the section is finished ("— ALL COMPLETE ✅", "(done)"). */
export const COMPLETION_QUALIFIER = /^(?:all |now |fully )?(?:complete|completed|done|closed|resolved|finished|shipped)$/u;

/**
 * Generic head nouns that, addressed to the next session ("Notes for the next session",
 * "Handoff (for a new session)"), name what the next session should do.
 */
export const GENERIC_ADDRESSED_NOUNS =
  /(?:^|[^\p{L}\p{N}])(?:notes?|instructions?|handoff|handover|prompt|message|brief(?:ing)?|checklist|workflow|recommendations?|advice|tips|plan|guidance|commands?|todo|hinweise|notizen|anweisungen|befehle|consignes|commandes|instrucciones|comandos|istruzioni|comandi|instrucoes|notas|указания|инструкции|команды|інструкції|команди)$|^(?:notas|comandos|commandes|comandi|instrucciones|istruzioni|instrucoes|consignes|hinweise|befehle|указания|инструкции|команды|інструкції|команди)(?![\p{L}\p{N}])/u;

/** Heads whose role, addressed to the next session or ordered, also makes the section a next step. */
export const ACTION_LIKE_ROLES: ReadonlySet<SectionRole> = new Set(["hypotheses", "open-questions", "remaining", "files", "build-status", "goal", "decisions"]);

/** One kind of cue compiled into one regular expression over every group that has it. */
export interface CompiledKind {
  /** Capture group `i + 1` holds group `groups[i]`'s alternation; heavier groups come first. */
  regex: RegExp;
  groups: readonly CueGroup[];
}

/** The cue table compiled once: one expression per kind, heavier groups first. */
export interface CompiledCues {
  /** The whole head phrase. */
  whole: CompiledKind;
  /** Sticky, at offset 0 of the part. */
  anchored: CompiledKind;
  /** Sticky, at a word start inside the head phrase. */
  start: CompiledKind;
  /** Sticky, at a word start of the head phrase, reaching its end. */
  lead: CompiledKind;
  /** The same phrases on the whole part: a match may run on past the head phrase. */
  leadInText: CompiledKind;
  /** Sticky, at a word start of the head phrase, ending it. */
  head: CompiledKind;
  /** Per group, anywhere in a CJK part (the heaviest match wins, wherever it is). */
  any: ReadonlyArray<{ regex: RegExp; group: CueGroup }>;
}

const END = "(?![\\p{L}\\p{N}])";

/** Groups by weight, heaviest first, table order kept among equals. */
const BY_WEIGHT = CUE_GROUPS.map((group, order) => ({ group, order }))
  .sort((a, b) => b.group.weight - a.group.weight || a.order - b.order)
  .map(({ group }) => group);

function compileKind(kind: "whole" | "anchored" | "start" | "lead" | "head", wrap: (alternation: string) => string, flags: string): CompiledKind {
  const groups = BY_WEIGHT.filter((group) => (group[kind]?.length ?? 0) > 0);
  const alternation = groups.map((group) => `(${(group[kind] as readonly string[]).join("|")})`).join("|");
  // The patterns are the literals of CUE_GROUPS above: alternations, optional groups and single
  // bounded classes, no nested quantifiers (each checked with recheck in the roles test).
  return { regex: new RegExp(wrap(`(?:${alternation})`), flags), groups };
}

/** The cue table, compiled. */
export const COMPILED_CUES: CompiledCues = {
  whole: compileKind("whole", (a) => `^${a}$`, "u"),
  anchored: compileKind("anchored", (a) => `${a}${END}`, "uy"),
  start: compileKind("start", (a) => `${a}${END}`, "uy"),
  lead: compileKind("lead", (a) => `${a}$`, "uy"),
  leadInText: compileKind("lead", (a) => `${a}${END}`, "uy"),
  head: compileKind("head", (a) => `${a}$`, "uy"),
  any: BY_WEIGHT.filter((group) => (group.any?.length ?? 0) > 0).map((group) => ({
    regex: new RegExp(`(?:${(group.any as readonly string[]).join("|")})`, "u"),
    group,
  })),
};

/** The group whose capture matched in `match` (capture `i + 1` is `kind.groups[i]`). */
export function matchedGroup(kind: CompiledKind, match: RegExpExecArray): CueGroup | undefined {
  for (let i = 1; i < match.length; i++) if (match[i] !== undefined) return kind.groups[i - 1];
  return undefined;
}
