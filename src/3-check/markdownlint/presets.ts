/**
 * The markdownlint presets handoffkit runs: which of markdownlint's rules are on. rules/markdownlint.md
 * gives, for each rule of the `handoff` preset, the breakage in a handoff it catches.
 */
/**
 * markdownlint's `Configuration` (rule names, aliases or tags to settings; `default`), declared
 * here so the package's public types need no other package: it is what markdownlint's own type
 * describes, and is passed to markdownlint as that.
 */
export type MarkdownlintConfiguration = Record<string, unknown>;

type Configuration = MarkdownlintConfiguration;
import { markdownlintRuleId } from "./rule-names.js";

/** A preset's name, as config gives it (`"markdownlint": "all"`). */
export type MarkdownlintPreset = "handoff" | "style" | "all";

/** The preset names, default first. */
export const MARKDOWNLINT_PRESETS: readonly MarkdownlintPreset[] = ["handoff", "style", "all"];

/**
 * `handoff` (the default): only the rules whose findings are broken rendering or a changed meaning
 * when the next session reads the document — a link that goes nowhere, text that is not the list,
 * heading, table row or code it looks like. Style rules are off.
 */
const HANDOFF: Configuration = {
  default: false,
  MD004: true,
  MD011: true,
  MD018: true,
  MD020: true,
  MD029: true,
  MD032: true,
  MD037: true,
  MD042: true,
  MD046: true,
  MD051: true,
  MD052: true,
  MD056: true,
};

/**
 * `style`: every markdownlint rule except those that fight the handoff genre (line length, inline
 * HTML and markers, first-line heading, duplicate headings — `duplicate-section` reports those —,
 * table pipe alignment) and the whitespace rules that buried everything else on real handoffs
 * (blank lines around headings, lists and fences; list indentation).
 */
const STYLE: Configuration = {
  default: true,
  MD007: false,
  MD013: false,
  MD022: false,
  MD024: false,
  MD031: false,
  MD032: false,
  MD033: false,
  MD041: false,
  MD060: false,
};

/** `all`: markdownlint as it ships, every rule on with its own options. */
const ALL: Configuration = { default: true };

/** The config of each preset. */
export const MARKDOWNLINT_PRESET_CONFIG: Readonly<Record<MarkdownlintPreset, Readonly<Configuration>>> = { handoff: HANDOFF, style: STYLE, all: ALL };

/**
 * A user's markdownlint config with each rule keyed by its id (`line-length` → `MD013`, `md013` →
 * `MD013`), so later settings can find and change a rule's entry; tags and `default` stay as given
 * (an entry naming a rule wins over a tag, as it comes after it).
 */
export function keyedByRuleId(config: Readonly<Configuration>): Configuration {
  const tags: Configuration = {};
  const rules: Configuration = {};
  for (const [key, value] of Object.entries(config)) {
    const id = markdownlintRuleId(key);
    if (id) rules[id] = value;
    else tags[key] = value;
  }
  return { ...tags, ...rules };
}
