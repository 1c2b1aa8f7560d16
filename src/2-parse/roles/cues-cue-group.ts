/**
 * The shape of one group of section-role cues; the groups themselves are in the files beside this
 * one, assembled in weight-and-table order by `./role-cues.ts`.
 */
import type { SectionRole } from "./role-names.js";

/** One group of cues for one role (or a role pair, primary first). */
export interface CueGroup {
  roles: readonly [SectionRole] | readonly [SectionRole, SectionRole];
  weight: 1 | 2 | 3;
  /** The whole head phrase is the cue ("Next", "Findings", "Status"). */
  whole?: readonly string[];
  /** A clause at the start of the part ("What's next", "Do not …", "How to resume"). */
  anchored?: readonly string[];
  /**
   * At one of the first three words, anything may follow: head-initial languages and clauses
   * ("Próximos pasos (a fazer)", "Nächste Schritte für …", "Следующие шаги по …").
   */
  start?: readonly string[];
  /** An English noun phrase that ends the head phrase, after at most two words ("recommended next steps"). */
  lead?: readonly string[];
  /** The head noun: the end of the head phrase ("material engineering findings"). */
  head?: readonly string[];
  /** Anywhere in the part (CJK, kana and Hangul). */
  any?: readonly string[];
}

/** Cyrillic words may end in any inflection: `шаг\S{0,3}` reads шаг, шаги, шагов. */
export const INFLECT = "[\\p{L}]{0,4}";
