/**
 * Pins where the frontmatter of every document in `corpus/` and in the public corpus
 * (`shared/corpus-public/docs`, read-only) puts things: the block, the body offset, each problem,
 * the key and value range of every field (as `frontmatterNodeOffsets` gives them to rules and
 * SARIF), the first two mdast nodes, and every finding that lies in the block or comes from a rule that reads the frontmatter.
 * The snapshots hold labels, key names and positions only, never a document's text.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frontmatterNodeOffsets } from "../../src/2-parse/document/frontmatter.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import type { HandoffDocument } from "../../src/2-parse/document/model.js";
import type { Point } from "../../src/2-parse/document/position.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { repoRoot } from "../helpers/locations.js";

/** Rules whose findings come from the frontmatter wherever they point. */
const FRONTMATTER_RULES = new Set(["frontmatter-syntax", "frontmatter-schema", "integrity", "expiry", "hatch3r-limits"]);

const at = (point: Point) => `${point.line}:${point.column}`;

/** Every key path of a parsed frontmatter value, depth first. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...paths(item, [...prefix, i])]);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...paths(item, [...prefix, key])]);
  }
  return [];
}

/** The positions of one file's frontmatter and of the findings about it. */
function positionsOf(document: HandoffDocument, findings: string[]): Record<string, unknown> {
  const fm = document.frontmatter;
  const span = (offset: number, endOffset: number) => `${at(document.lines.point(offset))}-${at(document.lines.point(endOffset))}`;
  const entry: Record<string, unknown> = { findings };
  if (!fm) return entry;
  // What the Markdown parse made of the block and where its body starts.
  entry.tree = (document.mdast?.children ?? [])
    .slice(0, 2)
    .map((node) => `${node.type} ${span(node.position?.start.offset ?? -1, node.position?.end.offset ?? -1)}`);
  entry.language = fm.language;
  entry.block = `${at(fm.range.start)}-${at(fm.range.end)}`;
  entry.content = at(document.lines.point(fm.contentOffset));
  entry.body = at(document.lines.point(document.bodyOffset));
  entry.problems = fm.problems.map((p) => `${p.code} ${span(p.offset, p.endOffset)}`);
  entry.fields = paths(fm.data).map((keyPath) => {
    const key = frontmatterNodeOffsets(fm, keyPath, "key");
    const value = frontmatterNodeOffsets(fm, keyPath);
    return `${keyPath.join(".")} key ${span(key.offset, key.endOffset)} value ${span(value.offset, value.endOffset)}`;
  });
  return entry;
}

/** Lints `input` under `cwd` and collects {@link positionsOf} for every file, by path. */
async function positions(cwd: string, input: string): Promise<Record<string, unknown>> {
  // A fixed clock: `expiry` findings depend on it.
  const session = createSession({ cwd, config: {}, now: new Date("2026-06-01T00:00:00Z") });
  const run = await lintPaths([input], session, undefined, { workers: 0 });
  const out: Record<string, unknown> = {};
  for (const result of run.results) {
    const file = path.join(cwd, result.path);
    const document = parseDocument(sourceFromBytes(file, readFileSync(file), cwd));
    const blockEnd = document.frontmatter ? document.frontmatter.range.end.offset : 0;
    const findings = result.diagnostics
      .filter((d) => FRONTMATTER_RULES.has(d.ruleId) || d.offset < blockEnd)
      .map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.messageId ?? ""}`.trim());
    out[result.path] = positionsOf(document, findings);
  }
  return out;
}

describe("frontmatter positions", () => {
  it("of corpus/ are as pinned", async () => {
    const got = await positions(repoRoot, "corpus");
    await expect(`${JSON.stringify(got, null, 1)}\n`).toMatchFileSnapshot("../fixtures/frontmatter-positions/corpus.json");
  });
});
