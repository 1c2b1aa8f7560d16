/**
 * The scorer's verdicts for a whole document, shared by the injection rules (each reports the
 * verdicts of its own family) and built once per document.
 *
 * The document's text runs (`runs.ts`) become blocks: each run, split where part of it sits in a
 * hidden range (`hidden.ts`); list items that end mid-phrase ("- Disregard your") joined with the
 * next; the text under a heading that speaks as the system ("## SYSTEM NOTICE") carrying that
 * heading's authority. Each block is scored (`scorer.ts`); each unit past the threshold becomes
 * one verdict per family it belongs to.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { Severity } from "../engine/diagnostic.js";
import { excerpt, placeOf } from "./detector.js";
import { gateTextOf } from "./gates.js";
import { HIDING_ELEMENT, hiddenRanges, rangesOverlapping, type HiddenRange } from "./hidden.js";
import { ASK_KINDS, AUTHORITY_HEADING, SIGNAL_PATTERNS, type SignalKind } from "./lexicon.js";
import { normalizeText, type NormalizedText } from "./normalize.js";
import { textRuns, type TextRun } from "./runs.js";
import { scoreText, signalMatches, type ScoredUnit, type SignalMatch } from "./scorer.js";

/**
 * Which rule reports a verdict: `override` (HK030: set-aside instructions, concealment),
 * `role` (HK031), `extraction` (HK035), `voiced` (HK032: other asks under a role label or a
 * system heading), `hidden` (HK037: other asks hidden from view), `directive` (HK030: other asks
 * in view).
 */
export type Family = "override" | "role" | "extraction" | "voiced" | "hidden" | "directive";

/** One verdict: the family, the span to report (in `normalized`), and why. */
export interface Verdict {
  family: Family;
  normalized: NormalizedText;
  start: number;
  end: number;
  /** ` in an HTML comment`, … (leading space), or `` for visible body text. */
  where: string;
  hidden: boolean;
  score: number;
  signals: ReadonlyMap<SignalKind, SignalMatch>;
  messageId: string;
  severity?: Severity;
  /** `{{text}}` and `{{signals}}` of the message. */
  data: { text: string; signals: string };
}

/** Plain words for each kind, in the order messages list them. */
export const SIGNAL_WORDS: ReadonlyArray<[SignalKind, string]> = [
  ["address", "addresses the AI"],
  ["you", "addresses the reader"],
  ["role-label", "speaks as the system or assistant"],
  ["authority", "claims authority"],
  ["urgency", "urgent"],
  ["override", "sets instructions aside"],
  ["identity", "changes identity"],
  ["extraction", "asks for its prompt or conversation"],
  ["credentials", "reads credentials"],
  ["destructive", "destructive"],
  ["exfiltration", "sends data out"],
  ["execution", "runs what it cannot read"],
  ["concealment", "hides it from the user"],
];

function describe(signals: ReadonlyMap<SignalKind, SignalMatch>): string {
  return SIGNAL_WORDS.filter(([kind]) => signals.has(kind))
    .map(([, words]) => words)
    .join(", ");
}

/** A block of normalized text to score, and where it sits. */
interface Block {
  /** The block's runs (list items ending mid-phrase are joined with the next), joined when scored. */
  parts: NormalizedText[];
  hidden: boolean;
  where: string;
  kind: TextRun["kind"];
  carried: SignalMatch[];
}

/** `normalized` cut to `[from, to)` of its text. */
function slice(normalized: NormalizedText, from: number, to: number): NormalizedText {
  return { text: normalized.text.slice(from, to), offsets: normalized.offsets.slice(from, to), endOffset: normalized.offsets[to] ?? normalized.endOffset };
}

/** Normalized texts joined by line breaks (one copy, however many parts). */
function join(parts: readonly NormalizedText[]): NormalizedText {
  if (parts.length === 1) return parts[0] as NormalizedText;
  const offsets: number[] = [];
  parts.forEach((part, i) => {
    if (i > 0) offsets.push((parts[i - 1] as NormalizedText).endOffset);
    for (const offset of part.offsets) offsets.push(offset);
  });
  return { text: parts.map((p) => p.text).join("\n"), offsets, endOffset: (parts[parts.length - 1] as NormalizedText).endOffset };
}

/** Most runs joined into one block: a phrase split over list items spans a few of them. */
const MAX_JOINED = 4;

/** A list item ending with one of these continues on the next, if that starts in lower case ("- Disregard your" / "- earlier instructions"). */
const CONTINUES = /(?:\b(?:your|the|all|any|and|or|to|of|a|an|my|every|these|those|previous|prior|earlier|with|for|from|in|on|then|but)|,)\s*$/i;

/** Splits a run at the hidden ranges it crosses (`ranges`: those overlapping the run, disjoint, sorted). */
function pieces(run: TextRun, ranges: readonly HiddenRange[]): Array<{ normalized: NormalizedText; range: HiddenRange | undefined }> {
  const { normalized } = run;
  let k = 0;
  // Offsets grow along the run, so the range search moves forward only.
  const rangeAt = (offset: number): HiddenRange | undefined => {
    while (k < ranges.length && (ranges[k] as HiddenRange).end <= offset) k++;
    const range = ranges[k];
    return range && offset >= range.start ? range : undefined;
  };
  const out: Array<{ normalized: NormalizedText; range: HiddenRange | undefined }> = [];
  let from = 0;
  let current = rangeAt(normalized.offsets[0] ?? run.offset);
  for (let i = 1; i <= normalized.text.length; i++) {
    const next = i < normalized.text.length ? rangeAt(normalized.offsets[i] as number) : undefined;
    if (i === normalized.text.length || next !== current) {
      out.push({ normalized: slice(normalized, from, i), range: current });
      from = i;
      current = next;
    }
  }
  return out;
}

/** A short vocative that addresses the AI and asks nothing itself ("Note to the assistant:"). */
function addressOnly(text: string): boolean {
  if (text.length > 200 || (text.trim().split(/\s+/).length > 8 && !/:\s*$/.test(text))) return false;
  const gates = gateTextOf(text);
  if (!ADDRESS_PATTERNS.some((p) => gates.mayMatch(p) && ((p.lastIndex = 0), p.test(text)))) return false;
  const matches = signalMatches(text, gates);
  return matches.some((m) => m.kind === "address") && matches.every((m) => m.kind === "address" || m.kind === "you");
}

const ADDRESS_PATTERNS = SIGNAL_PATTERNS.filter((p) => p.kind === "address").map((p) => p.re);

function blocksOf(document: HandoffDocument): Block[] {
  const runs = textRuns(document);
  const ranges = document.format === "markdown" ? hiddenRanges(document.text) : [];
  const blocks: Block[] = [];
  let carry: { matches: SignalMatch[]; left: number } | undefined;
  for (const run of runs) {
    if (run.kind === "url") continue;
    const hiddenKind = run.hidden || run.kind === "alt" || run.kind === "title" || run.kind === "definition";
    HIDING_ELEMENT.lastIndex = 0;
    const hidingHtml = run.kind === "html" && HIDING_ELEMENT.test(run.raw);
    const touching = hiddenKind || ranges.length === 0 ? [] : rangesOverlapping(ranges, run.offset, run.normalized.endOffset);
    const parts = touching.length > 0 ? pieces(run, touching) : [{ normalized: run.normalized, range: undefined }];
    for (const part of parts) {
      if (part.normalized.text.trim() === "") continue;
      const hidden = hiddenKind || hidingHtml || part.range !== undefined;
      const where = hiddenKind || !part.range ? (hidingHtml && placeOf(run) === " in HTML" ? " in a hidden HTML element" : placeOf(run)) : part.range.where;
      const block: Block = { parts: [part.normalized], hidden, where, kind: run.kind, carried: [] };
      if (run.kind === "heading") {
        carry = AUTHORITY_HEADING.test(part.normalized.text)
          ? { matches: [{ kind: "authority", weight: 2, start: -1, end: -1, messageId: "heading" }], left: 2 }
          : undefined;
      } else if (carry && carry.left > 0) {
        block.carried = carry.matches;
        carry.left--;
      }
      // "1. Next AI session, listen carefully." / "Note to the assistant:" — an address with no ask
      // of its own speaks to what follows it.
      if (run.kind !== "heading" && addressOnly(part.normalized.text))
        carry = { matches: [...(carry?.left ? carry.matches : []), { kind: "address", weight: 2, start: -1, end: -1 }], left: 2 };
      const previous = blocks[blocks.length - 1];
      const tail = previous?.parts[previous.parts.length - 1]?.text.slice(-40) ?? "";
      const continues = previous && previous.parts.length < MAX_JOINED && !previous.hidden && !hidden && previous.kind === "text" && run.kind === "text";
      if (continues && CONTINUES.test(tail) && /^\s*[\p{Ll}\d]/u.test(part.normalized.text)) {
        previous.parts.push(part.normalized);
        continue;
      }
      blocks.push(block);
    }
  }
  return blocks;
}

/** The verdicts of one scored unit, one per family it belongs to. */
export function unitVerdicts(unit: ScoredUnit, normalized: NormalizedText, hidden: boolean, where: string): Verdict[] {
  const { signals } = unit;
  const out: Verdict[] = [];
  const make = (family: Family, start: number, end: number, messageId: string, severity?: Severity): void => {
    const verdict: Verdict = {
      family,
      normalized,
      start,
      end,
      where,
      hidden,
      score: unit.score,
      signals,
      messageId,
      data: { text: excerpt(normalized.text.slice(start, end)), signals: describe(signals) },
    };
    if (severity) verdict.severity = severity;
    out.push(verdict);
  };
  const own = (kind: SignalKind): SignalMatch | undefined => {
    const m = signals.get(kind);
    return m && m.start >= 0 ? m : undefined;
  };
  // The family follows the strongest ask (ties in this order); another family's ask is reported
  // too when it is strong on its own (4).
  const asks = (["override", "identity", "extraction", "concealment"] as const).map((kind) => own(kind));
  const weights = [...signals.values()].filter((m) => ASK_KINDS.has(m.kind)).map((m) => m.weight);
  const top = Math.max(...weights);
  const [override, identity, extraction, conceal] = asks;
  const leads = (m: SignalMatch | undefined): m is SignalMatch => m !== undefined && (m.weight === top || m.weight >= 4);
  if (leads(override)) make("override", override.start, override.end, override.messageId ?? "override", override.severity);
  else if (leads(conceal)) make("override", conceal.start, conceal.end, "conceal");
  if (leads(identity)) make("role", identity.start, identity.end, identity.messageId ?? "role", identity.severity);
  if (leads(extraction) && extraction.weight >= 4) make("extraction", extraction.start, extraction.end, "extraction");
  if (out.length > 0) return out;
  // No family of its own: the span runs from the first signal to the last, so the excerpt
  // shows whom it addresses and what it asks ("the assistant must delete the release tags").
  const spanned = [...signals.values()].filter((m) => m.start >= 0);
  const start = Math.min(...spanned.map((m) => m.start));
  const end = Math.max(...spanned.map((m) => m.end));
  if (signals.has("role-label") || signals.get("authority")?.messageId === "heading") make("voiced", start, end, "voiced");
  else if (hidden) make("hidden", start, end, "imperative");
  else make("directive", start, end, "directive");
  return out;
}

const cache = new WeakMap<HandoffDocument, readonly Verdict[]>();

/** Every verdict of `document`, in document order (cached per document). */
export function documentVerdicts(document: HandoffDocument): readonly Verdict[] {
  let verdicts = cache.get(document);
  if (!verdicts) {
    verdicts = blocksOf(document).flatMap((block) => {
      const normalized = join(block.parts);
      return scoreText(normalized.text, { hidden: block.hidden, carried: block.carried }).flatMap((unit) =>
        unitVerdicts(unit, normalized, block.hidden, block.where),
      );
    });
    cache.set(document, verdicts);
  }
  return verdicts;
}

/** Verdicts for a loose text (a decoded run, a URL parameter), normalized first. */
export function textVerdicts(text: string, options: { hidden: boolean; carried?: readonly SignalMatch[] }): Verdict[] {
  const normalized = normalizeText(text);
  return scoreText(normalized.text, options).flatMap((unit) => unitVerdicts(unit, normalized, options.hidden, ""));
}
