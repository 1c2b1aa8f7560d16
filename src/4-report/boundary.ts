/**
 * The output boundary: every text that leaves handoffkit — the command line's standard output and
 * error, the report files it writes for the user, the job summary, commit messages, the MCP
 * server's results and errors — passes {@link boundaryText} for its target. Two things happen:
 *
 * - **Masking** ({@link maskOutput}): every credential-shaped value in the text, as the secret
 *   detectors of `no-secrets` find it, and the user information of every URL (`https://user:token@`),
 *   are shown masked (`ghp_…(40 chars)`). The engine masks results against their document's secrets
 *   before this; here the text itself is scanned, so a value from anywhere — a remote URL, a branch
 *   name, a commit subject, an argument, a config value — is masked too.
 * - **Escaping** ({@link escapeOutput}) for the target: for a terminal (`text`), control and
 *   invisible characters as visible escapes (./controls.ts); in JSON, the same characters (which
 *   `JSON.stringify` leaves raw: C1 controls, bidirectional overrides, zero-width and tag
 *   characters) as `\uXXXX` escapes, so the bytes hold none and a parser reads the same value; in
 *   XML and HTML, as numeric character references (C0 controls, which XML 1.0 forbids even as
 *   references, as visible escapes).
 */
import { SECRET_DETECTORS } from "../3-check/secrets/detectors.js";
import { maskKnownSecrets, maskSecret } from "../3-check/secrets/mask.js";
import { scanSecrets } from "../3-check/secrets/scan.js";
import { escapeControls } from "./controls.js";

/** What the text is written as. */
export type OutputTarget = "text" | "json" | "xml";

/** Keywords that make a text worth scanning for the detectors (their keywords, lower-cased), and URL user information. */
const SCAN_HINT = /:\/\/[^\s/@]*@|[\w+/=-]{16}/;

/** The user information of a URL: `scheme://user[:password]@`. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s/?#@"'<>`]{1,256})@/gi;

/**
 * `text` with every credential-shaped value masked: what the secret detectors find, and the user
 * information of every URL (its user name and password, each masked). Text already masked stays as
 * it is. Linear in the length of `text`.
 */
export function maskOutput(text: string): string {
  if (!SCAN_HINT.test(text)) return text;
  const withoutUserinfo = text.replace(URL_USERINFO, (_whole, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(":");
    const parts = colon === -1 ? [userinfo] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
    return `${scheme}${parts.map((part) => (part === "" ? part : maskSecret(part))).join(":")}@`;
  });
  const values = [...scanSecrets(withoutUserinfo, SECRET_DETECTORS).map((match) => match.value), ...prefixedTokens(withoutUserinfo)];
  // `values` already holds what the detectors find in this text: masked without a second scan.
  return values.length === 0 ? withoutUserinfo : maskKnownSecrets(withoutUserinfo, values);
}

/**
 * The vendor prefixes of the secret detectors (`ghp_`, `sk_live_`, `glpat-`, `AKIA`, …): each
 * keyword that ends in `_`, `-` or `.`, and the four-letter AWS ones. A document's detectors want a
 * boundary before a token; text that leaves handoffkit may glue one to another word (an echoed
 * name, `handoff_ghp_…`, a path `ghp_…/x.md`), so here a prefix anywhere counts.
 */
const TOKEN_PREFIXES: readonly string[] = [
  ...new Set(
    SECRET_DETECTORS.flatMap((detector) => detector.keywords).filter(
      (keyword) => /^[a-z0-9]+[_.-][\w.-]*$/i.test(keyword) && /[_.-]$/.test(keyword) && keyword.length >= 3,
    ),
  ),
  "akia",
  "asia",
];
const PREFIXED_TOKEN = new RegExp(`(?:${TOKEN_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})[A-Za-z0-9_-]{12,}`, "gi");

/** Runs of token characters after a vendor prefix (see {@link TOKEN_PREFIXES}), long enough to be a credential. */
function prefixedTokens(text: string): string[] {
  return [...text.matchAll(PREFIXED_TOKEN)].map((match) => match[0]).filter((token) => /\d/.test(token) && /[A-Z]/i.test(token.slice(4)));
}

/** The characters JSON.stringify leaves raw that no output should carry raw: C1 controls, DEL, format, separator, default-ignorable characters, lone surrogates. */
const JSON_RAW = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cs}]/gu;

/** C0 controls but TAB, LF and CR: XML 1.0 allows them in no form. */
const XML_FORBIDDEN = /[\u0000-\u0008\v\f\u000e-\u001f]/g;

/** `\uXXXX` (two of them, a surrogate pair, above U+FFFF) for each code unit of `char`. */
function jsonEscape(char: string): string {
  let out = "";
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/** `text` escaped for `target` (see the module comment). */
export function escapeOutput(text: string, target: OutputTarget): string {
  switch (target) {
    case "json":
      return text.replace(JSON_RAW, jsonEscape);
    case "xml":
      return text.replace(XML_FORBIDDEN, (char) => escapeControls(char)).replace(JSON_RAW, (char) => `&#x${(char.codePointAt(0) as number).toString(16)};`);
    default:
      return escapeTerminal(text);
  }
}

/**
 * The colour sequences handoffkit's own text output uses (picocolors: bold, dim, italic,
 * underline, the eight colours and their bright forms, and their resets), one code each. They pass
 * the boundary; every other escape sequence — cursor movement, erasing, titles, links, and SGR's
 * concealed or blinking text — is escaped with the rest. A document cannot reach them: reporters
 * escape what they quote before colouring it.
 */
const OWN_COLOUR = /\u001b\[(?:[0-4]|22|23|24|39|3[0-7]|9[0-7])m/g;

/** `text` for a terminal: {@link escapeControls} everywhere but in handoffkit's own colour sequences. */
function escapeTerminal(text: string): string {
  if (!text.includes("\u001b")) return escapeControls(text, { multiline: true });
  let out = "";
  let at = 0;
  for (const match of text.matchAll(OWN_COLOUR)) {
    out += escapeControls(text.slice(at, match.index), { multiline: true }) + match[0];
    at = match.index + match[0].length;
  }
  return out + escapeControls(text.slice(at), { multiline: true });
}

/** `text` as it may leave handoffkit for `target`: masked, then escaped. */
export function boundaryText(text: string, target: OutputTarget): string {
  return escapeOutput(maskOutput(text), target);
}

/** `value` with {@link boundaryText} applied to every string in it (keys included), for structured results (MCP). */
export function boundaryValue<T>(value: T, target: OutputTarget = "text"): T {
  if (typeof value === "string") return boundaryText(value, target) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => boundaryValue(item, target)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [boundaryText(key, target), boundaryValue(item, target)])) as T;
  }
  return value;
}
