/**
 * Checks on a candidate value that detectors share: whether it is code, a path, a date or a
 * version rather than a credential; whether it has the mix of characters and the entropy of one.
 * Hashes and placeholders are refused for every detector by `allowlist.ts` before these run.
 */
import { shannonEntropy } from "./entropy.js";

/** Values that are code, paths, dates or versions, not credentials. */
export const NOT_A_SECRET: readonly RegExp[] = [
  /^[A-Z_$][\w$]*(?:\.[A-Z_$][\w$]*)+(?:\(\))?$/i, // process.env.TOKEN, config.secret
  /^[A-Z][A-Z0-9_]*$/, // an environment variable's name
  /^[a-z]+(?:[A-Z][a-z]+)+$/, // camelCase identifier
  /^[a-z]+(?:[-_][a-z0-9]+)+$/, // kebab-case or snake_case words
  /^(?:\/|~\/|\.\.?\/)/, // a path
  /\.(?:md|json|jsonc|ya?ml|txt|ts|js|mjs|cjs|py|rb|go|rs|sh|env|pem|key|crt|cer|toml|lock|log|cfg|conf|ini|html|csv)$/i,
  /^[a-z][a-z0-9+.-]{1,20}:\/\//i, // a URL (credentials in URLs have their own detectors)
  /^v?\d+(?:\.\d+)+(?:[-+][\w.-]+)?$/, // a version
  /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, // an ISO date/time
  /^(?:true|false|yes|no|on|off|null|none|required|optional|enabled|disabled)$/i,
];

/** Character classes present in `value`: lower, upper, digit, other. */
export function characterClasses(value: string): { lower: boolean; upper: boolean; digit: boolean; symbol: boolean; count: number } {
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  const digit = /\d/.test(value);
  const symbol = /[^A-Z0-9]/i.test(value);
  return { lower, upper, digit, symbol, count: Number(lower) + Number(upper) + Number(digit) + Number(symbol) };
}

/**
 * The generic detector's floor: a credential mixes letters with digits or symbols and, for its
 * length, is close to random. 8-character values need 2.75 bits/char (at most 3 possible).
 */
export function acceptGeneric(value: string): boolean {
  if (NOT_A_SECRET.some((re) => re.test(value))) return false;
  const classes = characterClasses(value);
  if (!((classes.lower || classes.upper) && classes.digit) && classes.count < 3) return false;
  const floor = Math.min(3.0, Math.log2(value.length) - 0.25);
  return shannonEntropy(value) >= floor;
}

/** A diceware-style passphrase: four or more words joined by `-`, `_` or `.` (digits allowed). */
const PASSPHRASE = /^[a-z]{3,12}(?:[-_.](?:[a-z]{3,12}|\d{1,4})){3,9}$/i;

/** A call (`os.urandom(24)`, `get_random_secret_key()`), a flag, a shell or template expansion, the rest of a URL. */
const CODE = /^[A-Z_$][\w$.]*\(.*\)$|^[-$%@:([{]|\$\(|`/i;

/**
 * A value where the context says "password": 8–128 characters, no code or path, and either three
 * character classes (`Maple12!ab`) or a passphrase of four or more words. Words with a digit
 * (`argon2id`, `python3`) have two classes and are refused.
 */
export function acceptPassword(value: string): boolean {
  if (value.length < 8 || value.length > 128) return false;
  if (PASSPHRASE.test(value)) return true;
  if (CODE.test(value) || NOT_A_SECRET.some((re) => re.test(value))) return false;
  return characterClasses(value).count >= 3;
}

/** Words that stand for a password in examples, not one: `-ppassword`, `-p<your-password>` is refused as code. */
const STAND_IN = /^(?:pass(?:word|wd)?|secret|your[-_]?pass(?:word)?|mypass(?:word)?|pwd|x+|\*+|\.+|_+|redacted|hidden|masked)$/i;

/**
 * A value where a command's own password option carries it (`mysql -p…`, `sshpass -p …`): the
 * option is the evidence, so a weak password (`-proot`) is still one. 3–128 characters, not code,
 * a path, a reference, a template (`<password>`, `{pass}`, `[pw]`, `%s`) or a stand-in word
 * (`password`, `xxx`, `***`).
 */
export function acceptOptionPassword(value: string): boolean {
  if (value.length < 3 || value.length > 128) return false;
  if (STAND_IN.test(value) || CODE.test(value) || /[<>]|^[[{%]/.test(value)) return false;
  return !NOT_A_SECRET.some((re) => re.test(value));
}

/** A high-entropy key where the context says "secret key": 24+ characters, no code, near random. */
export function acceptSecretKey(value: string): boolean {
  if (value.length < 24 || CODE.test(value) || NOT_A_SECRET.some((re) => re.test(value))) return false;
  return characterClasses(value).count >= 2 && shannonEntropy(value) >= 3.5;
}
