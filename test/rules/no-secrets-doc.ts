/**
 * The detector table of `rules/no-secrets.md`, rendered from the detectors themselves so the page
 * cannot drift from the code (`no-secrets-corpus.test.ts` compares them).
 */
import type { SecretDetector } from "../../src/secrets/detector.js";

/** The table's header and delimiter rows. */
export const DETECTOR_TABLE_HEAD = "| id | finds | keywords | entropy floor | precision | source |\n| --- | --- | --- | --- | --- | --- |";

/** One row of the table: id, description, keywords, entropy floor (— for none), precision, source. */
export function detectorRow(d: SecretDetector): string {
  const keywords = d.keywords.map((k) => `\`${k}\``).join(", ");
  return `| \`${d.id}\` | ${d.description} | ${keywords} | ${d.entropy > 0 ? String(d.entropy) : "—"} | ${d.precision} | ${d.source.replaceAll("|", "\\|")} |`;
}
