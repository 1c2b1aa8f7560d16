/**
 * Timing for `npm run bench`: one command's whole-process wall time and peak RSS (GNU time's `%M`,
 * when /usr/bin/time exists), medians over alternated runs, and the table printed per scenario.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const hasTime = existsSync("/usr/bin/time");

/**
 * Runs `argv` once (in `cwd`), stopped after `timeoutSeconds`.
 * @returns wall seconds (Infinity when stopped), peak RSS in MB (NaN without GNU time) and exit status.
 */
export function measure(argv, { cwd, timeoutSeconds }) {
  const full = hasTime ? ["/usr/bin/time", "-f", "%e %M", ...argv] : argv;
  const start = process.hrtime.bigint();
  const result = spawnSync(full[0], full.slice(1), {
    cwd,
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
    timeout: timeoutSeconds * 1000,
    killSignal: "SIGKILL",
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.error?.code === "ETIMEDOUT" || result.signal === "SIGKILL") return { wall: Infinity, rssMB: NaN, status: `>${timeoutSeconds}s` };
  let rssMB = NaN;
  if (hasTime) {
    const last = result.stderr.trim().split("\n").pop() ?? "";
    const kb = Number(last.split(" ")[1]);
    if (Number.isFinite(kb)) rssMB = kb / 1024;
  }
  return { wall, rssMB, status: result.status };
}

/** The median (of an even count, the mean of the middle two). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Runs every command `runs` times in rotation (command 1, 2, …, 1, 2, …: the machine's drift hits
 * them alike) and returns one row per command: median wall, wall range, max peak RSS, first status.
 */
export function alternate(cmds, runs, options) {
  const samples = new Map(cmds.map((c) => [c.name, []]));
  for (let r = 0; r < runs; r++) {
    for (const c of cmds) {
      // A command that ran out of time once is not run again.
      if (samples.get(c.name).some((x) => x.wall === Infinity)) continue;
      samples.get(c.name).push(measure(c.argv, { ...options, cwd: c.cwd ?? options.cwd }));
    }
  }
  return cmds.map((c) => {
    const s = samples.get(c.name);
    const walls = s.map((x) => x.wall);
    return {
      ...c,
      wall: median(walls),
      min: Math.min(...walls),
      max: Math.max(...walls),
      rss: Math.max(...s.map((x) => x.rssMB)),
      status: s[0].status,
      runs: s.length,
    };
  });
}

/** Prints one scenario's table: rows with their ratio to markdownlint-cli2 (and secret scanners). */
export function printTable(title, { files, bytes }, rows, timeoutSeconds) {
  const base = rows.find((r) => r.name === "markdownlint-cli2")?.wall;
  const runs = Math.max(...rows.map((r) => r.runs));
  console.log(
    `\n${title}: ${files} file${files === 1 ? "" : "s"}, ${bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} KB`}, ${runs} run${runs === 1 ? "" : "s"} each (median wall), alternating`,
  );
  console.log(["command".padEnd(45), "wall s", "   range s", "files/s", "  MB/s", "peak RSS MB", "× mdl-cli2", "exit"].join("  "));
  for (const r of rows) {
    const finite = Number.isFinite(r.wall);
    console.log(
      [
        r.name.padEnd(45),
        (finite ? r.wall.toFixed(2) : `>${timeoutSeconds}`).padStart(6),
        (finite && r.runs > 1 ? `${r.min.toFixed(2)}–${r.max.toFixed(2)}` : "").padStart(10),
        (finite ? (files / r.wall).toFixed(files / r.wall < 10 ? 1 : 0) : "-").padStart(7),
        (finite ? (bytes / 1e6 / r.wall).toFixed(2) : "-").padStart(6),
        (Number.isFinite(r.rss) ? r.rss.toFixed(0) : "-").padStart(11),
        (base && finite ? (r.wall / base).toFixed(2) : "-").padStart(10),
        String(r.status).padStart(4),
      ].join("  "),
    );
  }
  const scan = rows.find((r) => r.name === "handoffkit --only no-secrets");
  const peers = rows.filter((r) => r.secrets && r !== scan);
  if (scan && peers.length > 0) {
    const ratio = (peer) => (Number.isFinite(peer.wall) ? `${(scan.wall / peer.wall).toFixed(2)}×` : `<${(scan.wall / timeoutSeconds).toFixed(3)}×`);
    console.log(`secret scan: handoffkit --only no-secrets ${peers.map((p) => `${ratio(p)} ${p.name}`).join(", ")}`);
  }
}
