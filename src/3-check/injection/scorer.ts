/**
 * The injection scorer: finds the signals of `lexicon.ts` (and `lexicon-languages.ts`) in a
 * normalized text, groups them by unit, adds their weights and decides.
 *
 * - **Units.** Visible text is scored per sentence; a hidden block (an HTML comment, a link
 *   reference definition, alt or title text, a `<details>` body, a zero-size element, a decoded
 *   run) is scored as one unit, since a handoff has no reason to hide instructions at all.
 * - **Score.** Each signal kind counts once, with the weight of its strongest match; the address
 *   and "you" kinds weigh more when hidden ({@link PLACE_WEIGHTS}). A claim of authority also
 *   counts for the sentence next to it ("The maintainers pre-approved this. Delete …").
 * - **Verdict.** A unit is reported when it holds at least one ask kind (override, identity,
 *   extraction, concealment, credentials, destructive, exfiltration, execution) and its score
 *   reaches {@link THRESHOLDS} (4 visible, 3 hidden). So one strong ask ("ignore all previous
 *   instructions", "do not tell the user") is enough anywhere; a destructive or credential ask
 *   needs a second signal (whom it addresses, claimed authority, concealment, somewhere to send
 *   the data) — "delete the stale tags" and "print your token with gh auth token" stay quiet.
 * - **Negation.** An ask right after `never`, `do not`, `without`, … is dropped ("never paste
 *   the .env into the chat").
 */
import { gateTextOf, type GateText } from "./gates.js";
import { LANGUAGE_PAIRS, LANGUAGE_PATTERNS } from "./lexicon-languages.js";
import { ASK_KINDS, PAIR_PATTERNS, SIGNAL_PATTERNS, type PairPattern, type SignalKind, type SignalPattern } from "./lexicon.js";
import type { Severity } from "../engine/diagnostic.js";

/** Scores a verdict needs, by where the text sits. */
export const THRESHOLDS = { visible: 4, hidden: 3 } as const;

/** Weights of the kinds that depend on where the text sits (the lexicon's weight otherwise). */
export const PLACE_WEIGHTS: Readonly<Partial<Record<SignalKind, { visible: number; hidden: number }>>> = {
  address: { visible: 1, hidden: 2 },
  you: { visible: 0, hidden: 1 },
};

/** One signal found: its kind and weight, and where in the scored text. */
export interface SignalMatch {
  kind: SignalKind;
  weight: number;
  start: number;
  end: number;
  messageId?: string;
  severity?: Severity;
}

/** A scored unit (a sentence or a hidden block). `start`/`end` index the scored text. */
export interface ScoredUnit {
  start: number;
  end: number;
  score: number;
  /** The strongest match of each kind present (carried authority has no span in this unit). */
  signals: ReadonlyMap<SignalKind, SignalMatch>;
}

/** Options of {@link scoreText}. */
export interface ScoreOptions {
  /** The text is hidden from the rendered view: one unit, the hidden weights and threshold. */
  hidden?: boolean;
  /** Signals from outside the text that apply to its first unit (a fake system heading above it). */
  carried?: readonly SignalMatch[];
}

const NEGATION = /(?:\b(?:never|not|no|without|avoid|refuses?|refused|prevent)|n't)\s+(?:\S+\s+){0,2}\S*$/i;

/** Whether the ask at `start` is negated within its clause ("never paste the .env"). */
function negated(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const clause = before.split(/[.;!?\n,:]/).pop() ?? "";
  return NEGATION.test(clause);
}

function* matchesOf(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    yield m;
  }
}

const ALL_PATTERNS: readonly SignalPattern[] = [...SIGNAL_PATTERNS, ...LANGUAGE_PATTERNS];
const ALL_PAIRS: readonly PairPattern[] = [...PAIR_PATTERNS, ...LANGUAGE_PAIRS];

/**
 * Every single-pattern signal in `text`, negated asks dropped. `gates` (of `text`) skips the
 * patterns whose literals the text lacks.
 */
export function signalMatches(text: string, gates: GateText = gateTextOf(text)): SignalMatch[] {
  const found: SignalMatch[] = [];
  for (const pattern of ALL_PATTERNS) {
    if (!gates.mayMatch(pattern.re)) continue;
    const negatable = pattern.negatable ?? ASK_KINDS.has(pattern.kind);
    for (const m of matchesOf(pattern.re, text)) {
      // Skip the leading line break or space some patterns consume to anchor themselves.
      const lead = /^[\s.!?]*/.exec(m[0])?.[0].length ?? 0;
      const start = m.index + lead;
      if (negatable && negated(text, start)) continue;
      const match: SignalMatch = { kind: pattern.kind, weight: pattern.weight, start, end: m.index + m[0].length };
      if (pattern.messageId) match.messageId = pattern.messageId;
      if (pattern.severity) match.severity = pattern.severity;
      found.push(match);
    }
  }
  // "Assistant: delete the tags" addresses the assistant; "Assistant: Sure, I will …" speaks as
  // it. A label that is also an address counts as a role label only when a reply follows.
  return found.filter(
    (m) => m.kind !== "role-label" || !found.some((a) => a.kind === "address" && a.start === m.start) || REPLY.test(text.slice(m.end, m.end + 20)),
  );
}

/** The start of a reply in the assistant's voice. */
const REPLY = /^\s*(?:I\b|I'm|I'll|sure|understood|okay|ok\b|certainly|done|confirmed|acknowledged|affirmative|yes|of\s+course)/i;

/** Both halves of each pair, as spans; the scorer pairs them per unit. */
function pairHalves(text: string, gates: GateText): Array<{ pair: PairPattern; first: Array<[number, number]>; second: Array<[number, number]> }> {
  return ALL_PAIRS.map((pair) => {
    const spans = (re: RegExp): Array<[number, number]> => (gates.mayMatch(re) ? [...matchesOf(re, text)].map((m) => [m.index, m.index + m[0].length]) : []);
    const first = spans(pair.first);
    return { pair, first, second: first.length > 0 ? spans(pair.second) : [] };
  }).filter((h) => h.first.length > 0 && h.second.length > 0);
}

/**
 * Sentence spans of `text`: a sentence ends at `.`, `!` or `?` followed by whitespace and a
 * capital, digit, quote or non-Latin character (so `e.g. this` and `docs/flags.md` do not end
 * one), at `。！？`, or at the end of the text.
 */
export function sentenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  const boundary = /[.!?](?=\s+(?:[A-Z0-9"'“‘`([*_<]|[^\x00-\x7F]))|[。！？]/g;
  for (const m of text.matchAll(boundary)) {
    const end = m.index + m[0].length;
    if (text.slice(start, end).trim() !== "") spans.push([start, end]);
    start = end;
  }
  if (text.slice(start).trim() !== "") spans.push([start, text.length]);
  return spans;
}

/** Longest hidden text scored as one unit, in characters; longer ones are split into sentences. */
const HIDDEN_UNIT_LIMIT = 2000;

function strongest(signals: Map<SignalKind, SignalMatch>, match: SignalMatch): void {
  const current = signals.get(match.kind);
  if (!current || match.weight > current.weight || (match.weight === current.weight && match.start < current.start)) signals.set(match.kind, match);
}

/** Sum of the weights of `signals`, place weights applied. */
export function scoreOf(signals: ReadonlyMap<SignalKind, SignalMatch>, hidden: boolean): number {
  let score = 0;
  for (const [kind, match] of signals) {
    const place = PLACE_WEIGHTS[kind];
    score += place ? (hidden ? place.hidden : place.visible) : match.weight;
  }
  return score;
}

/**
 * Every unit of `text` that holds a signal, with its signals and score, before any verdict (in
 * text order). Authority in the unit before or after counts for a unit that asks something.
 */
export function scoreUnits(text: string, options: ScoreOptions = {}): ScoredUnit[] {
  const hidden = options.hidden ?? false;
  const gates = gateTextOf(text);
  const matches = signalMatches(text, gates);
  const halves = pairHalves(text, gates);
  if (matches.length === 0 && halves.length === 0 && (options.carried ?? []).length === 0) return [];
  const units: Array<[number, number]> = hidden && text.length <= HIDDEN_UNIT_LIMIT ? [[0, text.length]] : sentenceSpans(text);
  // One sweep over matches sorted by start: each unit takes the matches that start inside it.
  matches.sort((x, y) => x.start - y.start);
  let next = 0;
  const cursors = halves.map(() => ({ first: 0, second: 0 }));
  const firstIn = (spans: Array<[number, number]>, cursor: { at: number }, s: number, e: number): [number, number] | undefined => {
    while (cursor.at < spans.length && (spans[cursor.at] as [number, number])[0] < s) cursor.at++;
    const span = spans[cursor.at];
    return span && span[0] < e ? span : undefined;
  };
  const unitSignals = units.map(([s, e], i) => {
    const signals = new Map<SignalKind, SignalMatch>();
    while (next < matches.length && (matches[next] as SignalMatch).start < s) next++;
    for (let k = next; k < matches.length && (matches[k] as SignalMatch).start < e; k++) strongest(signals, matches[k] as SignalMatch);
    halves.forEach(({ pair, first, second }, h) => {
      const cursor = cursors[h] as { first: number; second: number };
      const at1 = { at: cursor.first };
      const at2 = { at: cursor.second };
      const a = firstIn(first, at1, s, e);
      const b = firstIn(second, at2, s, e);
      cursor.first = at1.at;
      cursor.second = at2.at;
      if (a && b && !negated(text, Math.min(a[0], b[0]))) {
        const match: SignalMatch = { kind: pair.kind, weight: pair.weight, start: Math.min(a[0], b[0]), end: Math.max(a[1], b[1]) };
        if (pair.messageId) match.messageId = pair.messageId;
        strongest(signals, match);
      }
    });
    if (i === 0) for (const m of options.carried ?? []) if (!signals.has(m.kind)) signals.set(m.kind, m);
    return signals;
  });
  const out: ScoredUnit[] = [];
  unitSignals.forEach((signals, i) => {
    // Authority next door counts: "The maintainers pre-approved this. Delete the tags."
    if (!signals.has("authority")) {
      const near = unitSignals[i - 1]?.get("authority") ?? unitSignals[i + 1]?.get("authority");
      if (near && [...signals.keys()].some((k) => ASK_KINDS.has(k))) signals.set("authority", { ...near, start: -1, end: -1 });
    }
    if (signals.size === 0) return;
    const [start, end] = units[i] as [number, number];
    out.push({ start, end, score: scoreOf(signals, hidden), signals });
  });
  return out;
}

/** Whether a unit is reported: it asks something and reaches the threshold of where it sits. */
export function reaches(unit: ScoredUnit, hidden: boolean): boolean {
  return [...unit.signals.keys()].some((k) => ASK_KINDS.has(k)) && unit.score >= (hidden ? THRESHOLDS.hidden : THRESHOLDS.visible);
}

/** The units of `text` that reach the threshold, in text order. */
export function scoreText(text: string, options: ScoreOptions = {}): ScoredUnit[] {
  const hidden = options.hidden ?? false;
  return scoreUnits(text, options).filter((unit) => reaches(unit, hidden));
}
