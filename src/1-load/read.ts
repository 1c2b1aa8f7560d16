/**
 * Load stage, part two: reading one file's bytes and decoding them as UTF-8.
 *
 * Nothing here throws for a bad file: every problem (unreadable, too large, a symlink loop, invalid
 * UTF-8, a NUL byte, UTF-16) is recorded as a {@link LoadProblem} so the `file-read` and
 * `file-encoding` rules can report it and the run goes on with the next file.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";

/** Default size limit for one file: 1 MiB (1,048,576 bytes). */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

const READ_PROBLEM_KINDS: ReadonlySet<LoadProblem["kind"]> = new Set(["unreadable", "not-a-file", "symlink-loop", "too-large"]);

/** The rule that reports a load problem of `kind`: `file-read` (the bytes could not be had), else `file-encoding`. */
export function loadProblemRule(kind: LoadProblem["kind"]): "file-read" | "file-encoding" {
  return READ_PROBLEM_KINDS.has(kind) ? "file-read" : "file-encoding";
}

/** Why a file could not be turned into text. `offset` is a byte offset into the raw file. */
export interface LoadProblem {
  kind: "unreadable" | "not-a-file" | "symlink-loop" | "too-large" | "invalid-utf8" | "nul-byte" | "utf16";
  message: string;
  /** Byte offset of the offending byte, for encoding problems. */
  byteOffset?: number;
  /** 1-based line and column of the offending byte (counted over the valid prefix), when known. */
  line?: number;
  column?: number;
}

/** One file as read from disk. `text` is present only when the bytes are valid UTF-8 without NUL. */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path as shown to the user: relative to the working directory, with `/` separators. */
  displayPath: string;
  /** Raw bytes as read (BOM included); empty when the file could not be read. */
  bytes: Uint8Array;
  /** Decoded text with a leading UTF-8 BOM removed; undefined when a problem prevented decoding. */
  text?: string;
  /** True when the file started with the UTF-8 BOM EF BB BF (recorded, then removed from `text`). */
  bom: boolean;
  /** Problems found while reading; when any is present, `text` is undefined. */
  problems: LoadProblem[];
}

/** Options for {@link readSource}. */
export interface ReadOptions {
  /** Largest file read, in bytes; larger files get a `too-large` problem and are not read. */
  maxBytes?: number;
  /** Directory that display paths are relative to (default `process.cwd()`). */
  cwd?: string;
}

/** Path relative to `cwd` with forward slashes, as printed in every report. */
export function toDisplayPath(file: string, cwd: string = process.cwd()): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join("/");
}

/**
 * Reads `file` (absolute or relative to `cwd`) and decodes it.
 * @returns the source; never rejects for problems of the file itself.
 */
export async function readSource(file: string, options: ReadOptions = {}): Promise<SourceFile> {
  const cwd = options.cwd ?? process.cwd();
  const abs = path.resolve(cwd, file);
  const source: SourceFile = {
    path: abs,
    displayPath: toDisplayPath(abs, cwd),
    bytes: new Uint8Array(0),
    bom: false,
    problems: [],
  };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  try {
    // stat follows symbolic links: a loop fails with ELOOP, named as such below (no realpath
    // needed, which cost as much as the read itself).
    const info = await stat(abs);
    if (!info.isFile()) {
      source.problems.push({ kind: "not-a-file", message: "Not a regular file" });
      return source;
    }
    if (info.size > maxBytes) {
      source.problems.push(tooLarge(info.size, maxBytes));
      return source;
    }
    // Read through one handle, bounded by the limit, so a file that grows meanwhile cannot hang us.
    const handle = await open(abs, "r");
    try {
      const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
      let total = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, total, buffer.length - total, total);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total >= buffer.length) break;
      }
      if (total > maxBytes) {
        source.problems.push({
          kind: "too-large",
          message: `File grew past the ${maxBytes}-byte limit while being read; it was not read ${RAISE_LIMIT}`,
        });
        return source;
      }
      source.bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, total);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") {
      source.problems.push({ kind: "symlink-loop", message: "Symbolic link loop; the file cannot be read" });
    } else if (code === "ENOENT") {
      source.problems.push({ kind: "unreadable", message: "File not found (or a broken symbolic link)" });
    } else if (code === "EACCES" || code === "EPERM") {
      source.problems.push({ kind: "unreadable", message: "Permission denied" });
    } else if (code === "EISDIR") {
      source.problems.push({ kind: "not-a-file", message: "Not a regular file" });
    } else {
      source.problems.push({ kind: "unreadable", message: `Cannot read file (${code ?? String(error)})` });
    }
    return source;
  }
  decodeInto(source);
  return source;
}

/** How the size limit is raised, named in every message about it. */
const RAISE_LIMIT = "(raise the limit with --max-file-size or maxFileSize in the config)";

/** The `too-large` problem of content `size` bytes long: the same words whichever way it came in. */
function tooLarge(size: number, maxBytes: number): LoadProblem {
  return { kind: "too-large", message: `File is ${size} bytes, over the ${maxBytes}-byte limit; it was not read ${RAISE_LIMIT}` };
}

/**
 * Builds a source from bytes already in memory (staged content, standard input, the library's
 * `lintText`, tests). With `maxBytes`, content over it gets the `too-large` problem a file on disk
 * gets and is not decoded.
 */
export function sourceFromBytes(file: string, bytes: Uint8Array, cwd: string = process.cwd(), options: Pick<ReadOptions, "maxBytes"> = {}): SourceFile {
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) return tooLargeSource(file, bytes.length, cwd, options.maxBytes);
  const abs = path.resolve(cwd, file);
  const source: SourceFile = { path: abs, displayPath: toDisplayPath(abs, cwd), bytes, bom: false, problems: [] };
  decodeInto(source);
  return source;
}

/** The source of content known to be `size` bytes, over `maxBytes`, without its bytes (nothing was read). */
export function tooLargeSource(file: string, size: number, cwd: string, maxBytes: number): SourceFile {
  const abs = path.resolve(cwd, file);
  return { path: abs, displayPath: toDisplayPath(abs, cwd), bytes: new Uint8Array(0), bom: false, problems: [tooLarge(size, maxBytes)] };
}

/**
 * Reads a stream (standard input) as the content of `file`, keeping at most `maxBytes + 1` bytes:
 * longer content is counted to its end (so the writer is not cut off) and becomes a `too-large`
 * source, never held in memory.
 */
export async function sourceFromStream(
  file: string,
  stream: AsyncIterable<Uint8Array | string>,
  cwd: string,
  maxBytes: number = DEFAULT_MAX_FILE_BYTES,
): Promise<SourceFile> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    if (size <= maxBytes) chunks.push(bytes);
    size += bytes.length;
  }
  if (size > maxBytes) return tooLargeSource(file, size, cwd, maxBytes);
  return sourceFromBytes(file, Buffer.concat(chunks), cwd, { maxBytes });
}

/** How far into a file a NUL byte makes it binary (as git's `buffer_is_binary`). */
const BINARY_SNIFF_BYTES = 8000;

const utf8Decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

function decodeInto(source: SourceFile): void {
  const bytes = source.bytes;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    source.problems.push({
      kind: "utf16",
      message: "File is UTF-16 (byte order mark FF FE or FE FF); handoff documents must be UTF-8",
      byteOffset: 0,
      line: 1,
      column: 1,
    });
    return;
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const invalid = firstInvalidUtf8(bytes);
  const nul = bytes.indexOf(0);
  // A NUL within the first 8000 bytes makes a file binary (git's test), whatever comes before
  // it: a PNG's first byte is 0x89, invalid UTF-8, and its first NUL is at byte 8.
  const binary = nul !== -1 && (invalid === -1 || nul < invalid || nul < BINARY_SNIFF_BYTES);
  if (invalid !== -1 && !binary) {
    source.problems.push({
      kind: "invalid-utf8",
      message: `Invalid UTF-8 byte 0x${(bytes[invalid] ?? 0).toString(16).toUpperCase().padStart(2, "0")} at byte ${invalid}`,
      byteOffset: invalid,
      ...pointBefore(bytes, invalid, bom),
    });
    return;
  }
  if (binary) {
    source.problems.push({
      kind: "nul-byte",
      message: `NUL byte at byte ${nul}: this is a binary file, not a text handoff`,
      byteOffset: nul,
      ...pointBefore(bytes, nul, bom),
    });
    return;
  }
  source.bom = bom;
  source.text = utf8Decoder.decode(bom ? bytes.subarray(3) : bytes);
}

/** Line and column of byte `at`, counting over the (valid) bytes before it. */
function pointBefore(bytes: Uint8Array, at: number, bom: boolean): { line: number; column: number } {
  const prefix = utf8Decoder.decode(bytes.subarray(bom ? 3 : 0, Math.max(bom ? 3 : 0, at)));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (c === 10 || (c === 13 && prefix.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: prefix.length - lineStart + 1 };
}

/**
 * Index of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no
 * overlongs, no surrogates, nothing above U+10FFFF), or -1 when all bytes are valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = b === 0xe0 ? 0xa0 : 0x80;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = b === 0xf0 ? 0x90 : 0x80;
      if (b === 0xf4) max = 0x8f;
    } else {
      return i;
    }
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
