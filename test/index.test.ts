import { describe, expect, it } from "vitest";
import * as api from "../src/index.js";

describe("programmatic API", () => {
  it("lints text through the exported pipeline", () => {
    const session = api.createSession({ cwd: "/virtual", config: { markdownlint: false } });
    const result = api.lintText("HANDOFF.md", "# Notes\n\n## Next steps\n\nTBD\n", session);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(["3:1 next-action"]);
    expect(api.builtinRules.length).toBe(37);
    expect(api.BUILTIN_PROFILES.map((p) => p.id)).toEqual(["hatch3r", "verified-delivery", "sno", "contract", "generic"]);
  });
});
