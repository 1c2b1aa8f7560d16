import { describe, expect, it } from "vitest";
import { SECRET_DETECTORS } from "../../src/secrets/detectors.js";
import { detectorMatches } from "../../src/secrets/scan.js";
import { ALPHABETS, randomStrings } from "./labelled.js";
import { cpuMs } from "../helpers/cpu-time.js";

const MB = 1_000_000;
const fill = (unit: string, prefix = ""): string => prefix + unit.repeat(Math.ceil((MB - prefix.length) / unit.length));

/** 1 MB single lines built to make a backtracking pattern try hard: long runs right after prefixes. */
function adversarialLines(): Array<[string, string]> {
  const r = randomStrings(99);
  const lines: Array<[string, string]> = [
    ["one letter", fill("a")],
    ["random base64", r(ALPHABETS.b64, MB)],
    ["random url-safe", r(ALPHABETS.url, MB)],
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
  return lines;
}

describe("every detector pattern is linear-time or bounded", () => {
  const lines = adversarialLines();
  for (const detector of SECRET_DETECTORS) {
    it(`${detector.id} finishes each 1 MB adversarial line in under 1000 ms of CPU time`, () => {
      const slow: string[] = [];
      for (const [name, line] of lines) {
        const elapsed = cpuMs(() => detectorMatches(detector, line));
        if (elapsed >= 1000) slow.push(`${name}: ${Math.round(elapsed)} ms`);
      }
      expect(slow).toEqual([]);
    });
  }
});
