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
 * The table compiled. Every `all`/`any` of every gate is a node; a text's scan reports each
 * literal it holds once, which counts for the nodes listing it; a node that holds (`any`: one
 * part, `all`: every part) counts for the node it is part of. So a text costs the literals it
 * holds, however long the word lists of the gates.
 */
interface Compiled {
  trie: LiteralTrie;
  /** By literal number: the nodes that list it (each once). */
  literalParents: number[][];
  /** By node: the node it is part of, -1 for a gate's own. */
  nodeParent: Int32Array;
  /** By node: how many of its parts must hold (1 for `any`). */
  need: Int32Array;
  /** Node of each gate, by table key. */
  byKey: Map<string, number>;
  /**
   * Marks shared by every {@link GateText}, so a text costs no allocation: the stamp of the last
   * text that holds each literal; each node's count of parts that hold, valid when its
   * `countStamp` is the text's; the stamp of the last text for which each node holds.
   */
  found: Uint32Array;
  count: Int32Array;
  countStamp: Uint32Array;
  holds: Uint32Array;
  /** The stamp of the text the marks are of (0: none). */
  stamp: number;
}

let compiled: Compiled | undefined;

function containsTrue(gate: Gate): boolean {
  if (gate === true) return true;
  if (typeof gate === "string") return false;
  return ("all" in gate ? gate.all : gate.any).some(containsTrue);
}

function compileTable(): Compiled {
  if (compiled) return compiled;
  const numbers = new Map<string, number>();
  const literalParents: number[][] = [];
  const nodeParent: number[] = [];
  const need: number[] = [];
  const literal = (text: string, node: number): void => {
    let n = numbers.get(text);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(text, n);
      literalParents.push([]);
    }
    const of = literalParents[n] as number[];
    if (!of.includes(node)) of.push(node);
  };
  const compile = (gate: Exclude<Gate, true>, parent: number): number => {
    const node = need.length;
    nodeParent.push(parent);
    need.push(0);
    const parts = typeof gate === "string" ? [gate] : "all" in gate ? gate.all : gate.any;
    // A literal listed twice in one node counts once.
    const distinct = [...new Set(parts as ReadonlyArray<Exclude<Gate, true>>)];
    for (const part of distinct) {
      if (typeof part === "string") literal(part, node);
      else compile(part, node);
    }
    need[node] = typeof gate !== "string" && "all" in gate ? distinct.length : 1;
    return node;
  };
  const byKey = new Map<string, number>();
  for (const [key, gate] of Object.entries(table)) {
    // A gate with an unconditional part is not compiled: its regex runs on every text.
    if (!containsTrue(gate)) byKey.set(key, compile(gate as Exclude<Gate, true>, -1));
  }
  const nodes = need.length;
  compiled = {
    trie: new LiteralTrie([...numbers.keys()]),
    literalParents,
    nodeParent: Int32Array.from(nodeParent),
    need: Int32Array.from(need),
    byKey,
    found: new Uint32Array(numbers.size),
    count: new Int32Array(nodes),
    countStamp: new Uint32Array(nodes),
    holds: new Uint32Array(nodes),
    stamp: 0,
  };
  return compiled;
}

/** Gate node of each regex seen, -1 for none. */
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
      table.countStamp.fill(0);
      table.holds.fill(0);
      lastStamp = 0;
    }
    const stamp = ++lastStamp;
    const { literalParents, nodeParent, need, found, count, countStamp, holds } = table;
    // One more part of `node` holds; when that makes the node hold, so does one more of its parent's.
    const partHolds = (node: number): void => {
      for (let at = node; at >= 0; at = nodeParent[at] as number) {
        const c = countStamp[at] === stamp ? (count[at] as number) + 1 : 1;
        count[at] = c;
        countStamp[at] = stamp;
        if (c !== need[at]) return;
        holds[at] = stamp;
      }
    };
    table.trie.scanOnce(foldText(this.text), found, stamp, (n) => {
      for (const node of literalParents[n] as number[]) partHolds(node);
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
    return table.holds[number] === this.stamp;
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
