/**
 * Secret masking: the one place every reporter passes text through before printing it. A value a
 * rule marked as secret (`Diagnostic.secrets`) is never printed; it is shown as its first four
 * characters (at most a third of it), an ellipsis and its length: `ghp_…(40 chars)`.
 *
 * Not only whole occurrences are masked: a run of text made of 5-character pieces of a secret is
 * too (a markdownlint message may quote a truncated line, cutting the secret) — unless it is a
 * short piece inside an ordinary word. And every message is
 * scanned with the secret detectors too, so a credential is masked even when `no-secrets` is off
 * or its finding was suppressed.
 */
import type { Diagnostic, FileResult } from "../engine/diagnostic.js";
import { scanSecrets } from "../secrets/scan.js";

/** Longest piece of a secret that may be printed; longer pieces are masked. */
export const MAX_VISIBLE_SECRET_CHARS = 4;

/** `abcd…(40 chars)` for a secret value: at most 4 characters of it are ever shown. */
export function maskSecret(value: string): string {
  const visible = Array.from(value).slice(0, Math.min(MAX_VISIBLE_SECRET_CHARS, Math.floor(value.length / 3)));
  return `${visible.join("")}…(${value.length} chars)`;
}

/** A run this long of secret pieces is masked wherever it stands. */
const ALWAYS_MASKED_RUN = 8;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Masks `secret` in `text`: runs covered by 5-character pieces of `secret` (the whole secret when
 * shorter) become {@link maskSecret} of it — when the run is a whole token, is at least 8
 * characters long, or touches an ellipsis (`…`, `...`: a quoted line cut inside the secret). A
 * short piece inside an ordinary word ("Passw" in "Password") is left alone, so messages stay
 * readable.
 */
function maskOne(text: string, secret: string): string {
  const size = Math.min(MAX_VISIBLE_SECRET_CHARS + 1, secret.length);
  if (size === 0 || text.length < size) return text;
  const pieces = new Set<string>();
  for (let i = 0; i + size <= secret.length; i++) pieces.add(secret.slice(i, i + size));
  const covered = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + size <= text.length; i++) {
    if (pieces.has(text.slice(i, i + size))) {
      covered.fill(1, i, i + size);
      any = true;
    }
  }
  if (!any) return text;
  const mask = maskSecret(secret);
  let out = "";
  for (let i = 0; i < text.length; ) {
    if (!covered[i]) {
      out += text[i];
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && covered[i]) i++;
    const before = text.slice(Math.max(0, start - 3), start);
    const after = text.slice(i, i + 3);
    const wholeToken = !WORD_CHAR.test(text[start - 1] ?? " ") && !WORD_CHAR.test(text[i] ?? " ");
    const cut = /(?:…|\.\.\.)$/.test(before) || /^(?:…|\.\.\.)/.test(after);
    out += wholeToken || cut || i - start >= ALWAYS_MASKED_RUN ? mask : text.slice(start, i);
  }
  return out;
}

/**
 * Masks each secret in `text`, longest first, together with every credential-shaped value the
 * detectors find in `text` itself. No run of more than 4 characters of a secret remains.
 */
export function maskText(text: string, secrets: readonly string[]): string {
  const all = new Set(secrets);
  for (const match of scanSecrets(text)) all.add(match.value);
  let out = text;
  for (const secret of [...all].sort((a, b) => b.length - a.length)) {
    if (secret.length === 0) continue;
    out = maskOne(out, secret);
  }
  return out;
}

/** A copy of `diagnostic` whose message cannot reveal its secrets. */
export function maskDiagnostic(diagnostic: Diagnostic): Diagnostic {
  const { secrets, ...rest } = diagnostic;
  return { ...rest, message: maskText(diagnostic.message, secrets ?? []) };
}

/**
 * Masks every diagnostic of every result. Secrets found anywhere in a file (those of its findings
 * and `FileResult.maskedSecrets`: suppressed findings, values found while `no-secrets` is off)
 * are masked in every message of that file, not only in the finding that named them (a
 * markdownlint message may quote the same line). The returned results carry no `secrets` and no
 * `maskedSecrets`.
 */
export function maskResults(results: readonly FileResult[]): FileResult[] {
  return results.map((result) => {
    const secrets = [...result.diagnostics.flatMap((d) => d.secrets ?? []), ...(result.maskedSecrets ?? [])];
    const { maskedSecrets: _masked, ...rest } = result;
    return {
      ...rest,
      diagnostics: result.diagnostics.map((d) => {
        const { secrets: _own, ...fields } = d;
        return { ...fields, message: maskText(d.message, secrets) };
      }),
    };
  });
}
