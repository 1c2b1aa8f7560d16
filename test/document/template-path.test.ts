import { describe, expect, it } from "vitest";
import { isTemplatePath } from "../../src/3-check/heuristics/template-path.js";

describe("isTemplatePath", () => {
  it.each([
    ["HANDOFF_TEMPLATE.md", true],
    ["docs/handoff-template.md", true],
    ["handoff.template.md", true],
    ["template.md", true],
    ["template-session.md", true],
    ["C:\\repo\\templates\\session.md", true],
    ["/home/me/repo/.claude/templates/SESSION-STATE.md", true],
    ["memory-bank/_templates/a/b/handoff.md", true],
    ["HANDOFF.md", false],
    ["notes/email-templates.md", false],
    ["docs/templated-output.md", false],
    ["/srv/templates/repo/docs/handoffs/2026/handoff.md", false],
  ])("%s → %s", (file, expected) => {
    expect(isTemplatePath(file)).toBe(expected);
  });
});
