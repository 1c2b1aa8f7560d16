/**
 * Canary secrets through the `handoffkit/markdownlint` custom rules: inside markdownlint's own
 * `lint()` and inside markdownlint-cli2, no finding of ours may hold a piece of a canary (the
 * engine masks before a result reaches the adapter). markdownlint's own rules are off here: its
 * MD034 quotes a URL as written and no custom rule can change that (README, "Secrets").
 */
import { lint } from "markdownlint/sync";
import { describe, expect, it } from "vitest";
import { markdownlintRules } from "../../src/6-front-ends/markdownlint/custom-rules.js";
import { canaries, canaryMarkdown, leaks } from "../helpers/canaries.js";
import { runMarkdownlintCli2 } from "../helpers/markdownlint-cli2.js";
/** Every handoffkit rule on (by their shared tag), markdownlint's own off. */
const CONFIG = { default: false, handoffkit: true };

describe("canary secrets through the markdownlint custom rules", () => {
  it("markdownlint's lint() reports our findings on the canary handoff, every one masked", () => {
    const errors = lint({ strings: { doc: canaryMarkdown }, customRules: markdownlintRules, config: CONFIG }).doc ?? [];
    const details = errors.map((e) => `${e.ruleNames.join("/")} ${e.errorDetail ?? ""} ${e.errorContext ?? ""}`);
    // The expiry rule quotes the token it cannot read as a date; duplicate-section quotes the heading.
    expect(details.filter((d) => d.startsWith("HK012/expiry"))).toEqual([
      `HK012/expiry 'created' "${canaries.dateToken.slice(0, 4)}…(40 chars)" is not an ISO-8601 date such as 2026-03-01T10:00:00Z (frontmatter line 3) `,
    ]);
    expect(details.filter((d) => d.startsWith("HK006/duplicate-section"))).toEqual([
      `HK006/duplicate-section Duplicate section 'Rotate ${canaries.heading.slice(0, 4)}…(35 chars)' (first on line 37) `,
    ]);
    // 12, not the CLI's 13: markdownlint hands custom rules the text with HTML comments blanked, so
    // the bearer token inside one is neither seen nor printed.
    expect(details.filter((d) => d.startsWith("HK020/no-secrets"))).toHaveLength(17);
    expect(leaks(JSON.stringify(errors))).toEqual([]);
  });

  it("markdownlint-cli2 running handoffkit/markdownlint prints no canary", () => {
    const config = JSON.stringify({ customRules: ["handoffkit/markdownlint"], config: CONFIG });
    const run = runMarkdownlintCli2({ "HANDOFF-canary.md": canaryMarkdown, ".markdownlint-cli2.jsonc": config }, ["HANDOFF-canary.md"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`HANDOFF-canary.md:10 error HK012/expiry`);
    expect(run.stderr).toContain(`['created' "${canaries.dateToken.slice(0, 4)}…(40 chars)" is not an ISO-8601 date`);
    expect(run.stderr.split("\n").filter((line) => line.includes(" HK020/no-secrets "))).toHaveLength(17);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });
});
