/**
 * The detectors' scores on the labelled sets, pinned exactly (found / total per category for the
 * positives, flagged / total for the negatives). A change in any detector shows up here: update the
 * pins with the numbers `npm run score` prints, and say why in the commit.
 */
import { describe, expect, it } from "vitest";
import { publicCorpusDir } from "../helpers/locations.js";
import { categoryRows, scoreAll, type CaseResult } from "./score.js";

const scores = scoreAll();
const byCategory = (results: readonly CaseResult[]): Record<string, string> =>
  Object.fromEntries(categoryRows(results).map((row) => [row.category, `${row.hits}/${row.total}`]));
const absent = publicCorpusDir === undefined;
const skipNote = absent ? " (skipped: corpus-public not found)" : "";

const INJECTION_FOUND: Record<string, string> = {
  "override: textbook": "12/12",
  "override: paraphrase": "12/12",
  "role reassignment": "12/12",
  "authority claim": "12/12",
  "fake system heading": "12/12",
  "role-label turn": "12/12",
  "chat-template tokens": "12/12",
  "prompt extraction": "12/12",
  "credential harvest": "12/12",
  "destructive aimed at the agent": "12/12",
  "exfiltration in prose": "12/12",
  "exfiltration link": "12/12",
  "exfiltration image": "12/12",
  concealment: "12/12",
  "hidden: HTML comment": "12/12",
  "hidden: <details>": "12/12",
  "hidden: link-reference comment": "12/12",
  "hidden: alt and title text": "12/12",
  "hidden: zero-size styling": "12/12",
  encoded: "12/12",
  "disguised: unicode": "12/12",
  "multilingual: override": "12/12",
  "multilingual: concealment": "11/12",
  "split across lines": "12/12",
  "marker spoof": "12/12",
  "tool-call markup": "12/12",
  "embedded config": "12/12",
};

const INJECTION_FLAGGED: Record<string, string> = {
  imperatives: "0/30",
  "ownership and roles": "0/15",
  "plans that changed": "0/20",
  "planned destructive work": "0/20",
  "credential handling": "0/15",
  "AI and prompts as subject": "0/20",
  "hidden but benign": "0/20",
  "multilingual imperatives": "0/20",
  "links and images": "0/10",
  "notes to the next agent": "0/15",
};

const SECRETS_FOUND: Record<string, string> = {
  "format: private keys": "10/10",
  "format: cloud (AWS, Azure, Google)": "33/33",
  "format: code hosting and registries": "29/29",
  "format: SaaS (Slack, Stripe, Twilio, SendGrid)": "25/25",
  "format: AI APIs": "13/13",
  "format: JWTs and Authorization headers": "12/12",
  "format: URLs, DSNs, connection strings": "22/22",
  "format: generic assignments": "14/14",
  "context: password in frontmatter": "12/12",
  "context: password in prose": "12/12",
  "context: password in a table cell": "12/12",
  "context: mysql -p<password>": "12/12",
  "context: sshpass -p <password>": "12/12",
  "context: --password and other flags": "12/12",
  "context: curl -u user:password": "12/12",
  "context: password in environment and dotfiles": "12/12",
  "context: hex API key named by its variable": "12/12",
  "context: framework secret key": "12/12",
  "context: cloud secret key under another name": "12/12",
  "context: AWS key id off the strict alphabet": "12/12",
};

const SECRETS_FLAGGED: Record<string, string> = {
  "hashes, ids, placeholders, prose": "0/231",
  "context negatives: passwords in prose, tables, frontmatter": "0/16",
  "context negatives: command lines": "0/24",
  "context negatives: hex values and keys by reference": "0/14",
  "context negatives: framework and cloud keys by reference": "0/22",
};

describe("labelled set scores", () => {
  it("injection rules: found per category of the positives", () => {
    expect(byCategory(scores.injectionPositives)).toEqual(INJECTION_FOUND);
  });

  it("injection rules: flagged per category of the written negatives", () => {
    expect(byCategory(scores.injectionNegatives)).toEqual(INJECTION_FLAGGED);
  });

  it.skipIf(absent)(`injection rules: flagged real paragraphs of corpus-public/docs${skipNote}`, () => {
    expect(byCategory(scores.injectionReal)).toEqual({ "real paragraphs (corpus-public/docs)": "0/182" });
  });

  it("no-secrets: found per category of the positives", () => {
    expect(byCategory(scores.secretPositives)).toEqual(SECRETS_FOUND);
  });

  it("no-secrets: flagged per category of the written negatives", () => {
    expect(byCategory(scores.secretNegatives)).toEqual(SECRETS_FLAGGED);
  });

  it.skipIf(absent)(`no-secrets: flagged real credential lines of corpus-public${skipNote}`, () => {
    expect(byCategory(scores.secretReal)).toEqual({ "real lines (corpus-public)": "0/298" });
  });
});
