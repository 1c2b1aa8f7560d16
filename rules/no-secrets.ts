/**
 * no-secrets: a handoff says where to get a credential, never carries one. Runs the detectors of
 * `src/secrets/` over the whole file text (frontmatter, body, inline and fenced code, link URLs,
 * HTML comments, JSON records) and over multi-line frontmatter values with their lines joined.
 *
 * Found values are reported with `secrets: [value]`, so the engine masks them in every message of
 * the file (`src/3-check/secrets/mask.ts`); the message itself only ever holds the masked form.
 */
import type { Rule } from "../src/3-check/engine/rule.js";
import { maskSecret } from "../src/3-check/secrets/mask.js";
import { SECRET_DETECTORS } from "../src/3-check/secrets/detectors.js";
import { documentSecrets } from "../src/3-check/secrets/document.js";
import type { SecretMatch } from "../src/3-check/secrets/scan.js";

/** Options of `no-secrets`. */
export interface NoSecretsOptions {
  /**
   * Whether comments in the document may suppress findings of this rule: the frontmatter's
   * `# handoff: allow` and the engine's `<!-- handoff-disable-next-line no-secrets -->`.
   * `false` leaves only the baseline file. Default `true`.
   */
  allowInlineSuppression?: boolean;
  /** Detector ids to skip (`["generic-secret"]`). */
  disabledDetectors?: string[];
  [key: string]: unknown;
}

const overlaps = (spans: ReadonlyArray<[number, number]>, offset: number, endOffset: number): boolean =>
  spans.some(([start, end]) => offset < end && endOffset > start);

/** The `no-secrets` rule (HK020): one finding per credential-shaped value, its value in `secrets`. */
export const noSecrets: Rule<NoSecretsOptions> = {
  meta: {
    id: "no-secrets",
    code: "HK020",
    description: "No credential-shaped value (API keys, tokens, private keys, passwords in URLs and DSNs) in a handoff.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["security", "secrets"],
    suppression: { blanket: false },
    messages: {
      secret: "{{kind}} in the handoff ({{masked}}, detector {{detector}}): say where to get the credential, never write it down",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        allowInlineSuppression: {
          type: "boolean",
          description: "false: '# handoff: allow' and handoff-disable comments cannot suppress this rule (the baseline still can).",
        },
        disabledDetectors: {
          type: "array",
          items: { enum: SECRET_DETECTORS.map((d) => d.id) },
          description: "Detector ids to skip.",
        },
      },
    },
    defaultOptions: { allowInlineSuppression: true, disabledDetectors: [] },
  },
  check(document, context) {
    if (document.text.length === 0) return;
    const disabled = new Set(context.options.disabledDetectors ?? []);
    const { matches, frontmatter: facts } = documentSecrets(document);
    const inline = context.options.allowInlineSuppression !== false;
    const keep = (match: SecretMatch): boolean =>
      !disabled.has(match.detectorId) &&
      !overlaps(facts.exempt, match.offset, match.endOffset) &&
      !(inline && overlaps(facts.allowed, match.offset, match.endOffset));
    const reported = new Set<string>();
    const findings = [...matches, ...facts.folded].sort((a, b) => a.offset - b.offset);
    for (const match of findings) {
      if (!keep(match)) continue;
      const key = `${match.offset}:${match.value}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const pieces = "pieces" in match ? (match.pieces as string[]) : [];
      context.report({
        messageId: "secret",
        data: { kind: match.description, masked: maskSecret(match.value), detector: match.detectorId },
        offset: match.offset,
        endOffset: match.endOffset,
        secrets: [match.value, ...pieces],
      });
    }
  },
};
