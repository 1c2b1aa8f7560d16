/**
 * A trie of literal strings, by UTF-16 code unit, in flat typed arrays: its ASCII transitions sit
 * in one table by node and code, the others in an open-addressing hash table keyed by (node, code
 * unit), so a scan does no allocation and no Map lookups. {@link LiteralTrie.scan} finds every literal occurring in a text — overlapping ones too —
 * by walking the trie from each position; the walk from a position stops at the first code unit no
 * literal continues with, so a scan is linear in practice (bounded by the longest literal).
 */

/** Literals numbered in the order given; each number is its index in the constructor's list. */
export class LiteralTrie {
  /** Literal number ending at each node, -1 for none (node 0 is the root). */
  private readonly literalAt: Int32Array;
  /**
   * Child of each node by ASCII code at `node * 128 + code`, -1 for none: the common steps
   * without hashing (a few thousand nodes: about a megabyte as 16-bit numbers, 32-bit past 32 767 nodes).
   */
  private readonly ascii: Int16Array | Int32Array;
  private readonly slotNode: Int32Array;
  private readonly slotCode: Int32Array;
  private readonly slotChild: Int32Array;
  private readonly mask: number;
  /** How many literals there are. */
  readonly size: number;

  /** Builds the trie of `literals` (distinct strings; the empty string is never found). */
  constructor(literals: readonly string[]) {
    this.size = literals.length;
    const edges: Array<[number, number, number]> = [];
    const children = new Map<number, number>();
    const literalAt: number[] = [-1];
    literals.forEach((literal, number) => {
      let node = 0;
      for (let i = 0; i < literal.length; i++) {
        const key = node * 0x10000 + literal.charCodeAt(i);
        let child = children.get(key);
        if (child === undefined) {
          child = literalAt.length;
          literalAt.push(-1);
          children.set(key, child);
          edges.push([node, literal.charCodeAt(i), child]);
        }
        node = child;
      }
      if (node !== 0) literalAt[node] = number;
    });
    this.literalAt = Int32Array.from(literalAt);
    let slots = 16;
    while (slots < edges.length * 2) slots *= 2;
    this.mask = slots - 1;
    this.slotNode = new Int32Array(slots).fill(-1);
    this.slotCode = new Int32Array(slots);
    this.slotChild = new Int32Array(slots);
    const nodes = literalAt.length;
    this.ascii = (nodes <= 0x7fff ? new Int16Array(nodes * 128) : new Int32Array(nodes * 128)).fill(-1);
    for (const [node, code, child] of edges) {
      if (code < 128) this.ascii[node * 128 + code] = child;
      let slot = this.hash(node, code);
      while (this.slotNode[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slotNode[slot] = node;
      this.slotCode[slot] = code;
      this.slotChild[slot] = child;
    }
  }

  private hash(node: number, code: number): number {
    return (Math.imul(node, 0x9e3779b1) ^ Math.imul(code, 0x85ebca6b)) & this.mask;
  }

  /** The child of `node` on code unit `code`, -1 for none. */
  private child(node: number, code: number): number {
    if (code < 128) return this.ascii[node * 128 + code] as number;
    for (let slot = this.hash(node, code); ; slot = (slot + 1) & this.mask) {
      const at = this.slotNode[slot] as number;
      if (at === -1) return -1;
      if (at === node && this.slotCode[slot] === code) return this.slotChild[slot] as number;
    }
  }

  /**
   * Like {@link scan}, reporting each literal once: a literal whose mark in `seen` is `stamp` is
   * skipped; a literal found is marked with `stamp`, then `found` is called with it.
   */
  scanOnce(text: string, seen: Uint32Array, stamp: number, found: (literal: number) => void): void {
    const { literalAt } = this;
    for (let i = 0; i < text.length; i++) {
      let node = this.child(0, text.charCodeAt(i));
      for (let j = i + 1; node !== -1; j++) {
        const literal = literalAt[node] as number;
        if (literal !== -1 && seen[literal] !== stamp) {
          seen[literal] = stamp;
          found(literal);
        }
        node = j < text.length ? this.child(node, text.charCodeAt(j)) : -1;
      }
    }
  }

  /** Calls `found` with the number of each literal occurring in `text` (a literal may be reported more than once). */
  scan(text: string, found: (literal: number) => void): void {
    const { literalAt } = this;
    for (let i = 0; i < text.length; i++) {
      let node = this.child(0, text.charCodeAt(i));
      for (let j = i + 1; node !== -1; j++) {
        const literal = literalAt[node] as number;
        if (literal !== -1) found(literal);
        node = j < text.length ? this.child(node, text.charCodeAt(j)) : -1;
      }
    }
  }
}
