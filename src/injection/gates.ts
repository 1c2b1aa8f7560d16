/**
 * Prefilters of the scorer's signal patterns: for each regex, a condition on literal substrings
 * that every match of it contains (as in RE2's prefilter or Google Code Search's trigram query),
 * so a text that lacks them skips the regex without running — or compiling — it. V8 compiles a
 * regex on its first `exec`; the lexicon's patterns (case-insensitive, Unicode letter classes)
 * cost about a quarter of a second to compile all at once, and most texts need only a few.
 *
 * A gate is `true` (no condition), a literal (the text holds it), or `all`/`any` of gates. The
 * gates are computed from each pattern's syntax tree by `scripts/injection-gates.mjs` into
 * `gates.generated.ts`, keyed by {@link gateKey}; a pattern without an entry runs unconditionally.
 *
 * Case: literals and text are compared after {@link foldText}, which maps every character the
 * same way as every character a case-insensitive regex takes for it (`ſ` and `s`, `K` and `k`,
 * `ᲀ` and `в`); a test checks that on every code point.
 */
import { GATES } from "./gates.generated.js";

/** A condition on the literal substrings of a (folded) text. */
export type Gate = true | string | { readonly all: readonly Gate[] } | { readonly any: readonly Gate[] };

const foldCache = new Map<string, string>();

/**
 * One character (code point) folded for gate matching: upper-cased then lower-cased when upper
 * casing keeps it one character (so `ſ` → `s`, `ᲀ` → `в`), else lower-cased.
 */
export function foldChar(ch: string): string {
  let folded = foldCache.get(ch);
  if (folded === undefined) {
    const upper = ch.toUpperCase();
    folded = upper.length === ch.length ? upper.toLowerCase() : ch.toLowerCase();
    foldCache.set(ch, folded);
  }
  return folded;
}

/** `text` folded character by character ({@link foldChar}); ASCII text is simply lower-cased. */
export function foldText(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  let out = "";
  for (const ch of text) out += ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : foldChar(ch);
  return out;
}

/** The key of a regex in the gate table: FNV-1a (32 bit, base 36) of its flags, `/` and source. */
export function gateKey(re: RegExp): string {
  const s = `${re.flags}/${re.source}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

const table = GATES as Readonly<Record<string, Gate>>;
const byRegex = new WeakMap<RegExp, Gate>();

/** The gate of `re` (`true` when the table has none). */
export function gateOf(re: RegExp): Gate {
  let gate = byRegex.get(re);
  if (gate === undefined) {
    gate = table[gateKey(re)] ?? true;
    byRegex.set(re, gate);
  }
  return gate;
}

/** A text to test gates on: folded once, each literal looked up once. */
export class GateText {
  private readonly folded: string;
  private readonly seen = new Map<string, boolean>();

  constructor(text: string) {
    this.folded = foldText(text);
  }

  /** Whether `gate` holds on the text. */
  holds(gate: Gate): boolean {
    if (gate === true) return true;
    if (typeof gate === "string") {
      let found = this.seen.get(gate);
      if (found === undefined) {
        found = this.folded.includes(gate);
        this.seen.set(gate, found);
      }
      return found;
    }
    if ("all" in gate) return gate.all.every((g) => this.holds(g));
    return gate.any.some((g) => this.holds(g));
  }

  /** Whether `re` can match the text (false only when its gate rules every match out). */
  mayMatch(re: RegExp): boolean {
    return this.holds(gateOf(re));
  }
}
