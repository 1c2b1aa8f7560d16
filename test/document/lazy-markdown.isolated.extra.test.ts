/**
 * The Markdown part of a document (mdast, sections, fenced record) is parsed on first read, and a
 * run whose rules never read it (`--only no-secrets`) does not parse it: profile detection reads
 * sections only when a heading can carry a contract mark (`headingsMayMarkContract`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

const parseCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/2-parse/document/markdown.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/2-parse/document/markdown.js")>();
  return {
    ...original,
    parseMarkdown: (...args: Parameters<typeof original.parseMarkdown>) => {
      parseCalls.count++;
      if (process.env.TRACE_PARSE) console.log(new Error().stack);
      return original.parseMarkdown(...args);
    },
  };
});

const { parseDocument } = await import("../../src/2-parse/document/parse.js");
await import("../../src/3-check/lint.js");
const { sourceFromBytes } = await import("../../src/1-load/read.js");
const { headingsMayMarkContract, plainFirstTitle, sectionsMarkContract } = await import("../../src/2-parse/profiles/detect.js");
await import("../fuzz/arbitraries.js");
const { publicCorpusDir } = await import("../helpers/locations.js");

const parse = (text: string, file = "handoff.md") => parseDocument(sourceFromBytes(file, new TextEncoder().encode(text), "/virtual"));

/** Every `.md` file under `dir`, recursively. */
const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return /\.md$/i.test(name) ? [file] : [];
  });

beforeEach(() => {
  parseCalls.count = 0;
});

describe("headingsMayMarkContract", () => {
  it.skipIf(!publicCorpusDir)("never says false where the parsed sections carry a contract mark (../shared/corpus-public)", () => {
    for (const file of markdownFiles(publicCorpusDir as string)) {
      const document = parse(readFileSync(file, "utf8"), file);
      if (!sectionsMarkContract(document.sections)) continue;
      const body = document.text.slice(document.bodyOffset);
      expect(headingsMayMarkContract(body), file).toBe(true);
      if (plainFirstTitle(document.text, document.bodyOffset) !== undefined && !sectionsMarkContract(document.sections.slice(0, 1))) {
        expect(headingsMayMarkContract(body, true), file).toBe(true);
      }
    }
  });
});
