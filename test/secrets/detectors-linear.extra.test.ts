/**
 * Every detector's pattern is linear-time or bounded, judged by growth: the CPU time of a scan of
 * a 1 MB adversarial line against one of 100 KB (linear is ~10×; a backtracking pattern grows
 * 100× or more). The lines are built before anything is timed.
 */
import { describe, expect, it } from "vitest";
import { SECRET_DETECTORS } from "../../src/3-check/secrets/detectors.js";
import { detectorMatches } from "../../src/3-check/secrets/scan.js";
import { ALPHABETS, randomStrings } from "./labelled.js";
import { describeGrowth, measureGrowth } from "../helpers/cpu-time.js";

const MB = 1_000_000;

/** Single lines of `size` characters built to make a backtracking pattern try hard: long runs right after prefixes. */
function adversarialLines(size: number): Array<[string, string]> {
  const fill = (unit: string, prefix = ""): string => prefix + unit.repeat(Math.ceil((size - prefix.length) / unit.length));
  const r = randomStrings(99);
  return [
    ["one letter", fill("a")],
    ["random base64", r(ALPHABETS.b64, size)],
    ["random url-safe", r(ALPHABETS.url, size)],
    ["pem header then base64", fill("A", "-----BEGIN RSA PRIVATE KEY-----\n")],
    ["pem headers repeated", fill("-----BEGIN PRIVATE KEY-----")],
    ["pem header fields repeated", fill("Proc-Type: 4,ENCRYPTED\n", "-----BEGIN RSA PRIVATE KEY-----")],
    ["password= then a run", fill("a", "password=")],
    ["credential keys repeated", fill("api_token_secret_password_")],
    ["assignments repeated", fill("token=")],
    ["scheme then userinfo", fill("a", "postgres://")],
    ["userinfo pairs", fill("a:", "https://")],
    ["schemes repeated", fill("x://a:")],
    ["jwt prefix repeated", fill("eyJ")],
    ["jwt segments", fill("eyJaaaaaaaaaa.")],
    ["dsn keys repeated", fill("host=a ")],
    ["aws prefix repeated", fill("AKIA")],
    ["aws secret keys repeated", fill("aws_secret_access_key=")],
    ["authorization repeated", fill("Authorization: Bearer ")],
    ["bearer then a run", fill("a", "Authorization: Bearer ")],
    ["github prefixes", fill("ghp_")],
    ["anthropic prefix", fill("a", "sk-ant-api03-")],
    ["openai prefixes", fill("sk-proj-")],
    ["azure secret shape", fill("abc1Q~")],
    ["sas signatures", fill("?sig=")],
    ["connection strings", fill("Password=a")],
    ["slack webhooks", fill("hooks.slack.com/services/")],
    ["hex run", fill("0123456789abcdef")],
  ];
}

describe("every detector pattern is linear-time or bounded", () => {
  const small = adversarialLines(MB / 10);
  const large = adversarialLines(MB);
  it("builds the same adversarial lines at 100 KB and 1 MB", () => {
    expect(large.map(([name]) => name)).toEqual(small.map(([name]) => name));
    expect(large.map(([, line]) => line.length >= MB)).not.toContain(false);
  });
  for (const detector of SECRET_DETECTORS) {
    it(`${detector.id}: a scan of each 1 MB adversarial line grows like the line, not faster`, () => {
      const slow: string[] = [];
      large.forEach(([name, line], index) => {
        const smallLine = small[index]?.[1] ?? "";
        const growth = measureGrowth(
          () => detectorMatches(detector, smallLine),
          () => detectorMatches(detector, line),
        );
        if (growth.largeMs > growth.limitMs) slow.push(`${name}: ${describeGrowth(growth)}`);
      });
      expect(slow).toEqual([]);
    });
  }
});
