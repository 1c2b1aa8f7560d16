/**
 * Canary secrets for the "never printed" tests: fake credentials of every detected kind, planted
 * in every place of a handoff a rule may quote (frontmatter values and a date field, a folded
 * value, headings, prose, a URL, a comment, a code block, a JSON record's fields), and the check
 * that no output holds a piece of one longer than 4 characters.
 */
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";

const r = randomStrings(31337);
const { b62, b64, url, b32 } = ALPHABETS;
const jwtHeader = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url");

/** The canaries, by name: no two share a piece of 5 characters, so a leak names its canary. */
export const canaries = {
  github: `ghp_CANARY${r(b62, 30)}`,
  stripe: `sk_live_CANARY${r(b62, 22)}`,
  awsId: `AKIACANARY${r(b32, 10)}`,
  awsSecret: `CANARY${r(b64, 34)}`,
  dsnPassword: `Cn${r(b62, 38)}`,
  urlPassword: `Cu${r(b62, 44)}`,
  jwt: `${jwtHeader}.${Buffer.from('{"sub":"canary"}').toString("base64url")}.${r(url, 43)}`,
  bearer: `CANARY${r(url, 34)}`,
  pem: [r(b64, 64), r(b64, 64), r(b64, 40)].join("\n"),
  openai: `sk-proj-CANARY${r(url, 90)}`,
  generic: `Cg${r(b62, 10)}7${r(b62, 6)}`,
  /** In a date field: the expiry rule quotes the value it cannot read as a date. */
  dateToken: `ghp_QDATE${r(b62, 31)}`,
  /** In a heading written twice: duplicate-section quotes it. */
  heading: `glpat-QHEAD${r(b62, 24)}`,
  /** In a verified-delivery pending step outside the authorized boundary: quoted by its rule. */
  step: `AKIAQSTEP${r(b32, 11)}`,
  /** Context detectors: a password in a table cell, on command lines, a hex key by name, a framework key. */
  tablePassword: `Ct${r(b62, 9)}!8`,
  mysqlPassword: `Cm${r(b62, 9)}#4`,
  curlPassword: `Cc${r(b62, 9)}%6`,
  hexApiKey: r(ALPHABETS.hex, 32),
  djangoKey: `Cd${r(b62, 20)}(${r(b62, 12)}&${r(b62, 14)}`,
};

/** A Markdown handoff holding every canary but the JSON ones. */
export const canaryMarkdown = `---
title: Canary
created: ${canaries.dateToken}
stripe_key: ${canaries.stripe}
deploy_token: >-
  ${canaries.github.slice(0, 18)}
  ${canaries.github.slice(18)}
---

# Canary handoff

## Next steps

Connect with postgres://app:${canaries.dsnPassword}@db.internal/app and push to https://ci:${canaries.urlPassword}@git.internal/repo.git

- key id \`${canaries.awsId}\`, aws_secret_access_key = ${canaries.awsSecret}
- password: ${canaries.generic}

<!-- Authorization: Bearer ${canaries.bearer} -->

| host | user | password |
| --- | --- | --- |
| db.internal | app | ${canaries.tablePassword} |

Run \`mysql -uroot -p${canaries.mysqlPassword} app\` and \`curl -u ci:${canaries.curlPassword} https://ci.internal\`.
DD_API_KEY=${canaries.hexApiKey} and SECRET_KEY = '${canaries.djangoKey}'

\`\`\`text
${canaries.jwt}
-----BEGIN PRIVATE KEY-----
${canaries.pem}
-----END PRIVATE KEY-----
\`\`\`

## Rotate ${canaries.heading}

first

## Rotate ${canaries.heading}

second
`;

/** A verified-delivery JSON record holding the JSON canaries. */
export const canaryJson = `${JSON.stringify(
  {
    schema: "verified-delivery/handoff-v1",
    env: { OPENAI_API_KEY: canaries.openai },
    pending_steps: [`push with ${canaries.step}`],
    authorization_boundary: { authorized: [] },
  },
  null,
  2,
)}\n`;

/** The canaries (by name, with the piece) of which `output` holds a piece longer than 4 characters. */
export function leaks(output: string): string[] {
  const found: string[] = [];
  for (const [name, canary] of Object.entries(canaries)) {
    for (let i = 0; i + 5 <= canary.length; i++) {
      const piece = canary.slice(i, i + 5);
      if (output.includes(piece)) {
        found.push(`${name}: ${piece}`);
        break;
      }
    }
  }
  return found;
}
