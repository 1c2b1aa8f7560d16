import { describe } from "vitest";
import { factsHypotheses } from "../../rules/facts-hypotheses.js";
import { ruleCases } from "../helpers/rule-tester.js";

const contract = (facts: string, extra = "") => `# HANDOFF api 20260304T1730Z\n\n## Goal\n\ng\n\n## Verified facts\n\n${facts}\n${extra}`;

describe("facts-hypotheses", () => {
  ruleCases(factsHypotheses, [
    {
      name: "accepts facts that each carry evidence",
      text: contract(
        [
          "- `npm test` passes.",
          "- The job exited with exit code 0.",
          "- Fixed in 4f9c2e1.",
          "- The config lives in src/config/app.ts.",
          "- See [the run](https://ci.example/run/1).",
          "- 42 tests passed on 2026-03-04.",
          "- The endpoint answers HTTP 200.",
          "- Closed by PR #88.",
        ].join("\n"),
      ),
      expected: [],
    },
    {
      name: "reports each hedge word at its position (and the claim without evidence)",
      text: contract("- The cache probably explains it; it seems stale.\n- I think `npm test` passes."),
      expected: [
        "9:1 info Verified fact without evidence (a command, exit code, SHA, path or link)",
        "9:13 warning Hedged wording 'probably' in Verified facts: move the claim to Hypotheses until a command confirms it",
        "9:38 warning Hedged wording 'seems' in Verified facts: move the claim to Hypotheses until a command confirms it",
        "10:3 warning Hedged wording 'I think' in Verified facts: move the claim to Hypotheses until a command confirms it",
      ],
    },
    {
      name: "reports a fact without evidence at info severity, over the whole claim",
      text: contract("- The export works for every customer.\n\nA paragraph is one claim too."),
      expected: [
        "9:1 info Verified fact without evidence (a command, exit code, SHA, path or link)",
        "11:1 info Verified fact without evidence (a command, exit code, SHA, path or link)",
      ],
    },
    {
      name: "does not read hedges inside inline code or code blocks",
      text: contract("- `grep -q probably log.txt` exits 0.\n\n```sh\n# this might fail\nnpm test\n```"),
      expected: [],
    },
    {
      name: "reads only the section's own text, not its sub-sections",
      text: contract("- `npm test` passes.", "\n### Notes\n\n- maybe later\n"),
      expected: [],
    },
    {
      name: "reports a combined facts-and-hypotheses heading as an error in the contract profile",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n\n## Verified facts and hypotheses\n\n- maybe\n",
      expected: ["7:1 error 'Verified facts and hypotheses' mixes verified facts and hypotheses: the contract profile keeps them in separate sections"],
    },
    {
      name: "accepts a combined heading in a profile that does not separate them",
      text: "# Notes\n\n## Facts and assumptions\n\n- maybe\n",
      expected: [],
    },
    {
      name: "reads a generic handoff's Verified facts for hedges, without asking each claim for evidence",
      text: "# Notes\n\n## Verified facts\n\n- It should work now.\n",
      expected: ["5:6 warning Hedged wording 'should work' in Verified facts: move the claim to Hypotheses until a command confirms it"],
    },
    {
      name: "reads a section the classifier gives the verified-facts role, in any wording or language",
      text: "# Notes\n\n## Verifizierte Fakten\n\n- Der Cache ist kalt (maybe).\n\n## Key findings\n\n- `npm test` probably passes.\n",
      expected: [
        "5:23 warning Hedged wording 'maybe' in Verified facts: move the claim to Hypotheses until a command confirms it",
        "9:14 warning Hedged wording 'probably' in Verified facts: move the claim to Hypotheses until a command confirms it",
      ],
    },
    {
      name: "reports a combined heading in any wording the classifier reads as both roles",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n\n## Facts & assumptions\n\n- maybe\n",
      expected: ["7:1 error 'Facts & assumptions' mixes verified facts and hypotheses: the contract profile keeps them in separate sections"],
    },
    {
      name: "leaves a hedge on how far a confirmed finding reaches alone, and still reports one on the finding",
      text:
        "# Notes\n\n## Confirmed findings\n\n- The fix reaches screens rebuilt since; `Screen_A` and possibly others still show the old layout.\n" +
        "- Fails on Linux, maybe elsewhere too.\n- It is possibly the cache, and probably more.\n",
      expected: ["7:9 warning Hedged wording 'possibly' in Verified facts: move the claim to Hypotheses until a command confirms it"],
    },
    {
      name: "leaves hedges in Hypotheses alone",
      text: contract("- `npm test` passes.", "\n## Hypotheses\n\n- The cache probably explains it.\n"),
      expected: [],
    },
  ]);
});
