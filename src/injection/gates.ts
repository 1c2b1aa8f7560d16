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

/**
 * A compiled gate: reads which literals (by number) and which `any` gates (by number) the text
 * holds — those whose mark equals the text's `stamp`.
 */
type Check = (found: Uint32Array, anyFound: Uint32Array, stamp: number) => boolean;

/** The table compiled: its literals' trie, each literal's gates, each gate's check. */
interface Compiled {
  trie: LiteralTrie;
  /** By literal number: the numbers of the gates that name it. */
  gatesOf: number[][];
  /** By literal number: the numbers of the `any` gates (at any depth) that list it directly. */
  anysOf: number[][];
  /** By gate number. */
  checks: Check[];
  /** Gate number by table key. */
  byKey: Map<string, number>;
  /**
   * Marks shared by every {@link GateText}, so a text costs no allocation: the stamp of the last
   * text that holds each literal, of each gate that names a literal it holds, of each `any` gate
   * one of whose literals it holds.
   */
  found: Uint32Array;
  candidates: Uint32Array;
  anyFound: Uint32Array;
  /** The stamp of the text the marks are of (0: none). */
  stamp: number;
}

let compiled: Compiled | undefined;

function compileTable(): Compiled {
  if (compiled) return compiled;
  const numbers = new Map<string, number>();
  const gatesOf: number[][] = [];
  const anysOf: number[][] = [];
  let anyCount = 0;
  const literal = (text: string, gate: number): number => {
    let n = numbers.get(text);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(text, n);
      gatesOf.push([]);
      anysOf.push([]);
    }
    const of = gatesOf[n] as number[];
    if (of[of.length - 1] !== gate) of.push(gate);
    return n;
  };
  const compile = (gate: Gate, number: number): Check => {
    if (gate === true) return () => true;
    if (typeof gate === "string") {
      const n = literal(gate, number);
      return (found, _anyFound, stamp) => found[n] === stamp;
    }
    const parts = "all" in gate ? gate.all : gate.any;
    const plain = parts.filter((g): g is string => typeof g === "string").map((g) => literal(g, number));
    const nested = parts.filter((g) => typeof g !== "string").map((g) => compile(g, number));
    if ("all" in gate) {
      return (found, anyFound, stamp) => {
        for (const n of plain) if (found[n] !== stamp) return false;
        for (const check of nested) if (!check(found, anyFound, stamp)) return false;
        return true;
      };
    }
    // An `any` gate holds when one of its literals was found (marked during the scan, so a long
    // word list is not read again per text) or one of its nested gates holds.
    const id = anyCount++;
    for (const n of plain) {
      const of = anysOf[n] as number[];
      if (of[of.length - 1] !== id) of.push(id);
    }
    return (found, anyFound, stamp) => {
      if (anyFound[id] === stamp) return true;
      for (const check of nested) if (check(found, anyFound, stamp)) return true;
      return false;
    };
  };
  const checks: Check[] = [];
  const byKey = new Map<string, number>();
  for (const [key, gate] of Object.entries(table)) {
    byKey.set(key, checks.length);
    checks.push(compile(gate, checks.length));
  }
  compiled = {
    trie: new LiteralTrie([...numbers.keys()]),
    gatesOf,
    anysOf,
    checks,
    byKey,
    found: new Uint32Array(numbers.size),
    candidates: new Uint32Array(checks.length),
    anyFound: new Uint32Array(anyCount),
    stamp: 0,
  };
  return compiled;
}

/** Gate number of each regex seen, -1 for none. */
const gateNumbers = new WeakMap<RegExp, number>();

/** The last stamp given to a text (stamps are never reused while the marks could hold them). */
let lastStamp = 0;

/**
 * A text to test gates on: folded once and scanned once for the table's literals. Only a gate
 * naming a literal the text holds can hold, so the others are not evaluated.
 *
 * The scan's marks live in buffers shared by all texts; the text of the newest `GateText` owns
 * them. An older one asked again scans its text again, so answers never depend on the order of
 * use (the scorer uses one text at a time, so that never happens there).
 */
export class GateText {
  /** The text scanned. */
  readonly text: string;
  private stamp = 0;

  constructor(text: string) {
    this.text = text;
    this.scan();
  }

  private scan(): Compiled {
    const table = compileTable();
    if (lastStamp === 0xffffffff) {
      table.found.fill(0);
      table.candidates.fill(0);
      table.anyFound.fill(0);
      lastStamp = 0;
    }
    const stamp = ++lastStamp;
    const { gatesOf, anysOf, found, candidates, anyFound } = table;
    table.trie.scanOnce(foldText(this.text), found, stamp, (n) => {
      for (const g of gatesOf[n] as number[]) candidates[g] = stamp;
      for (const a of anysOf[n] as number[]) anyFound[a] = stamp;
    });
    table.stamp = stamp;
    this.stamp = stamp;
    return table;
  }

  /** Whether `re` can match the text (false only when its gate rules every match out). */
  mayMatch(re: RegExp): boolean {
    let number = gateNumbers.get(re);
    let table = compileTable();
    if (number === undefined) {
      number = table.byKey.get(gateKey(re)) ?? -1;
      gateNumbers.set(re, number);
    }
    if (number < 0) return true;
    if (table.stamp !== this.stamp) table = this.scan();
    const { stamp } = this;
    return table.candidates[number] === stamp && table.checks[number]!(table.found, table.anyFound, stamp);
  }
}

let latest: GateText | undefined;

/**
 * The {@link GateText} of `text`: the one made last when it is of the same text (a short block
 * is scanned once for the vocative test and again for scoring otherwise), else a new one.
 */
export function gateTextOf(text: string): GateText {
  if (latest?.text !== text) latest = new GateText(text);
  return latest;
}
