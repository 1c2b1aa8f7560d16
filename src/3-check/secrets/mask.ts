/**
 * Secret masking, done by the engine before any result leaves it (`src/3-check/lint.ts`): a value a rule
 * marked as secret (`Diagnostic.secrets`), or that the detectors find in the document, is never
 * printed; it is shown as an ellipsis and its length, `…(13 chars)`, and when it is long enough
 * that its start gives nothing away ({@link MIN_SECRET_CHARS_FOR_PREFIX} characters or more) with
 * its first four characters (at most a third of it) before the ellipsis: `ghp_…(40 chars)`, which
 * names a token's kind. A password's start (`Sup3…`) is never shown.
 *
 * Not only whole occurrences are masked: a run of text made of 5-character pieces of a secret is
 * too (a markdownlint message may quote a truncated line, cutting the secret) — unless it is a
 * short piece inside an ordinary word. And every message is
 * scanned with the secret detectors too, so a credential is masked even when `no-secrets` is off
 * or its finding was suppressed.
 */
import type { FileResult, MaskedDiagnostic, MaskedFileResult } from "../engine/diagnostic.js";
import { SECRET_DETECTORS } from "./detectors.js";
import { scanSecrets } from "./scan.js";

/** Longest piece of a secret that may be printed; longer pieces are masked. */
export const MAX_VISIBLE_SECRET_CHARS = 4;

/** Secrets shorter than this (in characters) are shown with no character at all. */
export const MIN_SECRET_CHARS_FOR_PREFIX = 20;

/**
 * `…(13 chars)` for a secret value under {@link MIN_SECRET_CHARS_FOR_PREFIX} characters, else
 * `abcd…(40 chars)`: at most 4 characters, and at most a third, of it are ever shown.
 */
export function maskSecret(value: string): string {
  const characters = Array.from(value);
  const shown = characters.length < MIN_SECRET_CHARS_FOR_PREFIX ? 0 : Math.min(MAX_VISIBLE_SECRET_CHARS, Math.floor(characters.length / 3));
  const visible = characters.slice(0, shown);
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
  let out = "";
  for (let i = 0; i < text.length;) {
    if (!covered[i]) {
      out += text[i];
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && covered[i]) i++;
    out += maskedRun(text, start, i, secret);
  }
  return out;
}

/**
 * The 5-character pieces of a set of secrets, indexed once: {@link SecretIndex.mask} then finds
 * every piece of every secret in one pass over a text (a document with 30,000 secrets and 30,000
 * findings is masked in linear time, not in 30,000 × 30,000 steps). Secrets shorter than 5
 * characters are matched whole, one by one (there are few).
 */
class SecretIndex {
  /** Piece → the longest secret holding it. */
  private readonly owners = new Map<string, string>();
  private readonly short: string[] = [];
  /** Every secret indexed. */
  readonly secrets: ReadonlySet<string>;

  constructor(secrets: Iterable<string>) {
    const size = MAX_VISIBLE_SECRET_CHARS + 1;
    this.secrets = new Set(secrets);
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      if (secret.length === 0) continue;
      if (secret.length < size) {
        this.short.push(secret);
        continue;
      }
      for (let i = 0; i + size <= secret.length; i++) {
        const piece = secret.slice(i, i + size);
        if (!this.owners.has(piece)) this.owners.set(piece, secret);
      }
    }
  }

  /** `text` with each run of pieces masked (see {@link maskOne} for which runs are). */
  mask(text: string): string {
    let out = this.owners.size === 0 ? text : this.maskPieces(text);
    for (const secret of this.short) out = maskOne(out, secret);
    return out;
  }

  private maskPieces(text: string): string {
    const size = MAX_VISIBLE_SECRET_CHARS + 1;
    if (text.length < size) return text;
    const owner: Array<string | undefined> = new Array<string | undefined>(text.length);
    let any = false;
    for (let i = 0; i + size <= text.length; i++) {
      const secret = this.owners.get(text.slice(i, i + size));
      if (secret === undefined) continue;
      any = true;
      for (let j = i; j < i + size; j++) if (owner[j] === undefined || (owner[j] as string).length < secret.length) owner[j] = secret;
    }
    if (!any) return text;
    let out = "";
    for (let i = 0; i < text.length;) {
      const secret = owner[i];
      if (secret === undefined) {
        out += text[i];
        i++;
        continue;
      }
      // A run is every covered position in a row, whichever secrets cover it (pieces of several
      // secrets may meet in one token); it is masked as the secret covering most of it.
      const start = i;
      const counts = new Map<string, number>();
      while (i < text.length && owner[i] !== undefined) {
        const at = owner[i] as string;
        counts.set(at, (counts.get(at) ?? 0) + 1);
        i++;
      }
      let best = secret;
      for (const [candidate, n] of counts) {
        const bestCount = counts.get(best) ?? 0;
        if (n > bestCount || (n === bestCount && candidate.length > best.length)) best = candidate;
      }
      out += maskedRun(text, start, i, best);
    }
    return out;
  }
}

/**
 * The vendors' markers the detectors know (their `keywords`: `github_pat_`, `glpat-`, `xoxb-`,
 * `sk-proj-`…), longest first, lower-cased. A marker is the same in every token of its kind, so it
 * gives nothing away.
 */
let vendorMarkers: string[] | undefined;

/** The vendor marker `secret` starts with (any case), or "". */
function publicPrefix(secret: string): string {
  vendorMarkers ??= [...new Set(SECRET_DETECTORS.flatMap((d) => d.keywords).filter((k) => k.length >= 4 && /[-_.]$/.test(k)))]
    .map((k) => k.toLowerCase())
    .sort((a, b) => b.length - a.length);
  const start = secret.slice(0, 16).toLowerCase();
  return vendorMarkers.find((marker) => start.startsWith(marker) && marker.length < secret.length) ?? "";
}

/**
 * The run `[start, end)` of `text` made of pieces of `secret`: its mask, or the run itself when it
 * is a short piece inside a word, or a piece of the secret's vendor marker alone, shorter than it
 * ("github" in the detector id `github-fine-grained-pat`, for a `github_pat_…` token).
 */
function maskedRun(text: string, start: number, end: number, secret: string): string {
  const run = text.slice(start, end);
  const prefix = publicPrefix(secret);
  if (prefix !== "" && run.length < prefix.length && prefix.includes(run.toLowerCase())) return run;
  const before = text.slice(Math.max(0, start - 3), start);
  const after = text.slice(end, end + 3);
  const wholeToken = !WORD_CHAR.test(text[start - 1] ?? " ") && !WORD_CHAR.test(text[end] ?? " ");
  const cut = /(?:…|\.\.\.)$/.test(before) || /^(?:…|\.\.\.)/.test(after);
  return wholeToken || cut || end - start >= ALWAYS_MASKED_RUN ? maskSecret(secret) : text.slice(start, end);
}

/** The index of each secrets list, built on first use (a file's findings share one list). */
const indexes = new WeakMap<readonly string[], SecretIndex>();

/**
 * Masks each secret in `text` (a run of its pieces masked with the longest secret it belongs to),
 * together with every credential-shaped value the detectors find in `text` itself. No run of more
 * than 4 characters of a secret remains. Linear in the length of `text` once the index of
 * `secrets` is built (once per list).
 */
export function maskText(text: string, secrets: readonly string[]): string {
  const index = indexOf(secrets);
  const own = scanSecrets(text)
    .map((match) => match.value)
    .filter((value) => !index.secrets.has(value));
  return (own.length > 0 ? new SecretIndex([...secrets, ...own]) : index).mask(text);
}

/** The index of `secrets`, built once per list. */
function indexOf(secrets: readonly string[]): SecretIndex {
  let index = indexes.get(secrets);
  if (!index) {
    index = new SecretIndex(secrets);
    indexes.set(secrets, index);
  }
  return index;
}

/**
 * Masks `secrets` in `text` as {@link maskText} does, without scanning `text` again: for a caller
 * whose `secrets` already hold what the detectors find in `text` (the output boundary).
 */
export function maskKnownSecrets(text: string, secrets: readonly string[]): string {
  return indexOf(secrets).mask(text);
}

/**
 * The one way a result leaves the engine: every message of `result` masked against every secret
 * of the file (those its findings carry, `result.maskedSecrets`, and `fileSecrets`: the values the
 * detectors found anywhere in the document), not only against those of the finding that named
 * them — a markdownlint message may quote the same line, and a rule may quote a frontmatter value.
 * The `secrets` and `maskedSecrets` fields are dropped. Idempotent: masking a masked result
 * changes nothing.
 */
export function maskFileResult(result: FileResult | MaskedFileResult, fileSecrets: readonly string[] = []): MaskedFileResult {
  const raw = result as FileResult;
  const secrets = [...raw.diagnostics.flatMap((d) => d.secrets ?? []), ...(raw.maskedSecrets ?? []), ...fileSecrets];
  const { maskedSecrets: _masked, ...rest } = raw;
  const diagnostics = raw.diagnostics.map((d) => {
    const { secrets: _own, fix, ...fields } = d;
    // A fix whose text would carry a piece of a secret is dropped: masked results hold none.
    const keep = fix !== undefined && fix.every((edit) => maskText(edit.text, secrets) === edit.text);
    return { ...fields, message: maskText(d.message, secrets), ...(keep ? { fix } : {}) } as MaskedDiagnostic;
  });
  return {
    ...rest,
    diagnostics,
    internalErrors: raw.internalErrors.map((error) => maskText(error, secrets)),
  } as MaskedFileResult;
}

/** {@link maskFileResult} of each result (for results built outside the engine). */
export function maskResults(results: ReadonlyArray<FileResult | MaskedFileResult>): MaskedFileResult[] {
  return results.map((result) => maskFileResult(result));
}
