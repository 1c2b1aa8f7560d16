/**
 * markdownlint 0.40.0 rule ids and their aliases (the `names` of its rules in lib/md*.mjs, some files
 * holding two rules), so config may name a markdownlint rule either way.
 * test/markdownlint/rule-names.test.ts checks this table against the installed markdownlint's rule
 * files and config schema, so an upgrade that adds or renames a rule fails the tests.
 */

/** markdownlint id → aliases. */
export const MARKDOWNLINT_RULE_NAMES: Readonly<Record<string, readonly string[]>> = {
  MD001: ["heading-increment"],
  MD003: ["heading-style"],
  MD004: ["ul-style"],
  MD005: ["list-indent"],
  MD007: ["ul-indent"],
  MD009: ["no-trailing-spaces"],
  MD010: ["no-hard-tabs"],
  MD011: ["no-reversed-links"],
  MD012: ["no-multiple-blanks"],
  MD013: ["line-length"],
  MD014: ["commands-show-output"],
  MD018: ["no-missing-space-atx"],
  MD019: ["no-multiple-space-atx"],
  MD020: ["no-missing-space-closed-atx"],
  MD021: ["no-multiple-space-closed-atx"],
  MD022: ["blanks-around-headings"],
  MD023: ["heading-start-left"],
  MD024: ["no-duplicate-heading"],
  MD025: ["single-title", "single-h1"],
  MD026: ["no-trailing-punctuation"],
  MD027: ["no-multiple-space-blockquote"],
  MD028: ["no-blanks-blockquote"],
  MD029: ["ol-prefix"],
  MD030: ["list-marker-space"],
  MD031: ["blanks-around-fences"],
  MD032: ["blanks-around-lists"],
  MD033: ["no-inline-html"],
  MD034: ["no-bare-urls"],
  MD035: ["hr-style"],
  MD036: ["no-emphasis-as-heading"],
  MD037: ["no-space-in-emphasis"],
  MD038: ["no-space-in-code"],
  MD039: ["no-space-in-links"],
  MD040: ["fenced-code-language"],
  MD041: ["first-line-heading", "first-line-h1"],
  MD042: ["no-empty-links"],
  MD043: ["required-headings"],
  MD044: ["proper-names"],
  MD045: ["no-alt-text"],
  MD046: ["code-block-style"],
  MD047: ["single-trailing-newline"],
  MD048: ["code-fence-style"],
  MD049: ["emphasis-style"],
  MD050: ["strong-style"],
  MD051: ["link-fragments"],
  MD052: ["reference-links-images"],
  MD053: ["link-image-reference-definitions"],
  MD054: ["link-image-style"],
  MD055: ["table-pipe-style"],
  MD056: ["table-column-count"],
  MD058: ["blanks-around-tables"],
  MD059: ["descriptive-link-text"],
  MD060: ["table-column-style"],
};

/** Alias (lower case) → markdownlint id. */
export const MARKDOWNLINT_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries(MARKDOWNLINT_RULE_NAMES).flatMap(([id, aliases]) => aliases.map((alias) => [alias.toLowerCase(), id] as const)),
);

/** The markdownlint id (`MD013`) a name stands for: an id or an alias, any case; undefined for anything else. */
export function markdownlintRuleId(name: string): string | undefined {
  const upper = name.toUpperCase();
  if (upper in MARKDOWNLINT_RULE_NAMES) return upper;
  return MARKDOWNLINT_ALIASES.get(name.toLowerCase());
}
