// Export benchmark: `npx tsx lib/export/bench-export.ts`. Prints time and peak RSS of the
// streaming xlsx and csv exports of a 500-page result (a 40x8 table per page), and of reading a
// ~100 MB dataset through the stateless-export parser. Each measurement runs in its own child
// process so one stage's peak does not hide the next. Figures only; nothing is asserted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Cell, Result } from "../result/schema";
import { writeCsv } from "./csv";
import { writeJson } from "./json";
import { readDataset } from "./parse-dataset";
import { writeXlsx } from "./xlsx";

const SELF = fileURLToPath(import.meta.url);
const MIB = 1024 * 1024;

function makeCell(page: number, row: number, col: number): Cell {
  const value = col === 0 ? `P-${page}-${row}` : col === 1 ? `Description of item ${row}, rev. ${page}` : String((row * 7 + col) * 1.25);
  const bbox: [number, number, number, number] = [40 + col * 60, 80 + row * 14, 96 + col * 60, 92 + row * 14];
  if ((row + col + page) % 97 === 0) {
    return { value, confidence: "disputed", sources: [], bbox, readings: { "ocr-1": value, "vision-1": `${value}?` }, provisional: true };
  }
  if ((row + col) % 13 === 0) return { value, confidence: "unverified", sources: ["vision-single"], bbox };
  return { value, confidence: "verified", sources: ["ocr-1", "vision-1", "pdf-text"], bbox };
}

export function makeLargeResult(pages: number, rows: number, cols: number): Result {
  const result: Result = { tables: [], prose: [], images: [], pages: [] };
  for (let page = 1; page <= pages; page++) {
    result.pages.push({ page, width: 612, height: 792 });
    const header_cells = Array.from({ length: cols }, (_, col) => ({ ...makeCell(page, -1, col), value: `Column ${col}` }));
    result.tables.push({
      page,
      index: 0,
      order: 1,
      kind: null,
      column_major: false,
      header: header_cells.map((cell) => cell.value),
      header_cells,
      row_groups: [],
      rows: Array.from({ length: rows }, (_, row) => Array.from({ length: cols }, (_, col) => makeCell(page, row, col))),
      colbands: [{ label: "Identification", start_col: 0, end_col: 1 }],
    });
    result.prose.push({
      page,
      index: 0,
      text: `Section ${page}: the table below lists the parts.`,
      confidence: "verified",
      sources: ["ocr-1", "pdf-text"],
      bbox: [40, 40, 500, 60],
      role: "paragraph",
      level: 0,
      order: 0,
    });
  }
  return result;
}

/** Counts bytes and drops them, so the figure is the exporter's memory, not a file's buffer. */
class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

function rssMiB(): number {
  return process.memoryUsage().rss / MIB;
}

async function runStage(stage: string, arg: string | undefined): Promise<void> {
  let peak = rssMiB();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
  let line = "";
  if (stage === "xlsx" || stage === "csv") {
    const result = makeLargeResult(500, 40, 8);
    global.gc?.();
    const before = rssMiB();
    peak = before;
    const sink = new CountingSink();
    const started = performance.now();
    if (stage === "xlsx") await writeXlsx(result, sink);
    else await writeCsv(result, sink);
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMiB());
    line = `${stage.padEnd(5)} 500 pages x 40x8: ${seconds.toFixed(2)} s, ${(sink.bytes / MIB).toFixed(1)} MB out, RSS with the result loaded ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`;
  } else if (stage === "parse" && arg) {
    const before = rssMiB();
    const size = fs.statSync(arg).size;
    const started = performance.now();
    const result = await readDataset(fs.createReadStream(arg, { highWaterMark: 1 * MIB }), { limitBytes: 600 * MIB });
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMiB());
    global.gc?.();
    line = `parse ${(size / MIB).toFixed(0)} MB dataset (${result.tables.length} tables): ${seconds.toFixed(2)} s (${(size / MIB / seconds).toFixed(0)} MB/s), RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after (parsed result held) ${rssMiB().toFixed(0)} MB`;
  }
  clearInterval(sampler);
  console.log(line);
}

async function main(): Promise<void> {
  const [stage, arg] = process.argv.slice(2);
  if (stage) return runStage(stage, arg);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-export-"));
  const datasetFile = path.join(dir, "dataset.json");
  // ~100 MB: 500 pages of a 150x8 table with bbox on every cell, as the json export writes it.
  await writeJson(makeLargeResult(500, 150, 8), fs.createWriteStream(datasetFile));
  const run = (...args: string[]) => {
    const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", SELF, ...args], { encoding: "utf8" });
    process.stdout.write(child.stdout);
    if (child.status !== 0) process.stderr.write(child.stderr);
  };
  console.log(`node ${process.version}`);
  run("xlsx");
  run("csv");
  run("parse", datasetFile);
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.argv[1] === SELF) await main();
