/**
 * The shape of a secret detector: data (after gitleaks' `gitleaks.toml` and secretlint's rule
 * presets) that `scan.ts` runs — an id, a keyword prefilter, a pattern whose named group `secret`
 * is the credential, an entropy floor, the public source of the format and how often a finding
 * is a true positive.
 */

/** How often a detector's finding is a real credential (SARIF `precision`'s scale). */
export type DetectorPrecision = "very-high" | "high" | "medium";

/** One detector. */
export interface SecretDetector {
  /** Stable id, reported in messages and used by the labelled set (`github-token`). */
  readonly id: string;
  /** What it finds, for messages: `GitHub token`. */
  readonly description: string;
  /** Lower-case substrings; the pattern runs only when the lower-cased text holds one. */
  readonly keywords: readonly string[];
  /** Global pattern with the `d` flag; the named group `secret` is the value reported. */
  readonly pattern: RegExp;
  /** Minimum Shannon entropy of the value, bits per character (see `entropy.ts`). */
  readonly entropy: number;
  /** Public source of the format. */
  readonly source: string;
  /**
   * How often a finding is a real credential: `very-high` for a vendor prefix, `high` for a
   * format or a context that names a credential, `medium` for a value judged by its looks.
   */
  readonly precision: DetectorPrecision;
  /** Extra check on a value (placeholders and hashes are refused for every detector anyway). */
  readonly accept?: (value: string) => boolean;
  /**
   * Its values are hex by format (a Datadog key, Rails' `secret_key_base`): the hex-digest part of
   * the allowlist is skipped, since the context already says what the value is. Placeholders are
   * still refused.
   */
  readonly hexValues?: boolean;
  /**
   * The value is an argument of a command's own password option (`mysql -p…`, `curl -u user:…`):
   * the option says what it is, so a weak or dictionary password (`root`) is reported; only hash
   * shapes are refused by the shared allowlist, and the detector's `accept` refuses stand-ins.
   */
  readonly optionValue?: boolean;
  /**
   * A longer match of a later detector that contains this one's replaces it: the generic
   * assignment stops at characters a password or a framework key may hold (`(`, `&`, `;`), and
   * half a credential must not be what gets masked.
   */
  readonly yieldsToLonger?: boolean;
  /** Characters dropped from the end of a value, each of them (prose: the full stop after it). */
  readonly trailingChars?: string;
  /**
   * Finds candidate values itself instead of `pattern` (which then only documents the shape it
   * looks for): spans `[start, end)` of `text`, UTF-16 offsets, in text order.
   */
  readonly locate?: (text: string) => Iterable<readonly [number, number]>;
}
