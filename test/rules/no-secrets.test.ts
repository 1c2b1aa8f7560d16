import { describe, expect, it } from "vitest";
import { noSecrets } from "../../rules/no-secrets.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";
import { rawResult } from "../helpers/raw-result.js";
import { findings, ruleCases } from "../helpers/rule-tester.js";

// Fake values, built at run time so the repository holds no token-shaped string.
const r = randomStrings(4242);
const github = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;
const stripe = `sk_live_FAKE${r(ALPHABETS.b62, 24)}`;
const aws = `AKIAFAKE${r(ALPHABETS.b32, 12)}`;
const password = `Fk${r(ALPHABETS.b62, 14)}`;
const ghMessage = `GitHub token in the handoff (ghp_…(40 chars), detector github-token): say where to get the credential, never write it down`;

describe("no-secrets", () => {
  ruleCases(noSecrets, [
    {
      name: "reports a token in the body at its exact place, masked in the message",
      text: `# Handoff\n\nThe bot token is ${github} for now.\n`,
      expected: [`3:18 error ${ghMessage}`],
    },
    {
      name: "reports a token in inline code, a fenced block, an HTML comment and a link URL",
      text: `# H\n\n\`${aws}\`\n\n\`\`\`sh\nexport GH=${github}\n\`\`\`\n\n<!-- ${stripe} -->\n\n[db](postgres://app:${password}@db.internal/app)\n`,
      expected: [
        "3:2 error AWS access key id in the handoff (AKIA…(20 chars), detector aws-access-key-id): say where to get the credential, never write it down",
        `6:11 error ${ghMessage}`,
        "9:6 error Stripe secret key in the handoff (sk_l…(36 chars), detector stripe-secret-key): say where to get the credential, never write it down",
        `11:21 error Password in a database URL in the handoff (…(16 chars), detector database-url): say where to get the credential, never write it down`,
      ],
    },
    {
      name: "joins a frontmatter value folded over two lines and reports it at the value",
      text: `---\ntitle: CI\ndeploy_token: >-\n  ${github.slice(0, 20)}\n  ${github.slice(20)}\n---\n\n# CI\n`,
      expected: [`3:15 error ${ghMessage}`],
    },
    {
      name: "never reports the integrity value, whatever it holds",
      text: `---\ntype: handoff\nintegrity: ${aws}\nnote: ${aws}\n---\n\n# H\n`,
      expected: [
        "4:7 error AWS access key id in the handoff (AKIA…(20 chars), detector aws-access-key-id): say where to get the credential, never write it down",
      ],
    },
    {
      name: "a '# handoff: allow' comment on the value's line suppresses it",
      text: `---\nfixture_key: ${stripe} # handoff: allow\nother_key: ${stripe}\n---\n\n# H\n`,
      expected: [
        "3:12 error Stripe secret key in the handoff (sk_l…(36 chars), detector stripe-secret-key): say where to get the credential, never write it down",
      ],
    },
    {
      name: "allowInlineSuppression: false ignores '# handoff: allow'",
      text: `---\nfixture_key: ${stripe} # handoff: allow\n---\n\n# H\n`,
      config: { rules: { "no-secrets": ["error", { allowInlineSuppression: false }] } },
      expected: [
        "2:14 error Stripe secret key in the handoff (sk_l…(36 chars), detector stripe-secret-key): say where to get the credential, never write it down",
      ],
    },
    {
      name: "disabledDetectors skips a detector",
      text: `# H\n\npassword: ${password}9z\n\n${aws}\n`,
      config: { rules: { "no-secrets": ["error", { disabledDetectors: ["generic-secret"] }] } },
      expected: [
        "5:1 error AWS access key id in the handoff (AKIA…(20 chars), detector aws-access-key-id): say where to get the credential, never write it down",
      ],
    },
    {
      name: "reports a secret inside a JSON record file",
      path: "handoff.json",
      text: `{\n  "schema": "verified-delivery/handoff-v1",\n  "env": {"GH": "${github}"}\n}\n`,
      expected: [`3:18 error ${ghMessage}`],
    },
    {
      name: "reports nothing for SHAs, digests, UUIDs and placeholders",
      text:
        "---\nintegrity: sha256:" +
        "ab".repeat(32) +
        "\ngit_ref: main@abc1234\n---\n\n# H\n\nCommit 0123abcd4567ef890123abcd4567ef890123abcd, run 3f1c2a9e-8b7d-4c6e-a5f4-1d2c3b4a5e6f.\n\n" +
        "`export GITHUB_TOKEN=<token>` and `postgres://user:password@localhost/app`\n",
      expected: [],
    },
  ]);

  it("never puts the raw value in the message", () => {
    const out = findings(noSecrets, `# H\n\n${github}\n${stripe}\npassword: ${password}9z\n`);
    expect(out).toHaveLength(3);
    for (const line of out) {
      for (const value of [github, stripe, `${password}9z`]) expect(line).not.toContain(value.slice(4, 12));
    }
  });

  it("attaches the value and the folded pieces as secrets for the masking", () => {
    const session = createSession({ cwd: "/virtual", rules: [noSecrets] });
    const text = `---\ndeploy_token: >-\n  ${github.slice(0, 20)}\n  ${github.slice(20)}\n---\n\n# H\n`;
    expect(rawResult("h.md", text, session).diagnostics.map((d) => d.secrets)).toEqual([[github, github.slice(0, 20), github.slice(20)]]);
    // The engine drops them before the result leaves it.
    expect(lintText("h.md", text, session).diagnostics.map((d) => "secrets" in d)).toEqual([false]);
  });
});
