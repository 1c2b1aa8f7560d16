/**
 * Finding #17 of the attacker's review (#32): the allowlist must not drop real tokens. A vendor
 * token is a placeholder only when it says so (a template, a documentation word) or is at least a
 * quarter typed-in filler; a table row is an assignment; a value written with escapes is read
 * decoded. What lint reports, the MCP write gate refuses.
 */
import { describe, expect, it } from "vitest";
import { placeholderShare } from "../../src/3-check/secrets/allowlist.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { TOOL_HANDLERS } from "../../src/6-front-ends/mcp/tools.js";
import { canaries } from "../helpers/canaries.js";
import { createRepo } from "../helpers/git-repo.js";

const session = createSession({ cwd: "/", config: {}, now: new Date("2026-06-01T00:00:00Z") });
const detectors = (name: string, text: string) =>
  lintText(name, text, session)
    .diagnostics.filter((d) => d.ruleId === "no-secrets")
    .map((d) => `${d.line}:${d.column} ${/detector ([\w-]+)/.exec(d.message)?.[1]}`);

describe("#17 real tokens the allowlist used to drop", () => {
  it.each([
    ["a GitHub token holding 12345", "ghp_a8Kx12345LmQ9zT3vB7nW2cR5yU0pE4sH6jD", "github-token"],
    ["a GitHub token holding xxxxx", "ghp_a8KxxxxxLmQ9zT3vB7nW2cR5yU0pE4sH6jD12", "github-token"],
    ["a Stripe key ending in 12345", "sk_live_4eC39HqLyjWDarjtT1zdp7dc12345", "stripe-secret-key"],
  ])("%s is reported", (_name, token, detector) => {
    expect(detectors("t.md", `# Handoff\n\nUse ${token} for the deploy.\n`)).toEqual([`3:5 ${detector}`]);
  });

  it.each([
    ["all filler", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    ["AWS's documented example", "AKIAIOSFODNN7EXAMPLE"],
    ["a typed sequence", "xoxb-1234567890-abcdefghijklmnop"],
    ["a template", "ghp_${GITHUB_TOKEN_VALUE_FROM_VAULT_12}"],
  ])("a placeholder (%s) is not", (_name, token) => {
    expect(detectors("t.md", `# Handoff\n\nUse ${token} for the deploy.\n`)).toEqual([]);
  });

  it("the filler share: runs of one character, ascending runs and repeated units", () => {
    expect(placeholderShare("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).toBeCloseTo(0.9, 5);
    expect(placeholderShare("abcabcabcZ")).toBeCloseTo(0.9, 5);
    expect(placeholderShare("a8Kx12345L")).toBeCloseTo(0.5, 5);
    expect(placeholderShare("Zq8vR2mT5k")).toBe(0);
  });

  it("an AWS secret in a table row, next to the key that names it", () => {
    const secret = "Zq8vR2mT5kL9pW3nB7xC1dF6gH4jK0sA2eY8uI5o";
    expect(detectors("t.md", `# Handoff\n\n| name | value |\n| --- | --- |\n| AWS_SECRET_ACCESS_KEY | \`${secret}\` |\n`)).toEqual([
      "5:28 aws-secret-access-key",
    ]);
    expect(detectors("t.md", `# Handoff\n\n| name | value |\n| --- | --- |\n| region | eu-west-1-central-zone |\n`)).toEqual([]);
  });

  it("values written with escapes: YAML \\x, TOML and JSON \\u", () => {
    const rest = canaries.github.slice(1);
    expect(detectors("a.md", `---\nowner: "\\x67${rest}"\n---\n# H\n`)).toEqual(["2:8 github-token"]);
    expect(detectors("b.md", `+++\ntoken = "\\u0067${rest}"\n+++\n# H\n`)).toEqual(["2:9 github-token"]);
    expect(detectors("c.json", `{"directive": "x", "token": "\\u0067${rest}"}\n`)).toEqual(["1:29 github-token"]);
  });

  it("the MCP write gate refuses an escaped token as lint reports it", async () => {
    const repo = createRepo("handoffkit-allowlist-");
    try {
      const content = `---\nowner: "\\x67${canaries.github.slice(1)}"\n---\n# HANDOFF demo 20260301T1000Z\n\n## Goal\n\nShip.\n`;
      const out = await TOOL_HANDLERS.handoff_write!({ content, profile: "contract" }, { cwd: repo.root, env: { HANDOFF_EPHEMERAL: "0" } });
      expect(out.structured.status).toBe("refused");
      expect(JSON.stringify(out)).not.toContain(canaries.github.slice(4));
    } finally {
      repo.remove();
    }
  });
});
