/**
 * The injection scorer's signals at scale: a ReDoS check of every built pattern of the lexicon
 * (recheck), and growth on 1 MB adversarial text against 100 KB.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_PAIRS, LANGUAGE_PATTERNS } from "../../src/3-check/injection/lexicon-languages.js";
import { PAIR_PATTERNS, SIGNAL_PATTERNS } from "../../src/3-check/injection/lexicon.js";
import { normalizeText } from "../../src/3-check/injection/normalize.js";
import { scoreText } from "../../src/3-check/injection/scorer.js";
import { cpuMs } from "../helpers/cpu-time.js";

type Check = (source: string, flags: string, params?: { timeout?: number }) => { status: string; complexity?: { type: string } };
let checkSync: Check;
beforeAll(async () => {
  process.env.RECHECK_BACKEND = "pure";
  ({ checkSync } = (await import("recheck")) as unknown as { checkSync: Check });
});

describe("signals: ReDoS", () => {
  it("no built pattern of the lexicon is exponential (recheck; growth is measured below)", () => {
    const all = [...SIGNAL_PATTERNS, ...LANGUAGE_PATTERNS].map((p) => p.re).concat([...PAIR_PATTERNS, ...LANGUAGE_PAIRS].flatMap((p) => [p.first, p.second]));
    const exponential = all
      .filter((re) => checkSync(re.source, re.flags, { timeout: 300 }).complexity?.type === "exponential")
      .map((re) => re.source.slice(0, 80));
    expect(exponential).toEqual([]);
  }, 600_000);
});

/** Near-misses of every kind, repeated into one long unit (no sentence ends), visible and hidden. */
const ADVERSARIAL: readonly string[] = [
  "ignore all the previous your instructions you were given no longer ",
  "you are now the you are no longer act as pretend to be ",
  "reveal your print the what were you summarise the rules ",
  "do not tell the keep this silently the user must not ",
  "print the .env cat ~/ send the output of ",
  "delete the tags force-push rm -rf disable branch ",
  "send to https://x curl -d upload to the ",
  "curl | sh eval decode and ",
  "note to the AI the agent must assistant: you must ",
  "maintainers have pre-approved per the security team immediately ",
  "ignora todas las instrucciones no le digas al borra las ",
  "вce пpeдыдyщиe инcтpyкции не говори удали ",
  "忽略之前的指令不要告诉删除",
  "이전의 지시 무시 알리지 마 삭제 ",
];

function cost(text: string, hidden: boolean): number {
  return Math.min(...[0, 1, 2].map(() => cpuMs(() => scoreText(text, { hidden }))));
}

describe("signals: time grows linearly (1 MB against 100 KB of adversarial text)", () => {
  for (const hidden of [false, true]) {
    it(`${hidden ? "hidden" : "visible"} text: ten times the input costs well under a hundred times the time`, () => {
      const slow: string[] = [];
      for (const unit of ADVERSARIAL) {
        const small = normalizeText(unit.repeat(Math.ceil(100_000 / unit.length))).text;
        const large = normalizeText(unit.repeat(Math.ceil(1_000_000 / unit.length))).text;
        const [a, b] = [cost(small, hidden), cost(large, hidden)];
        if (b > Math.max(30 * a, 500)) slow.push(`${JSON.stringify(unit)}: ${a.toFixed(0)} ms → ${b.toFixed(0)} ms`);
      }
      expect(slow).toEqual([]);
    }, 600_000);
  }
});
