// `npm run bench:startup [-- FILE.pdf] [--runs N] [--no-worker]`: start-up figures, printed (no
// pass/fail: the machine is shared). The targets: `npm run extract` on a one-page PDF
// without OCR <= 0.5 s wall, through npm; the worker's idle RSS <= 250 MB.
//   - `npm run -s extract -- --no-ocr` on a dense one-page PDF (8 x 45 ruled numbers, as the bench
//     draws them; or FILE.pdf) and on an ordinary one (ten lines of text and numbers)
//   - the same compiled entry without npm (`node scripts/run-entry.mjs extract`), and its start-up
//     alone (modules loaded, no PDF opened: the usage message), whose peak RSS is the CLI's baseline
//   - the worker: spawn to its "started" line, then its RSS after two idle seconds (an embedded
//     Postgres of its own in a temporary directory, migrated)
// Each process runs N times (default 5) under GNU time (/usr/bin/time): median and range of wall
// seconds, CPU-seconds (user + system, every thread: the firmer figure when the machine is shared)
// and peak RSS, with the load average. Child processes find `node` on PATH as npm scripts do (under
// `npm run` that is node_modules/.bin/node, the pinned Node).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { applyMigrations } from "../lib/db/migrate";
import { makeTextPdf } from "../e2e/support/pdfs";
import { makeDenseTablePdf } from "../tests/pdf/ocr-test-pdfs";
import { procStatusMb } from "../worker/cli/bench/peak-rss";

const ROOT = path.resolve(import.meta.dirname, "..");
const GNU_TIME = "/usr/bin/time";

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
}

function parseArgs(argv: string[]) {
  const args = { file: "", runs: 5, worker: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--runs") args.runs = Number(argv[++i]);
    else if (a === "--no-worker") args.worker = false;
    else if (!a.startsWith("--")) args.file = a;
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error("--runs takes a positive whole number");
  return args;
}

/** One run of `command` under GNU time; its own output is discarded. `okExit` lists the exit codes
 * that count as the run working (the usage message exits 1). */
function timed(command: string[], okExit: number[] = [0]): Run {
  const out = spawnSync(GNU_TIME, ["-f", "@@ %e %U %S %M", ...command], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const line = /@@ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out.stderr ?? "");
  if (!line || !okExit.includes(out.status ?? -1)) throw new Error(`${command.join(" ")} failed (exit ${out.status}):\n${out.stderr}`);
  return { wall: Number(line[1]), cpu: Number(line[2]) + Number(line[3]), rssMb: Number(line[4]) / 1024 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function summary(runs: Run[]): string {
  const range = (pick: (r: Run) => number, digits: number) => {
    const values = runs.map(pick);
    return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
  };
  return `wall ${range((r) => r.wall, 2)} s, CPU ${range((r) => r.cpu, 2)} s, peak RSS ${range((r) => r.rssMb, 0)} MB`;
}

function row(label: string, command: string[], runs: number, okExit?: number[]): void {
  timed(command, okExit); // once untimed: a stale dist/ is rebuilt, the compile cache is written
  const results = Array.from({ length: runs }, () => timed(command, okExit));
  console.log(`  ${label}\n    ${summary(results)}; load ${os.loadavg()[0]!.toFixed(2)}`);
}

/** Seconds of CPU a live process has used (/proc/PID/stat utime + stime). */
function processCpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** The worker from spawn to its "started" log line, then idle for two seconds. */
async function workerIdle(work: string): Promise<string> {
  const pgDir = path.join(work, "pg");
  fs.mkdirSync(pgDir);
  // As root, Postgres runs as a user of its own, which must be able to reach its directory.
  fs.chmodSync(work, 0o755);
  const postgres = await startEmbeddedPostgres(pgDir, () => undefined);
  try {
    await applyMigrations(postgres.url, path.join(ROOT, "prisma", "migrations"));
    const started = performance.now();
    const child = spawn("node", ["scripts/run-entry.mjs", "worker"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: postgres.url, DATA_DIR: path.join(work, "data") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const ready = await new Promise<boolean>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"started"')) resolve(true);
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", () => resolve(false));
      setTimeout(() => resolve(false), 30_000);
    });
    if (!ready) {
      child.kill("SIGKILL");
      throw new Error(`the worker did not start:\n${output}`);
    }
    const toReady = (performance.now() - started) / 1000;
    const cpuAtReady = processCpuSeconds(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const line = `spawn to started ${toReady.toFixed(2)} s wall, ${cpuAtReady.toFixed(2)} CPU-s; after 2 s idle: RSS ${procStatusMb(child.pid!, "VmRSS").toFixed(0)} MB (peak ${procStatusMb(child.pid!, "VmHWM").toFixed(0)} MB)`;
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    return line;
  } finally {
    await postgres.stop();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} (GNU time) is needed to measure child processes; install the "time" package`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-bench-startup-"));
  try {
    const dense = args.file || path.join(work, "dense-1.pdf");
    if (!args.file) fs.writeFileSync(dense, await makeDenseTablePdf(1));
    const ordinary = path.join(work, "text-1.pdf");
    fs.writeFileSync(ordinary, await makeTextPdf(1, "Start-up"));
    const nodeVersion = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    console.log(
      `start-up: node ${nodeVersion} on PATH, ${os.availableParallelism()} cores, ${args.runs} runs each (median (min-max)); load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    row(
      `npm run -s extract -- --no-ocr ${args.file ? path.basename(dense) : "dense page"} [target 0.5 s wall]`,
      [npm, "run", "-s", "extract", "--", "--no-ocr", dense],
      args.runs,
    );
    row("npm run -s extract -- --no-ocr ordinary page", [npm, "run", "-s", "extract", "--", "--no-ocr", ordinary], args.runs);
    row(
      `node scripts/run-entry.mjs extract --no-ocr ${args.file ? path.basename(dense) : "dense page"} (no npm)`,
      ["node", "scripts/run-entry.mjs", "extract", "--no-ocr", dense],
      args.runs,
    );
    row(
      "extract start-up alone (modules loaded, no PDF opened; its peak RSS is the CLI's baseline)",
      ["node", "scripts/run-entry.mjs", "extract"],
      args.runs,
      [1],
    );
    if (args.worker) console.log(`  worker [target idle RSS 250 MB]\n    ${await workerIdle(work)}; load ${os.loadavg()[0]!.toFixed(2)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
