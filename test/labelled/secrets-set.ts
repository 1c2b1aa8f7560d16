/**
 * The secrets labelled set, by category: every built-in format (the 81 positives of
 * `test/secrets/labelled.ts`, then a second draw of each in harder surroundings) and the contexts
 * where a credential is named by what surrounds it rather than by its shape — passwords in
 * frontmatter, prose, tables, command lines and dotfiles, hex API keys named by their variable,
 * framework secret keys, cloud secret keys under other names, AWS key ids off the strict alphabet.
 *
 * Every value is FAKE and built at run time from a seeded generator; nothing credential-shaped is
 * written in this file's source.
 */
import { ALPHABETS, negativeCases, positiveCases, randomStrings, secretSnippets, type SecretSnippet } from "../secrets/labelled.js";
import { contextNegatives, contextPositives } from "./secrets-contexts.js";

/** One positive: the text holds `value`, which must be reported. */
export interface SecretCase {
  id: string;
  category: string;
  text: string;
  value: string;
}

/** The family a built-in detector belongs to, for the table. */
function family(detector: string): string {
  if (detector === "private-key") return "format: private keys";
  if (/^(?:aws|azure|google)/.test(detector)) return "format: cloud (AWS, Azure, Google)";
  if (/^(?:github|gitlab|npm|pypi)/.test(detector)) return "format: code hosting and registries";
  if (/^(?:slack|twilio|sendgrid|stripe)/.test(detector)) return "format: SaaS (Slack, Stripe, Twilio, SendGrid)";
  if (/^(?:anthropic|openai)/.test(detector)) return "format: AI APIs";
  if (detector === "jwt" || detector === "authorization-header") return "format: JWTs and Authorization headers";
  if (/^(?:database|url)/.test(detector)) return "format: URLs, DSNs, connection strings";
  return "format: generic assignments";
}

/** Harder surroundings for the second draw: JSON, nested YAML, link URLs, HTML, shell, quotes. */
const HARD_CONTEXTS: ReadonlyArray<(s: string) => string> = [
  (s) => `{"deploy": {"env": {"VALUE": ${JSON.stringify(s)}}}}`,
  (s) => "```yaml\nservices:\n  api:\n    environment:\n      - CREDENTIAL_VALUE=" + s + "\n```",
  (s) => `Use "${s}" for now, then rotate it.`,
  (s) => `<code data-v="${s.replaceAll('"', "&quot;")}">value</code>`,
  (s) => "```sh\nexport CI_VALUE=" + (s.includes("'") ? JSON.stringify(s) : `'${s}'`) + "\n```",
  (s) => `> ${s}`,
  (s) => `1. Paste \`${s}\`.`,
];

function vendorCases(): SecretCase[] {
  const first: SecretCase[] = positiveCases().map((c, i) => ({ id: `format #${i + 1}`, category: family(c.detector), text: c.text, value: c.value }));
  const snippets: SecretSnippet[] = secretSnippets(randomStrings(7331));
  const second = snippets.map((c, i) => {
    const wrap = c.raw ? (s: string) => s : (HARD_CONTEXTS[i % HARD_CONTEXTS.length] as (s: string) => string);
    return { id: `format (second draw) #${i + 1}`, category: family(c.detector), text: `# Notes\n\n${wrap(c.snippet)}\n`, value: c.value };
  });
  return [...first, ...second];
}

/** Every positive. Deterministic. */
export function secretPositives(): SecretCase[] {
  return [...vendorCases(), ...contextPositives(randomStrings(90210), ALPHABETS)];
}

/** Every written negative, by category. Deterministic. */
export function secretNegatives(): Array<{ id: string; category: string; text: string }> {
  const shapes = negativeCases().map((text, i) => ({ id: `shape #${i + 1}`, category: "hashes, ids, placeholders, prose", text }));
  const contexts = Object.entries(contextNegatives(randomStrings(4711), ALPHABETS)).flatMap(([category, texts]) =>
    texts.map((text, i) => ({ id: `${category} #${i + 1}`, category, text })),
  );
  return [...shapes, ...contexts];
}
