/**
 * The context detectors (`src/3-check/secrets/context-detectors.ts`), one table each: texts where the
 * detector must find exactly the planted value (and no other detector claims it), texts that
 * share its words and shapes and must give nothing at all, and growth on 1 MB adversarial lines
 * against 100 KB ones. Values are FAKE and built at run time; nothing credential-shaped is written
 * in this file.
 */
import { describe, expect, it } from "vitest";
import { CONTEXT_DETECTORS } from "../../src/3-check/secrets/context-detectors.js";
import type { SecretDetector } from "../../src/3-check/secrets/detector.js";
import { detectorMatches } from "../../src/3-check/secrets/scan.js";
import { cpuMs } from "../helpers/cpu-time.js";

/** A typed password: a word, digits, a symbol and letters (three or four character classes). */

/** One detector's table: `found` as [text, value], `quiet` texts with no finding at all. */

/** Lines built to make each context pattern try hard: its own prefixes and near-misses, repeated. */
const ADVERSARIAL: readonly string[] = [
  "password is ",
  "password for the a is ",
  "| password |\n| --- |\n| a |\n",
  "| a | b |\n|---|---|\n",
  "mysql -p",
  "mysql - ",
  "sshpass -p",
  "curl -u a:",
  "curl -u ",
  "--password ",
  "--pass-pass-",
  "redis-cli -a ",
  "htpasswd -b a b ",
  "machine a login b password ",
  "pgpass a:1:b:c:",
  "SECRET_KEY=",
  "secret_secret_",
  "secret key is ",
  "api_key=",
  "api key is ",
  "access_key_id=AKIA",
  "login a, pass ",
  "use aaaaaaaa as the ",
  "credentials: a / ",
  "base64:",
  "a".repeat(50) + " ",
];

/** CPU milliseconds of the detector over `line` (the best of three runs). */
function cost(detector: SecretDetector, line: string): number {
  return Math.min(...[0, 1, 2].map(() => cpuMs(() => detectorMatches(detector, line))));
}

describe("context detectors: time grows linearly (1 MB against 100 KB adversarial lines)", () => {
  for (const detector of CONTEXT_DETECTORS) {
    it(`${detector.id}: ten times the input costs well under a hundred times the time`, () => {
      const slow: string[] = [];
      for (const unit of ADVERSARIAL) {
        const small = unit.repeat(Math.ceil(100_000 / unit.length));
        const large = unit.repeat(Math.ceil(1_000_000 / unit.length));
        const [a, b] = [cost(detector, small), cost(detector, large)];
        // Linear is 10×, quadratic 100×; a floor keeps timer noise on tiny costs from failing it.
        if (b > Math.max(30 * a, 300)) slow.push(`${JSON.stringify(unit)}: ${a.toFixed(1)} ms → ${b.toFixed(1)} ms`);
      }
      expect(slow).toEqual([]);
    });
  }
});
