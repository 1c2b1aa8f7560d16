import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { checkIntegrity, documentDigest, hatch3rDigest, lineEndingVariants } from "../../src/3-check/integrity/digest.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

/** hatch3r's rule, computed independently with node:crypto. */
function reference(trimmedBody: string): string {
  return `sha256:${createHash("sha256").update(Buffer.from(trimmedBody, "utf8")).digest("hex")}`;
}

function digestOfFile(bytes: Uint8Array | string, profile = "hatch3r"): string {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const document = parseDocument(sourceFromBytes("/virtual/h.md", data, "/virtual"));
  return documentDigest(document.text, document.bodyOffset, profile).digest;
}

const FRONT = "---\nid: x\ntype: handoff\n---\n";
const FRONT_CRLF = "---\r\nid: x\r\ntype: handoff\r\n---\r\n";

describe("hatch3r digest vectors", () => {
  it("LF body: trimmed body after the closing fence", () => {
    const expected = "sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886";
    expect(reference("# Problem\n\nFix it.")).toBe(expected);
    expect(digestOfFile(`${FRONT}\n# Problem\n\nFix it.\n`)).toBe(expected);
    expect(hatch3rDigest("\n# Problem\n\nFix it.\n\n")).toBe(expected);
  });

  it("CRLF body: no line-ending normalization", () => {
    const expected = "sha256:0854cb6d53ca59a730a6cb21d77a6cf70ffb44bb4b3a69d9902d4640dd93c7ab";
    expect(reference("# Problem\r\n\r\nFix it.")).toBe(expected);
    expect(digestOfFile(`${FRONT_CRLF}\r\n# Problem\r\n\r\nFix it.\r\n`)).toBe(expected);
  });

  it("BOM: the byte order mark is not part of the body", () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${FRONT}\n# Problem\n\nFix it.\n`)]);
    expect(digestOfFile(withBom)).toBe("sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886");
  });

  it("trailing whitespace: trimmed at the ends of the body only, kept on inner lines", () => {
    const expected = "sha256:912b037489e6dcd0b2e231452cf6cbbd81d10fbfe79018de3296685e7220fd77";
    expect(reference("# Problem  \n\nFix it.")).toBe(expected);
    expect(digestOfFile(`${FRONT}  \n# Problem  \n\nFix it.\n\n \t\n`)).toBe(expected);
  });

  it("non-ASCII text is hashed as UTF-8", () => {
    const expected = "sha256:9496d0141ce32fc1b158681dfe83be1a272522728d0c452d766af5ae42aa7eb6";
    expect(reference("# Problème\n\nFix it — ünïcode ✓")).toBe(expected);
    expect(digestOfFile(`${FRONT}# Problème\n\nFix it — ünïcode ✓\n`)).toBe(expected);
  });

  it("an empty body hashes the empty string", () => {
    expect(digestOfFile(`${FRONT}\n\n`)).toBe("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("canonical form for other profiles", () => {
  it("is the same computation, so a profile change keeps the digest", () => {
    const text = `${FRONT}\n# Problem\n\nFix it.\n`;
    expect(documentDigest(text, FRONT.length, "generic")).toEqual({
      digest: "sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886",
      algorithm: "canonical",
    });
  });

  it("hashes the whole text when there is no frontmatter", () => {
    expect(digestOfFile("# Problem\n\nFix it.\n", "generic")).toBe("sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886");
  });
});

describe("checkIntegrity", () => {
  const lf = "sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886";
  const crlf = "sha256:0854cb6d53ca59a730a6cb21d77a6cf70ffb44bb4b3a69d9902d4640dd93c7ab";

  it("matches the exact body", () => {
    expect(checkIntegrity(lf, "# Problem\n\nFix it.\n")).toEqual({ status: "match", computed: lf });
  });

  it("reports a CRLF-only difference as line endings rewritten, not tampering", () => {
    expect(checkIntegrity(lf, "# Problem\r\n\r\nFix it.\r\n")).toEqual({ status: "line-endings", computed: crlf, rewrite: "lf-to-crlf" });
    expect(checkIntegrity(crlf, "# Problem\n\nFix it.\n")).toEqual({ status: "line-endings", computed: lf, rewrite: "crlf-to-lf" });
  });

  it("reports changed content as a mismatch", () => {
    expect(checkIntegrity(lf, "# Problem\r\n\r\nFix it!\r\n").status).toBe("mismatch");
  });

  it("offers no variant for a body without line breaks", () => {
    expect(lineEndingVariants("one line")).toEqual([]);
  });
});
