import { describe, expect, it } from "vitest";
import { classifyHeading, normalizeHeading, roleOfHeading } from "../../src/2-parse/roles/roles.js";

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

/** The roles of a heading, joined: `primary,secondary` or `-`. */
const roles = (heading: string, title = false) => classifyHeading(heading, { title }).join(",") || "-";

describe("classifyHeading: the formal profiles' own headings", () => {
  it.each([
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
    ["Decisions and assumptions", "decisions,hypotheses"],
    ["Risks and open questions", "blockers,open-questions"],
  ])("%j is %s", (heading, expected) => {
    expect(roles(heading)).toBe(expected);
  });
});

describe("classifyHeading: the head phrase decides, a qualifier does not steal the role", () => {
  it.each([
    // A qualifier addressed to the next session makes a work list a next step too.
    ["Hypotheses for the next session", "hypotheses,next-action"],
    ["Remaining hypotheses (still open)", "hypotheses"],
    ["Working hypotheses — still open", "hypotheses"],
    ["Hypotheses for the 14:05 crash", "hypotheses"],
    ["Questions for the next agent", "open-questions,next-action"],
    ["Key files to review next session", "files,next-action"],
    ["Context for the next engineer", "durable-context"],
    ["Notes for the next session", "next-action"],
    ["Handoff (for a new session)", "next-action"],
    ["Watchlist for the next agent", "-"],
    // Ordered: a list of open work in order is the plan.
    ["Open items (priority order)", "remaining,next-action"],
    ["Was noch fehlt (nach Priorität)", "remaining,next-action"],
    ["Four new tests (in priority order)", "build-status,next-action"],
    ["Three new cases (prioritetsordning)", "next-action,remaining"],
    // Finished, deferred, stated.
    ["Follow-ups — ALL COMPLETE ✅", "completed"],
    ["Immediate actions taken (Monday)", "completed"],
    ["Operator asks (deferrable)", "remaining"],
    ["Secondary findings (queued, not acted on)", "verified-facts,remaining"],
    ["Manual follow-ups status", "remaining,session-state"],
    ["Root cause hypothesis", "hypotheses"],
    ["Verification results", "build-status,verified-facts"],
    ["Verified facts and hypotheses", "verified-facts,hypotheses"],
    // A head noun that is not the cue.
    ["Resume consumer implemented", "-"],
    ["The C7 tail is now stronger negative evidence", "-"],
    ['"Next action" rule engine', "-"],
    ["Next.js migration", "-"],
    ["Iteration 2 update — desktop templates", "-"],
  ])("%j is %s", (heading, expected) => {
    expect(roles(heading)).toBe(expected);
  });
});

describe("classifyHeading: the ways people write a next step", () => {
  it.each([
    // phrase or question
    ["What comes after this", "next-action"],
    ["What's next?", "next-action"],
    ["What’s next (phase 2)", "next-action"],
    ["What the next thread does first", "next-action"],
    ["Where to go from here", "next-action"],
    ["When you come back to this repo", "next-action"],
    ["How to resume", "next-action"],
    ["Start here next session", "next-action"],
    ["Up next", "next-action"],
    ["Next ready work item", "next-action"],
    // a heading marked to come first, whatever it names
    ["0) Executive summary (read this first)", "next-action"],
    ["Phase 1 target: local MVP (ship this first)", "next-action"],
    ["Key files (read these first)", "files,next-action"],
    ["Phase 2 (first draft)", "-"],
    // a task handed to the reader
    ["Your assignment", "next-action,goal"],
    ["Current assignment", "next-action,goal"],
    ["Your milestone — P1: soak proof", "next-action,goal"],
    ["Current mission", "next-action,goal"],
    ["Requested response", "next-action"],
    ["Goal for the next session", "next-action,goal"],
    // an ordered plan
    ["Suggested order", "next-action"],
    ["Start with these", "next-action"],
    ["Order of operations", "next-action"],
    ["Recommended delivery order", "next-action"],
    ["Read these first, in order", "next-action"],
    ["Corrected week 2 execution plan", "next-action"],
    ["THE PLAN: a hand-written backward", "next-action"],
    // a TL;DR that assigns work
    ["TL;DR — your task", "next-action,goal"],
    // numbered, with long qualifiers
    ["7. Next steps (iteration 3/3, after the packaging review lands)", "next-action"],
    ["2.4 Recommended first action (MANDATORY before touching the seed script)", "next-action"],
    ["Next session action items (priority order)", "next-action"],
    ["Recommended second action", "next-action"],
    ["Prior session next-steps (superseded by the new plan — kept for audit)", "next-action"],
    ["Resume prompt", "next-action"],
    ["Resumption prompt for the next thread", "next-action"],
    ["Paste this into the new chat", "next-action"],
    ["Quick start for next session", "next-action"],
    ["Cold-start orientation", "next-action"],
    ["The real next seam now", "next-action"],
  ])("%j is %s", (heading, expected) => {
    expect(roles(heading)).toBe(expected);
  });
});

describe("classifyHeading: other languages, spellings and capitals", () => {
  it.each([
    // German, with umlauts, transliterated, in capitals
    ["Nächste Schritte", "next-action"],
    ["Naechste Schritte", "next-action"],
    ["NÄCHSTE SCHRITTE", "next-action"],
    ["NAECHSTE SCHRITTE", "next-action"],
    ["Empfohlene nächste Ausbauschritte", "next-action"],
    ["Wie geht es weiter?", "next-action"],
    ["Deine Aufgabe", "next-action"],
    ["Offene Punkte", "remaining"],
    ["Verifizierte Fakten", "verified-facts"],
    ["Annahmen", "hypotheses"],
    ["Bekannte Probleme", "limitations"],
    ["Erledigt", "completed"],
    // French
    ["Prochaines étapes", "next-action"],
    ["PROCHAINES ETAPES", "next-action"],
    ["Reste à faire", "remaining"],
    ["Faits vérifiés", "verified-facts"],
    ["Hypothèses", "hypotheses"],
    ["Ce qui a été fait", "completed"],
    // Spanish
    ["Próximos pasos", "next-action"],
    ["PROXIMOS PASOS", "next-action"],
    ["Tareas pendientes", "remaining"],
    ["Hechos verificados", "verified-facts"],
    ["Hipótesis", "hypotheses"],
    // Italian
    ["Prossimi passi", "next-action"],
    ["Da fare", "remaining"],
    ["Fatti verificati", "verified-facts"],
    ["Ipotesi", "hypotheses"],
    ["Cosa abbiamo fatto in questa sessione", "completed"],
    // Portuguese
    ["Próximos passos (a fazer)", "next-action"],
    ["Pendências", "remaining"],
    ["Fatos verificados", "verified-facts"],
    ["Hipóteses", "hypotheses"],
    ["O que foi feito", "completed"],
    // Russian
    ["Следующие шаги", "next-action"],
    ["Что дальше", "next-action"],
    ["Что осталось (по приоритету)", "remaining,next-action"],
    ["Проверенные факты", "verified-facts"],
    ["Гипотезы", "hypotheses"],
    ["Что сделано", "completed"],
    // Ukrainian
    ["Наступні кроки", "next-action"],
    ["Що далі", "next-action"],
    ["Що залишилось", "remaining"],
    ["Перевірені факти", "verified-facts"],
    ["Гіпотези", "hypotheses"],
    ["Що зроблено", "completed"],
    // Chinese
    ["下一步", "next-action"],
    ["后续计划", "next-action"],
    ["待办事项", "remaining"],
    ["已验证的事实", "verified-facts"],
    ["假设", "hypotheses"],
    ["已完成", "completed"],
    ["当前状态", "session-state"],
    ["关键文件", "files"],
    // Japanese
    ["次のステップ", "next-action"],
    ["次にやること", "next-action"],
    ["未完了タスク・今後の調査事項", "remaining"],
    ["確認済みの事実", "verified-facts"],
    ["仮説", "hypotheses"],
    ["今回のセッションで完了した変更", "completed"],
    ["現状", "session-state"],
    // Korean
    ["다음 단계", "next-action"],
    ["3. 다음 작업 — 시나리오별", "next-action"],
    ["남은 작업", "remaining"],
    ["확인된 사실", "verified-facts"],
    ["가설", "hypotheses"],
    ["완료된 작업", "completed"],
    ["현재 상태", "session-state"],
  ])("%j is %s", (heading, expected) => {
    expect(roles(heading)).toBe(expected);
  });

  it.each([
    // Suggested steps, order and scope, as a head-initial language writes them
    ["Vorgeschlagene Reihenfolge", "next-action"],
    ["Wo weitermachen?", "next-action"],
    ["Étapes suggérées", "next-action"],
    ["Suite des travaux", "next-action"],
    ["Pasos sugeridos", "next-action"],
    ["Passi suggeriti", "next-action"],
    ["Escopo sugerido", "next-action"],
    ["Próximas tarefas", "next-action"],
    ["Suggested scope", "next-action"],
    ["Plan for tomorrow", "next-action"],
    ["TL;DR — what you need to do", "next-action"],
    // The goal named first, its qualifier after it
    ["Objetivo principal", "goal"],
    ["🎯 Objectif principal", "goal"],
    ["Obiettivo della sessione", "goal"],
    ["Hauptziel", "goal"],
    ["Objetivo da próxima sessão", "next-action,goal"],
    // German compounds, loose ends, Chinese remaining work
    ["Arbeitshypothesen", "hypotheses"],
    ["Loose ends", "remaining"],
    ["剩余工作", "remaining"],
    // Immediate priorities, a task list handed to the reader, what still needs doing
    ["Prioridades inmediatas", "next-action"],
    ["Priorités immédiates", "next-action"],
    ["Priorità immediate", "next-action"],
    ["Sofortige Prioritäten", "next-action"],
    ["5. Your concrete task list (for the reviewer)", "next-action"],
    ["Что ещё нужно сделать", "remaining"],
    ["Що ще потрібно зробити", "remaining"],
    ["Design decisions still needed", "decisions,open-questions"],
    // Chinese: the state of a named thing, the project's positioning
    ["2. 交接时 Git 状态", "session-state"],
    ["服务器最后一次已知状态", "session-state"],
    ["状态机设计", "-"],
    ["项目定位", "durable-context"],
    // Catalan: the next session's priorities, pending tasks
    ["Prioritats immediates", "next-action"],
    ["Propers passos", "next-action"],
    ["Què cal fer ara", "next-action"],
    ["Tasques pendents", "remaining"],
    // What the receiving role (QA, a reviewer) is to do is its next step
    ["What QA should check", "next-action"],
    ["What the reviewer must verify", "next-action"],
    ["Что должен проверить QA", "next-action"],
    ["Що має перевірити QA", "next-action"],
    ["What QA found", "-"],
    // A roadmap and a must-have list are work still to do
    ["Product roadmap", "remaining"],
    ["Must-haves", "remaining"],
  ])("%j is %s", (heading, expected) => {
    expect(roles(heading)).toBe(expected);
  });
});

describe("classifyHeading: document titles", () => {
  it.each([
    ["Bourbaki — handoff for next session", "-"],
    ["Stage 8.1 complete - handoff to next session", "-"],
    ["Handoff: production session -> next session", "-"],
    ["Parser rewrite — next session start here", "next-action"],
    ["Propera sessió (objectius)", "next-action"],
    ["Session handoff — verification and bug fixes", "-"],
  ])("%j (a title) is %s", (heading, expected) => {
    expect(roles(heading, true)).toBe(expected);
  });

  it("reads the same words as a section heading when they are not the title", () => {
    expect(roles("Session handoff — verification and bug fixes")).toBe("build-status,completed");
  });
});

describe("roleOfHeading", () => {
  it("is the primary role, or undefined", () => {
    expect(roleOfHeading("Decisions and assumptions")).toBe("decisions");
    expect(roleOfHeading("Summary")).toBeUndefined();
    expect(roleOfHeading("")).toBeUndefined();
    expect(roleOfHeading("🚀")).toBeUndefined();
  });

  it.each([["Summary"], ["Notes"], ["Metrics"], ["Environment"], ["Architecture decisions in this repo were hard"]])(
    "%j names no role it should not",
    (heading) => {
      expect(classifyHeading(heading)).not.toContain("next-action");
    },
  );
});
