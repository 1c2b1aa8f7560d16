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
import { LiteralTrie } from "./literal-trie.js";

/** A condition on the literal substrings of a (folded) text. */
export type Gate = true | string | { readonly all: readonly Gate[] } | { readonly any: readonly Gate[] };

/**
 * `text` folded for gate matching: upper-cased, then lower-cased, then `ς` → `σ` and `ß` → `ss`.
 * Each step maps character by character (upper-casing has no context rules; the one context rule
 * of lower-casing, final sigma, is undone by the `ς` step), so the fold of a text is the folds of
 * its characters joined, and every character a case-insensitive pattern takes for another folds
 * alike (`ſ`/`s`, `K`/`k`, `ᲀ`/`в`, `ẞ`/`ß`).
 */
export function foldText(text: string): string {
  let folded = text.toUpperCase().toLowerCase();
  if (folded.includes("ς")) folded = folded.replaceAll("ς", "σ");
  if (folded.includes("ß")) folded = folded.replaceAll("ß", "ss");
  return folded;
}

/** One character (code point) folded: {@link foldText} of it. */
export function foldChar(ch: string): string {
  return foldText(ch);
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

/** The gate of `re` (`true` when the table has none). */
export function gateOf(re: RegExp): Gate {
  return table[gateKey(re)] ?? true;
}

/** A compiled gate: reads which literals (by number) the text holds. */
type Check = (found: Uint8Array) => boolean;

/** The table compiled: its literals' trie, each literal's gates, each gate's check. */
interface Compiled {
  trie: LiteralTrie;
  /** By literal number: the numbers of the gates that name it. */
  gatesOf: number[][];
  /** By gate number. */
  checks: Check[];
  /** Gate number by table key. */
  byKey: Map<string, number>;
}

let compiled: Compiled | undefined;

function compileTable(): Compiled {
  if (compiled) return compiled;
  const numbers = new Map<string, number>();
  const gatesOf: number[][] = [];
  const literal = (text: string, gate: number): number => {
    let n = numbers.get(text);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(text, n);
      gatesOf.push([]);
    }
    const of = gatesOf[n] as number[];
    if (of[of.length - 1] !== gate) of.push(gate);
    return n;
  };
  const compile = (gate: Gate, number: number): Check => {
    if (gate === true) return () => true;
    if (typeof gate === "string") {
      const n = literal(gate, number);
      return (found) => found[n] === 1;
    }
    const parts = "all" in gate ? gate.all : gate.any;
    const plain = parts.filter((g): g is string => typeof g === "string").map((g) => literal(g, number));
    const nested = parts.filter((g) => typeof g !== "string").map((g) => compile(g, number));
    if ("all" in gate) {
      return (found) => {
        for (const n of plain) if (found[n] !== 1) return false;
        for (const check of nested) if (!check(found)) return false;
        return true;
      };
    }
    return (found) => {
      for (const n of plain) if (found[n] === 1) return true;
      for (const check of nested) if (check(found)) return true;
      return false;
    };
  };
  const checks: Check[] = [];
  const byKey = new Map<string, number>();
  for (const [key, gate] of Object.entries(table)) {
    byKey.set(key, checks.length);
    checks.push(compile(gate, checks.length));
  }
  compiled = { trie: new LiteralTrie([...numbers.keys()]), gatesOf, checks, byKey };
  return compiled;
}

/** Gate number of each regex seen, -1 for none. */
const gateNumbers = new WeakMap<RegExp, number>();

/**
 * A text to test gates on: folded once and scanned once for the table's literals. Only a gate
 * naming a literal the text holds can hold, so the others are not evaluated.
 */
export class GateText {
  private readonly found: Uint8Array;
  private readonly candidates: Uint8Array;

  constructor(text: string) {
    const { trie, gatesOf, checks } = compileTable();
    const found = new Uint8Array(trie.size);
    const candidates = new Uint8Array(checks.length);
    trie.scan(foldText(text), (n) => {
      if (found[n] === 1) return;
      found[n] = 1;
      for (const g of gatesOf[n] as number[]) candidates[g] = 1;
    });
    this.found = found;
    this.candidates = candidates;
  }

  /** Whether `re` can match the text (false only when its gate rules every match out). */
  mayMatch(re: RegExp): boolean {
    let number = gateNumbers.get(re);
    if (number === undefined) {
      number = compileTable().byKey.get(gateKey(re)) ?? -1;
      gateNumbers.set(re, number);
    }
    if (number < 0) return true;
    return this.candidates[number] === 1 && (compiled as Compiled).checks[number]!(this.found);
  }
}
