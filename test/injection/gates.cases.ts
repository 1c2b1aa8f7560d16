/**
 * What the gate tests (./gates.test.ts, ./gates.extra.test.ts) share: every pattern of the
 * injection lexicon, and the matches of those patterns in a text that fail their gate.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { GateText } from "../../src/3-check/injection/gates.js";
import { LANGUAGE_PAIRS, LANGUAGE_PATTERNS } from "../../src/3-check/injection/lexicon-languages.js";
import { PAIR_PATTERNS, SIGNAL_PATTERNS } from "../../src/3-check/injection/lexicon.js";

/** Every pattern of the lexicon: signals, language patterns and both halves of every pair. */
export const REGEXES: readonly RegExp[] = [
  ...SIGNAL_PATTERNS.map((p) => p.re),
  ...LANGUAGE_PATTERNS.map((p) => p.re),
  ...[...PAIR_PATTERNS, ...LANGUAGE_PAIRS].flatMap((p) => [p.first, p.second]),
];

/** The patterns' matches in `text` that fail their gate (pattern index and matched text). */
export function gateMisses(text: string): string[] {
  const misses: string[] = [];
  REGEXES.forEach((re, i) => {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (m[0] !== "" && !new GateText(m[0]).mayMatch(re)) misses.push(`#${i} ${JSON.stringify(m[0])}`);
    }
  });
  return misses;
}

/** The files under `dir` that `keep` keeps, depth first. */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file, keep) : keep(file) ? [file] : [];
  });
}
