import { describe } from "vitest";
import { agentPermissions } from "../../rules/agent-permissions.js";
import { ruleCases } from "../helpers/rule-tester.js";

const BYPASS = (what: string) =>
  `warning This tells the next agent to run with its permission checks off ('${what}'): whoever resumes should choose that, not inherit it; say why it is needed, or leave it out`;
const NO_ASKING = (what: string) =>
  `warning This tells the next agent not to ask before acting ('${what}'): whoever resumes should keep its safeguards; say which decisions are already made instead`;

describe("agent-permissions", () => {
  ruleCases(agentPermissions, [
    {
      name: "reports an imperative to turn on a bypass mode, in Russian, English and Spanish",
      text:
        "# H\n\n- 👉 Включи **Bypass permissions** (`Ctrl+Shift+M` → `5`), иначе промпты.\n" +
        "- Use `--yolo` so the run never stops.\n\n1. Activa `--dangerously-skip-permissions` antes de empezar.\n",
      expected: [`3:3 ${BYPASS("Bypass permissions")}`, `4:3 ${BYPASS("--yolo")}`, `6:4 ${BYPASS("--dangerously-skip-permissions")}`],
    },
    {
      name: "reports an agent's command line with a bypass flag, in a fence or inline",
      text: '# H\n\n```sh\ncd app\nclaude --dangerously-skip-permissions -p "continue"\n```\n\nThen `codex --dangerously-bypass-approvals-and-sandbox exec fix`.\n',
      expected: [`3:1 ${BYPASS("--dangerously-skip-permissions")}`, `8:6 ${BYPASS("--dangerously-bypass-approvals-and-sandbox")}`],
    },
    {
      name: "reports telling the agent not to ask before acting, at a sentence's start, on the line that says it",
      text: "# H\n\n> Tick: read the backlog,\n> ship one slice. DO NOT ask the owner questions and DO NOT stop.\n\n- Never ask for confirmation before pushing.\n",
      expected: [`4:1 ${NO_ASKING("DO NOT ask the owner questions")}`, `6:3 ${NO_ASKING("Never ask for confirmation")}`],
    },
    {
      name: "leaves alone a description of the flag, a negated instruction, a flag in other code, and asking questions",
      text:
        "# H\n\nThe CI launcher passes `--dangerously-skip-permissions` inside its container.\n\nDon't use `--yolo` here.\n\n" +
        "3. `ClaudeProcess.start()` — PTY spawns `claude --dangerously-skip-permissions -p <prompt>`.\n\n" +
        "```sh\nnpm test -- --full-auto\n```\n\nThe bot does not ask questions at night. Ask before you push.\n",
      expected: [],
    },
  ]);
});
