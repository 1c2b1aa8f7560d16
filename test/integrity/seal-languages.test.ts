/**
 * `seal` and `status` change only the bytes they own in JSON and TOML frontmatter too: the one
 * value (quoted as the file quotes it), or one new key written the way the block writes its keys.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { frontmatterDigest } from "../../src/3-check/integrity/digest.js";
import { planSeal } from "../../src/3-check/integrity/seal.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { editFrontmatterValues } from "../../src/5-operations/resume/status-change.js";

const BODY = "\n# Problem\n\nThe reindex skips slow tenants.\n\n## Next Steps\n\n1. Fix it.\n";
const DIGEST = `sha256:${createHash("sha256").update(BODY.trim(), "utf8").digest("hex")}`;
const STALE = `sha256:${"0".repeat(64)}`;

function documentOf(text: string) {
  return parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
}

/** The sealed text, and the frontmatter digest it must carry (of the values as they were). */
function sealed(text: string): { text: string; fm: string } {
  const document = documentOf(text);
  const plan = planSeal(document);
  expect(plan.digest).toBe(DIGEST);
  const fm = frontmatterDigest(document.frontmatter!.data!);
  expect(plan.frontmatterDigest).toBe(fm);
  return { text: new TextDecoder().decode(plan.bytes), fm };
}

describe("seal in JSON and TOML frontmatter", () => {
  it.each([
    [
      "JSON, a stale value",
      `---json\n{\n  "type": "handoff",\n  "integrity": "${STALE}"\n}\n---\n`,
      `---json\n{\n  "type": "handoff",\n  "integrity": "${DIGEST}",\n  "integrity_frontmatter": "FM"\n}\n---\n`,
    ],
    [
      "TOML (+++), a stale basic string",
      `+++\ntype = "handoff"\nintegrity = "${STALE}" # sealed\n+++\n`,
      `+++\nintegrity_frontmatter = "FM"\ntype = "handoff"\nintegrity = "${DIGEST}" # sealed\n+++\n`,
    ],
    [
      "TOML (---toml), a stale literal string",
      `---toml\ntype = 'handoff'\nintegrity = '${STALE}'\n---\n`,
      `---toml\nintegrity_frontmatter = "FM"\ntype = 'handoff'\nintegrity = '${DIGEST}'\n---\n`,
    ],
    [
      "CRLF TOML",
      `+++\r\ntype = "handoff"\r\nintegrity = "${STALE}"\r\n+++\r\n`,
      `+++\r\nintegrity_frontmatter = "FM"\r\ntype = "handoff"\r\nintegrity = "${DIGEST}"\r\n+++\r\n`,
    ],
  ])("%s: replaces the value in place and adds integrity_frontmatter, nothing else", (_name, head, expected) => {
    const { text, fm } = sealed(head + BODY);
    expect(text).toBe(expected.replace("FM", fm) + BODY);
  });

  it.each([
    [
      "JSON, one key per line",
      '---json\n{\n  "type": "handoff",\n  "status": "open"\n}\n---\n',
      `---json\n{\n  "type": "handoff",\n  "status": "open",\n  "integrity": "${DIGEST}",\n  "integrity_frontmatter": "FM"\n}\n---\n`,
    ],
    ["JSON, compact", '---json\n{"type":"handoff"}\n---\n', `---json\n{"type":"handoff","integrity":"${DIGEST}","integrity_frontmatter":"FM"}\n---\n`],
    [
      "JSON, one line with spaces",
      '---json\n{ "type": "handoff" }\n---\n',
      `---json\n{ "type": "handoff", "integrity": "${DIGEST}", "integrity_frontmatter": "FM" }\n---\n`,
    ],
    ["JSON, an empty object", "---json\n{}\n---\n", `---json\n{"integrity": "${DIGEST}","integrity_frontmatter": "FM"}\n---\n`],
    [
      "TOML, before its tables",
      '+++\ntype="handoff"\n[owner]\nname = "Ana"\n+++\n',
      `+++\nintegrity_frontmatter="FM"\nintegrity="${DIGEST}"\ntype="handoff"\n[owner]\nname = "Ana"\n+++\n`,
    ],
    ["CRLF TOML", '+++\r\ntype = "handoff"\r\n+++\r\n', `+++\r\nintegrity_frontmatter = "FM"\r\nintegrity = "${DIGEST}"\r\ntype = "handoff"\r\n+++\r\n`],
  ])("%s: adds the keys the way the block writes its keys", (_name, head, expected) => {
    const { text, fm } = sealed(head + BODY);
    expect(text).toBe(expected.replace("FM", fm) + BODY);
    // …and the result reads back sealed, with the same frontmatter plus the two digests.
    expect(documentOf(text).frontmatter?.problems).toEqual([]);
  });

  it("refuses a multi-line TOML integrity value and leaves the document alone", () => {
    const text = `+++\nintegrity = """\n${STALE}"""\n+++\n${BODY}`;
    expect(() => planSeal(documentOf(text))).toThrow("'integrity' spans several lines; it must be a one-line value");
  });

  it("refuses a broken JSON block with its syntax error", () => {
    expect(() => planSeal(documentOf(`---json\n{"type": }\n---\n${BODY}`))).toThrow(
      "the frontmatter cannot be edited safely: JSON syntax error: value expected",
    );
  });
});

describe("status in JSON and TOML frontmatter", () => {
  it.each([
    [
      "JSON",
      '---json\n{\n  "status": "open",\n  "updated": "2026-03-01T10:00:00Z"\n}\n---\n',
      '---json\n{\n  "status": "resumed",\n  "updated": "2026-03-02T09:00:00Z"\n}\n---\n',
    ],
    [
      "TOML, a bare date-time stays bare",
      "+++\nstatus = 'open' # lifecycle\nupdated = 2026-03-01T10:00:00Z\n+++\n",
      "+++\nstatus = 'resumed' # lifecycle\nupdated = 2026-03-02T09:00:00Z\n+++\n",
    ],
    [
      "TOML, a quoted date-time stays quoted",
      '+++\nstatus = "open"\nupdated = "2026-03-01T10:00:00Z"\n+++\n',
      '+++\nstatus = "resumed"\nupdated = "2026-03-02T09:00:00Z"\n+++\n',
    ],
  ])("%s: writes each value in place, in the file's own style", (_name, head, expected) => {
    const text = editFrontmatterValues(documentOf(head + BODY), { status: "resumed", updated: "2026-03-02T09:00:00Z" });
    expect(text).toBe(expected + BODY);
    expect(documentOf(text).frontmatter?.data).toMatchObject({ status: "resumed", updated: "2026-03-02T09:00:00Z" });
  });
});
