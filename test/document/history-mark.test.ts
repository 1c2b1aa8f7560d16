import { describe, expect, it } from "vitest";
import { historyMark } from "../../src/3-check/heuristics/history-mark.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

/** The mark of `text` at `file`: `by=text`, or `-` for a document to resume. */
const mark = (text: string, file = "/repo/docs/handoff.md") => {
  const found = historyMark(parseDocument(sourceFromBytes(file, new TextEncoder().encode(text), "/repo")));
  return found ? `${found.by}=${found.text}` : "-";
};

describe("historyMark", () => {
  it.each([
    ["---\nstatus: Superseded\n---\n\n# H\n", "status=Superseded"],
    ["---\nstatus: done\n---\n\n# H\n", "status=done"],
    ["---\nsuperseded_by: 2026-03-01.md\n---\n\n# H\n", "superseded_by=2026-03-01.md"],
    ["# [ARCHIVED] Parser handoff\n\ntext\n", "title=[ARCHIVED] Parser handoff"],
    ["# Übergabe (veraltet)\n\ntext\n", "title=Übergabe (veraltet)"],
    ["# 交接文档（已归档）\n\ntext\n", "title=交接文档（已归档）"],
    ["# Передача (устарело)\n\ntext\n", "title=Передача (устарело)"],
    ["# H\n\n**Status:** Superseded by the March handoff\n", "status line=**Status:** Superseded by the March handoff"],
    ["# H\n\n> This handoff is superseded by `b.md`.\n", "status line=> This handoff is superseded by `b.md`."],
    ["# H\n\n> **ARCHIVED** — kept for reference\n", "status line=> **ARCHIVED** — kept for reference"],
    ["# H\n\n- Статус: устарел\n", "status line=- Статус: устарел"],
  ])("marks %j", (text, expected) => {
    expect(mark(text)).toBe(expected);
  });

  it.each([
    ['{ "status": "closed", "updated_at": "2026-01-02T10:00:00Z" }', "/repo/handoff.json", "status=closed"],
    ['{ "status": "in_progress", "timestamp": "2026-01-02" }', "/repo/handoff.json", "-"],
    ['# H\n\n```json\n{ "schema": "verified-delivery/handoff-v1", "status": "closed" }\n```\n', "/repo/docs/handoff.md", "status=closed"],
  ])("reads the status of a JSON record %j", (text, file, expected) => {
    expect(mark(text, file)).toBe(expected);
  });

  it.each([
    ["---\nstatus: in-progress\nsuperseded_by: null\n---\n\n# H\n"],
    ["# H\n\n_Supersedes all earlier notes._\n"],
    ["# H\n\n**Status:** Phase 1 complete\n"],
    ["# H\n\n**Status:** in progress (the v1 notes are archived)\n"],
    ["# H\n\n2. **Archived handoff** — the earlier pass, below\n"],
    ["# Archive migration handoff\n\ntext\n"],
    ["# H\n\n## Snapshot (superseded)\n\n**Status:** superseded\n"],
    ["# H\n\n```\nStatus: superseded\n```\n"],
  ])("does not mark %j", (text) => {
    expect(mark(text)).toBe("-");
  });

  it.each([
    ["/repo/docs/handoffs/archive/2026/h.md", "folder=archive"],
    ["/repo/.hatch3r/handoffs/archived/h.md", "folder=archived"],
    ["C:\\repo\\handoffs\\_archive\\h.md", "folder=_archive"],
    ["/repo/docs/old/h.md", "folder=old"],
    ["/archive/repo/docs/handoffs/2026/h.md", "-"],
    ["/repo/docs/handoffs/h.md", "-"],
  ])("reads the folder of %s", (file, expected) => {
    expect(mark("# H\n\ntext\n", file)).toBe(expected);
  });
});
