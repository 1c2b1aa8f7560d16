#!/usr/bin/env node
/**
 * Writes src/3-check/injection/gates.generated.ts: for each signal pattern of the injection scorer (the
 * English and other-language lexicons, built in dist/ by `npm run build`), a gate — a condition on
 * literal substrings that every match of the pattern contains (see src/3-check/injection/gates.ts).
 *
 * The pattern is parsed with @eslint-community/regexpp; the gate is derived from its syntax tree
 * the way RE2's prefilter does it: each node yields either its exact set of (folded) strings, while
 * that set stays small, or a condition; a sequence needs every part's, an alternation any branch's,
 * and a part that may match the empty string (or a character class, a lookaround, `\b`) adds
 * nothing. Every step only weakens the condition, so a text failing the gate cannot match.
 *
 * `node scripts/injection-gates.mjs --check` exits 1 when the committed file differs from what it
 * would write.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseRegExpLiteral } from "@eslint-community/regexpp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "src/3-check/injection/gates.generated.ts");
const dist = (file) => import(pathToFileURL(path.join(root, "dist/src/3-check/injection", file)).href);

/** Largest exact set kept for a sequence, and for an alternation. */
const MAX_PRODUCT = 32;
const MAX_UNION = 64;
/** Largest character class taken as its exact set of characters. */
const MAX_CLASS = 16;

/** `any` of literals, `true` when one is empty; a literal containing another is dropped. */
function anyOf(strings) {
  const set = [...new Set(strings)];
  if (set.includes("")) return true;
  const minimal = set.filter((s) => !set.some((t) => t !== s && s.includes(t)));
  minimal.sort();
  return minimal.length === 1 ? minimal[0] : { any: minimal };
}

function all(gates) {
  const flat = [];
  for (const g of gates) {
    if (g === true) continue;
    if (typeof g === "object" && "all" in g) flat.push(...g.all);
    else flat.push(g);
  }
  const unique = [...new Map(flat.map((g) => [JSON.stringify(g), g])).values()];
  // A literal contained in another one of the same `all` says nothing more.
  const kept = unique.filter((g) => typeof g !== "string" || !unique.some((h) => typeof h === "string" && h !== g && h.includes(g)));
  return kept.length === 0 ? true : kept.length === 1 ? kept[0] : { all: kept };
}

function any(gates) {
  if (gates.some((g) => g === true)) return true;
  const flat = [];
  for (const g of gates) {
    if (typeof g === "object" && "any" in g) flat.push(...g.any);
    else flat.push(g);
  }
  const unique = [...new Map(flat.map((g) => [JSON.stringify(g), g])).values()];
  const kept = unique.filter((g) => typeof g !== "string" || !unique.some((h) => typeof h === "string" && h !== g && g.includes(h)));
  return kept.length === 1 ? kept[0] : { any: kept };
}

/** What is known of a node: its exact strings (folded), or else a gate. */
const EMPTY = { exact: [""] };
const UNKNOWN = { gate: true };

function gateOfInfo(info) {
  return info.exact ? anyOf(info.exact) : info.gate;
}

function product(a, b) {
  const out = [];
  for (const x of a) for (const y of b) out.push(x + y);
  return [...new Set(out)];
}

function alternation(alternatives, fold) {
  const infos = alternatives.map((a) => sequence(a.elements, fold));
  if (infos.every((i) => i.exact)) {
    const union = [...new Set(infos.flatMap((i) => i.exact))];
    if (union.length <= MAX_UNION) return { exact: union };
  }
  return { gate: any(infos.map(gateOfInfo)) };
}

function sequence(elements, fold) {
  const terms = [];
  let run = [""];
  for (const element of elements) {
    const info = node(element, fold);
    if (info.exact) {
      if (run.length * info.exact.length <= MAX_PRODUCT) run = product(run, info.exact);
      else {
        terms.push(anyOf(run));
        run = info.exact;
      }
    } else {
      terms.push(anyOf(run), info.gate);
      run = [""];
    }
  }
  if (terms.length === 0) return { exact: run };
  terms.push(anyOf(run));
  return { gate: all(terms) };
}

function classChars(element, fold) {
  if (element.negate) return undefined;
  const chars = [];
  for (const e of element.elements) {
    if (e.type === "Character") chars.push(e.value);
    else if (e.type === "CharacterClassRange" && e.max.value - e.min.value < MAX_CLASS) {
      for (let cp = e.min.value; cp <= e.max.value; cp++) chars.push(cp);
    } else return undefined;
    if (chars.length > MAX_CLASS) return undefined;
  }
  return [...new Set(chars.map((cp) => fold(String.fromCodePoint(cp))))];
}

function node(n, fold) {
  switch (n.type) {
    case "Character":
      return { exact: [fold(String.fromCodePoint(n.value))] };
    case "CharacterClass": {
      const chars = classChars(n, fold);
      return chars && chars.length > 0 ? { exact: chars } : UNKNOWN;
    }
    case "Assertion":
      return EMPTY;
    case "Group":
    case "CapturingGroup":
      return alternation(n.alternatives, fold);
    case "Quantifier": {
      const inner = node(n.element, fold);
      if (n.min === 0) return n.max === 1 && inner.exact ? { exact: [...new Set(["", ...inner.exact])] } : UNKNOWN;
      if (inner.exact && n.min === n.max && inner.exact.length ** n.min <= MAX_PRODUCT) {
        let out = [""];
        for (let i = 0; i < n.min; i++) out = product(out, inner.exact);
        return { exact: out };
      }
      return { gate: gateOfInfo(inner) };
    }
    default:
      // Character sets (`\s`, `.`, `\p{L}`), backreferences: any character, no literal.
      return UNKNOWN;
  }
}

/** The gate of regex `re`, literals folded with `fold`. */
export function gateOfRegex(re, fold) {
  const ast = parseRegExpLiteral(re);
  return gateOfInfo(alternation(ast.pattern.alternatives, fold));
}

/** Every regex the scorer runs: single patterns, then both halves of each pair. */
export async function scorerRegexes() {
  const lexicon = await dist("lexicon.js");
  const languages = await dist("lexicon-languages.js");
  return [
    ...lexicon.SIGNAL_PATTERNS.map((p) => p.re),
    ...languages.LANGUAGE_PATTERNS.map((p) => p.re),
    ...[...lexicon.PAIR_PATTERNS, ...languages.LANGUAGE_PAIRS].flatMap((p) => [p.first, p.second]),
  ];
}

async function render() {
  const { foldChar, gateKey } = await dist("gates.js");
  const lines = [];
  for (const re of await scorerRegexes()) {
    const gate = gateOfRegex(re, foldChar);
    if (gate !== true) lines.push(`  ${JSON.stringify(gateKey(re))}: ${JSON.stringify(gate)},`);
  }
  return [
    "/**",
    " * Gates of the injection scorer's signal patterns, by `gateKey` (see gates.ts).",
    " * Generated by scripts/injection-gates.mjs from the built lexicon; do not edit.",
    " */",
    "",
    "/** Gate of each pattern that has one, by key. */",
    "export const GATES: Readonly<Record<string, unknown>> = {",
    ...lines,
    "};",
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await render();
  if (process.argv.includes("--check")) {
    if (readFileSync(target, "utf8") !== text) {
      process.stdout.write(`${path.relative(root, target)} is stale: run node scripts/injection-gates.mjs\n`);
      process.exitCode = 1;
    }
  } else writeFileSync(target, text);
}
