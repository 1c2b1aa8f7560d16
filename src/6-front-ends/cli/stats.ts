/**
 * `handoff stats [paths...]`: the `stats` operation (../operations/stats.ts) as a table, JSON,
 * Markdown, an SVG chart or an HTML page; `--summary` also appends the Markdown to the GitHub job
 * summary, and `--fail-under` gates set the exit code.
 */
import type { Command } from "commander";
import { handoffStats, type StatsOptions } from "../../5-operations/stats.js";
import { barChartSvg, figuresTableHtml, historyTableHtml, htmlPage, lineChartSvg, type HistoryPoint } from "../../4-report/stats/chart.js";
import { PROBLEM_FIGURES, type GateOutcome } from "../../4-report/stats/figures.js";
import { formatStatsJson, formatStatsMarkdown, formatStatsTable } from "../../4-report/stats/format.js";
import { textFormatOption } from "./format-names.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { appendStepSummary } from "./step-summary.js";
import { storeOption } from "./store-backend.js";

/** Options parsed from the command line. */
export interface StatsCommandOptions extends StatsOptions {
  format: string;
  summary?: boolean;
  failUnder?: string[];
}

/** The machine formats of `stats`, besides `text`. */
const FORMATS = ["json", "markdown", "svg", "html"];

const TREND_IDS = ["v1-headings", "hypotheses", "job-records", "zero-errors"];

function historyMarkdown(points: readonly HistoryPoint[]): string {
  const rows = points.map(
    (p) =>
      `| \`${p.commit.slice(0, 7)}\` | ${p.date.slice(0, 10)} | ${p.report.handoffs} | ${TREND_IDS.map((id) => {
        const f = p.report.figures.find((x) => x.id === id);
        return f ? `${f.count} of ${f.total}` : "-";
      }).join(" | ")} |`,
  );
  return `## Handoff adoption over time\n\n| commit | date | handoffs | ${TREND_IDS.join(" | ")} |\n| --- | --- | ---: | ${TREND_IDS.map(() => "---:").join(" | ")} |\n${rows.join("\n")}\n`;
}

function historyTable(points: readonly HistoryPoint[]): string {
  const header = ["commit ", "date      ", "handoffs", ...TREND_IDS].join("  ");
  const rows = points.map((p) =>
    [
      p.commit.slice(0, 7),
      p.date.slice(0, 10),
      String(p.report.handoffs).padStart(8),
      ...TREND_IDS.map((id) => {
        const f = p.report.figures.find((x) => x.id === id);
        return `${f ? `${f.count}/${f.total}` : "-"}`.padStart(id.length);
      }),
    ].join("  "),
  );
  return `${[header, ...rows].join("\n")}\n`;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Prints the `--fail-under` gates that fail, name no figure, or have nothing to measure (0 of 0: a
 * pass, with a note). @returns 0 all pass, 1 a gate fails, 2 a gate names no figure.
 */
function gateExit(outcomes: readonly GateOutcome[], io: CommandIO): number {
  for (const { gate, figure, result } of outcomes) {
    if (result === "unknown") io.stderr.write(`handoff: --fail-under names unknown figure '${gate.id}'\n`);
    else if (result === "empty")
      io.stderr.write(`handoff: note: ${gate.id} has no documents to measure (0 of 0): the gate ${gate.id}${gate.op}${pct(gate.share)} passes\n`);
    else if (result === "fail" && figure) {
      const bound = gate.op === ">=" ? `under the minimum ${pct(gate.share)}` : `over the maximum ${pct(gate.share)}`;
      const hint =
        gate.op === ">=" && PROBLEM_FIGURES.includes(gate.id) ? ` (${gate.id} counts problems: for a maximum write ${gate.id}<=${pct(gate.share)})` : "";
      io.stderr.write(`handoff: ${gate.id} is ${pct(figure.share)} (${figure.count} of ${figure.total}), ${bound}${hint}\n`);
    }
  }
  if (outcomes.some((o) => o.result === "unknown")) return EXIT.usage;
  return outcomes.some((o) => o.result === "fail") ? EXIT.findings : EXIT.ok;
}

/**
 * Runs `stats`. @returns 0, 1 when a --fail-under gate fails, 2 when a gate names no figure or a
 * path matches nothing. @throws ConfigError for a bad gate or config, GitError for `--history` git failures.
 */
export async function runStats(paths: string[], options: StatsCommandOptions, io: CommandIO): Promise<number> {
  const result = await handoffStats(paths, options, io);
  if (result.kind === "history") {
    const points = result.points;
    if (options.format === "json") io.stdout.write(`${JSON.stringify(points, null, 2)}\n`);
    else if (options.format === "svg") io.stdout.write(lineChartSvg(points, TREND_IDS));
    else if (options.format === "html")
      io.stdout.write(htmlPage("Handoff adoption over time", lineChartSvg(points, TREND_IDS), historyTableHtml(points, TREND_IDS)));
    else if (options.format === "markdown") io.stdout.write(historyMarkdown(points));
    else io.stdout.write(historyTable(points));
    if (options.summary) appendStepSummary(io, historyMarkdown(points));
    return gateExit(result.gates, io);
  }
  if (result.unmatched.length > 0) {
    for (const input of result.unmatched) io.stderr.write(`handoff: no files match '${input}'\n`);
    return EXIT.usage;
  }
  const report = result.report;
  const text =
    options.format === "json"
      ? formatStatsJson(report)
      : options.format === "markdown"
        ? formatStatsMarkdown(report)
        : options.format === "svg"
          ? barChartSvg(report)
          : options.format === "html"
            ? htmlPage("Handoff adoption", barChartSvg(report), figuresTableHtml(report))
            : formatStatsTable(report);
  io.stdout.write(text);
  if (options.summary) appendStepSummary(io, formatStatsMarkdown(report));
  return gateExit(result.gates, io);
}

/** Adds the `stats` command. */
export function registerStats(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "stats")
    .argument("[paths...]", "files, directories or globs (default: the handoff store, e.g. handoffs/, else .)")
    .addOption(textFormatOption(FORMATS))
    .addOption(profileOption("check every document against this profile"))
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(storeOption())
    .option("--summary", "also append the Markdown report to $GITHUB_STEP_SUMMARY when it is set")
    .option("--history", "figures at each commit that changed the directory (read from git, nothing checked out)")
    .option("--since <date>", "with --history: commits since this date")
    .addOption(nowOption("the clock for the expiry figure"))
    .option(
      "--fail-under <gate>",
      "exit 1 when a figure's share is below FIGURE=SHARE (or FIGURE>=SHARE) or above FIGURE<=SHARE; SHARE is 0.4 or 40%; a figure of 0 of 0 passes with a note; repeatable",
      (v: string, p: string[]) => [...p, v],
      [],
    )
    .action(async (paths: string[], options: StatsCommandOptions) => setExit(await runStats(paths, options, io)));
}
