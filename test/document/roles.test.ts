import { describe, expect, it } from "vitest";
import { normalizeHeading, roleOfHeading } from "../../src/document/roles.js";

describe("normalizeHeading", () => {
  it.each([
    ["1. Next steps", "next steps"],
    ["2.3 Decisions", "decisions"],
    ["Step 4: Next steps", "next steps"],
    ["A) Goal", "goal"],
    ["IV. Open questions", "open questions"],
    ["🔜 Next steps", "next steps"],
    ["✅ COMPLETED THIS SESSION ✅", "completed this session"],
    ["Next Steps:", "next steps"],
    ["Build & Test Status", "build and test status"],
    ["Repos / files / paths", "repos files paths"],
    ["ＮＥＸＴ　ＳＴＥＰＳ", "next steps"],
    ["What’s next?", "what's next"],
    ["  Spaced   out  ", "spaced out"],
    ["🚀🚀", ""],
  ])("%j → %j", (heading, normalized) => {
    expect(normalizeHeading(heading)).toBe(normalized);
  });
});

describe("roleOfHeading", () => {
  it.each([
    // The formal profiles' own headings
    ["Goal", "goal"],
    ["Durable context", "durable-context"],
    ["Session state", "session-state"],
    ["Verified facts", "verified-facts"],
    ["Hypotheses", "hypotheses"],
    ["Decisions", "decisions"],
    ["Completed work", "completed"],
    ["Failed attempts", "failed-attempts"],
    ["Tool / runtime limitations", "limitations"],
    ["Repos / files / paths", "files"],
    ["Unresolved work", "remaining"],
    ["Constraints", "constraints"],
    ["Mutable state to re-verify", "mutable-state"],
    ["Next action", "next-action"],
    ["Run / Verify", "build-status"],
    ["Open questions outside code", "open-questions"],
    ["Session lessons", "lessons"],
    ["Problem", "goal"],
    ["Work Done", "completed"],
    ["Work Remaining", "remaining"],
    ["Blockers", "blockers"],
    ["Next Steps", "next-action"],
    ["Build & Test Status", "build-status"],
    ["File Manifest", "files"],
    ["Objective and authorization", "goal"],
    ["Done", "completed"],
    ["Next", "next-action"],
    ["Decisions and assumptions", "decisions"],
    ["Risks and open questions", "open-questions"],
    // Real-world wordings
    ["Current state", "session-state"],
    ["Key files", "files"],
    ["Do NOT", "constraints"],
    ["Don’t", "constraints"],
    ["Risks", "blockers"],
    ["What’s next?", "next-action"],
    ["What's next", "next-action"],
    ["Start here", "next-action"],
    // Numbered and emoji
    ["5. Next steps", "next-action"],
    ["Step 2: Decisions", "decisions"],
    ["🔜 Next steps", "next-action"],
    ["✅ Completed this session", "completed"],
    ["📁 Key files", "files"],
    // Other languages
    ["次のステップ", "next-action"],
    ["現状", "session-state"],
    ["ファイル構成", "files"],
    ["決定事項", "decisions"],
    ["下一步", "next-action"],
    ["当前状态", "session-state"],
    ["关键文件", "files"],
    ["决策", "decisions"],
    ["다음 단계", "next-action"],
    ["현재 상태", "session-state"],
    ["결정 사항", "decisions"],
    ["남은 작업", "remaining"],
    ["Próximos pasos", "next-action"],
    ["Nächste Schritte", "next-action"],
    ["Следующие шаги", "next-action"],
    ["Prochaines étapes", "next-action"],
  ])("%j is %s", (heading, role) => {
    expect(roleOfHeading(heading)).toBe(role);
  });

  it.each([["Summary"], ["Verified facts and hypotheses"], ["Notes"], ["🚀"], [""]])(
    "%j has no role",
    (heading) => {
      expect(roleOfHeading(heading)).toBeUndefined();
    },
  );
});

describe("next-action and remaining headings seen in real handoffs", () => {
  it.each([
    ["Where to Start Next", "next-action"],
    ["What the next thread does first", "next-action"],
    ["How to resume", "next-action"],
    ["Resume instructions", "next-action"],
    ["Next: Stage 8.4", "next-action"],
    ["First Actions for the Next Lead", "next-action"],
    ["Tomorrow First Action (Upload fix)", "next-action"],
    ["⚡ Do This First: Load Agent Profile", "next-action"],
    ["Suggested actions for the maintainer", "next-action"],
    ["Action items", "next-action"],
    ["Empfohlene nächste Ausbauschritte", "next-action"],
    ["Manual Follow-Up Required (Tomorrow)", "remaining"],
    ["미완료 / 후속 과제", "remaining"],
    ["已知待修复", "remaining"],
    ["Vad som återstår (i ordning)", "remaining"],
  ])("%j → %s", (heading, role) => {
    expect(roleOfHeading(heading)).toBe(role);
  });

  it.each(["Next.js migration", "Watchlist for Next Agent", "Requested response"])("%j has no next-action role", (heading) => {
    expect(roleOfHeading(heading)).not.toBe("next-action");
  });
});
