// npm run eval -- --dataset ../shared/data/icdar2013-eu [--no-ocr] [--only NAME] [--out DIR]
// Runs the pipeline on every PDF of an ICDAR-2013-style dataset and scores it with the competition's
// adjacency-relation metric (../shared/data/README.md): complete process (our detection) and
// structure only (ground-truth regions given); micro and per-document P/R/F1; time per page.
// Per-document figures are written to eval-out/<dataset>.json. The data is read by path, never copied.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { runPipeline } from "../pipeline/run-pipeline";
import { openPdf } from "../../lib/pdf/open-pdf";
import { SETTINGS, SETTINGS_VERSION } from "../pipeline/settings";
import type { PageReadings } from "../pipeline/extract-page";
import { tablesInRegion } from "../pipeline/tables/detect-tables";
import { modelToTable, tableToGrid } from "../pipeline/tables/assemble-table";
import type { Table } from "../../lib/result/schema";
import { readRegions, readStructure, type GtRegion, type GtRegionBox } from "./eval/ground-truth";
import { f1, gridToRelations, scoreDocument, type Scored } from "./eval/adjacency";

interface DocResult {
  name: string;
  pages: number;
  seconds: number;
  complete: Scored & { gtFile: string };
  structure: Scored & { gtFile: string };
}

function parseArgs(argv: string[]) {
  const args = { dataset: "", ocr: true, only: "", out: "eval-out" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--dataset") args.dataset = argv[++i] ?? "";
    else if (a === "--no-ocr") args.ocr = false;
    else if (a === "--only") args.only = argv[++i] ?? "";
    else if (a === "--out") args.out = argv[++i] ?? "";
    else throw new Error(`unknown option ${a}`);
  }
  if (!args.dataset) throw new Error("usage: npm run eval -- --dataset DIR [--no-ocr] [--only NAME]");
  return args;
}

function gtAlternatives(dir: string, base: string): string[] {
  const names = [base];
  if (/[a-z]$/.test(base)) names.push(base.slice(0, -1) + "b");
  return names.filter((n) => fs.existsSync(path.join(dir, `${n}-str.xml`)));
}

function tableRelations(table: Table) {
  return gridToRelations(tableToGrid(table).cells);
}

function gtRelations(region: GtRegion) {
  return gridToRelations(region.cells.map((c) => ({ row: c.startRow, col: c.startCol, rowSpan: c.endRow - c.startRow + 1, colSpan: c.endCol - c.startCol + 1, text: c.text })));
}

function best(scores: Array<Scored & { gtFile: string }>): Scored & { gtFile: string } {
  return scores.sort((a, b) => f1(b.tp, b.gt, b.pred) - f1(a.tp, a.gt, a.pred))[0]!;
}

async function evalDocument(dir: string, pdf: string, ocr: boolean): Promise<DocResult> {
  const base = path.basename(pdf, ".pdf");
  const alternatives = gtAlternatives(dir, base);
  const regionSets = alternatives.map((n) => ({ name: n, regions: readRegions(path.join(dir, `${n}-reg.xml`)) }));
  const wanted = new Set(regionSets.flatMap((s) => s.regions.map((r) => r.page)));
  const kept = new Map<number, PageReadings>();
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "eval-"));
  const counted = await openPdf(path.join(dir, pdf));
  const pageCount = counted.doc.numPages;
  await counted.close();
  const started = performance.now();
  const output = await runPipeline({
    pdfPath: path.join(dir, pdf),
    pages: pageCount,
    withSourcePages: false,
    fileSha256: "",
    cacheDir: null,
    outputDir,
    ocr,
    skipFigureCrops: true,
    onPage: ({ pageNumber, readings }) => {
      if (wanted.has(pageNumber)) kept.set(pageNumber, readings);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(outputDir, { recursive: true, force: true });
  const predicted = output.result.tables.map((t) => ({ page: t.page, rel: tableRelations(t) }));
  const completeScores = alternatives.map((n) => ({ ...scoreDocument(readStructure(path.join(dir, `${n}-str.xml`)).map((r) => ({ page: r.page, rel: gtRelations(r) })), predicted), gtFile: n }));
  const structureScores = regionSets.map(({ name, regions }) => {
    const gt = readStructure(path.join(dir, `${name}-str.xml`)).map((r) => ({ page: r.page, rel: gtRelations(r) }));
    const pred = regions.flatMap((region: GtRegionBox, k) => {
      const readings = kept.get(region.page);
      if (!readings) return [];
      const [x1, y1, x2, y2] = region.box;
      const box: [number, number, number, number] = [Math.min(x1, x2), readings.height - Math.max(y1, y2), Math.max(x1, x2), readings.height - Math.min(y1, y2)];
      return tablesInRegion(box, readings.words, readings.graphics, SETTINGS).map((model) => ({ page: region.page, rel: tableRelations(modelToTable(model, region.page, k)) }));
    });
    return { ...scoreDocument(gt, pred), gtFile: name };
  });
  return { name: base, pages: output.result.pages.length, seconds, complete: best(completeScores), structure: best(structureScores) };
}

function summarize(docs: DocResult[], key: "complete" | "structure") {
  const tp = docs.reduce((s, d) => s + d[key].tp, 0);
  const gt = docs.reduce((s, d) => s + d[key].gt, 0);
  const pred = docs.reduce((s, d) => s + d[key].pred, 0);
  const microP = pred ? tp / pred : 0;
  const microR = gt ? tp / gt : 0;
  const avgP = docs.reduce((s, d) => s + (d[key].pred ? d[key].tp / d[key].pred : 0), 0) / docs.length;
  const avgR = docs.reduce((s, d) => s + (d[key].gt ? d[key].tp / d[key].gt : 0), 0) / docs.length;
  return {
    micro: { precision: microP, recall: microR, f1: f1(tp, gt, pred) },
    perDocument: { precision: avgP, recall: avgR, f1: avgP + avgR ? (2 * avgP * avgR) / (avgP + avgR) : 0 },
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dir = path.resolve(args.dataset);
  const pdfs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pdf") && (!args.only || f.startsWith(args.only)))
    .sort();
  const docs: DocResult[] = [];
  let peakRss = 0;
  const pageTimes: number[] = [];
  for (const pdf of pdfs) {
    const doc = await evalDocument(dir, pdf, args.ocr);
    docs.push(doc);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    for (let k = 0; k < doc.pages; k++) pageTimes.push(doc.seconds / doc.pages);
    const c = doc.complete;
    const s = doc.structure;
    console.log(
      `${doc.name.padEnd(9)} complete P ${(c.pred ? c.tp / c.pred : 0).toFixed(3)} R ${(c.gt ? c.tp / c.gt : 0).toFixed(3)} F1 ${f1(c.tp, c.gt, c.pred).toFixed(3)}  | structure F1 ${f1(s.tp, s.gt, s.pred).toFixed(3)}  (${c.tp}/${c.gt} gt, ${c.pred} pred; ${doc.pages} p, ${(doc.seconds / doc.pages).toFixed(3)} s/page)`,
    );
  }
  const complete = summarize(docs, "complete");
  const structure = summarize(docs, "structure");
  const sortedTimes = [...pageTimes].sort((a, b) => a - b);
  const timing = {
    pages: pageTimes.length,
    medianSecondsPerPage: sortedTimes[Math.floor(sortedTimes.length / 2)] ?? 0,
    meanSecondsPerPage: pageTimes.reduce((a, b) => a + b, 0) / Math.max(1, pageTimes.length),
    peakRssMb: Math.round(peakRss / 1e6),
  };
  const fmt = (x: { precision: number; recall: number; f1: number }) => `P ${x.precision.toFixed(3)} R ${x.recall.toFixed(3)} F1 ${x.f1.toFixed(3)}`;
  console.log(`\n${path.basename(dir)} (${docs.length} documents, settings ${SETTINGS_VERSION}, ocr ${args.ocr ? "on" : "off"})`);
  console.log(`complete process   micro ${fmt(complete.micro)}   per-document ${fmt(complete.perDocument)}`);
  console.log(`structure only     micro ${fmt(structure.micro)}   per-document ${fmt(structure.perDocument)}`);
  console.log(`time per page: median ${timing.medianSecondsPerPage.toFixed(3)} s, mean ${timing.meanSecondsPerPage.toFixed(3)} s; peak RSS ${timing.peakRssMb} MB`);
  await fs.promises.mkdir(args.out, { recursive: true });
  const outFile = path.join(args.out, `${path.basename(dir)}${args.only ? "-" + args.only : ""}.json`);
  await fs.promises.writeFile(outFile, JSON.stringify({ dataset: dir, settingsVersion: SETTINGS_VERSION, complete, structure, timing, documents: docs }, null, 2));
  console.log(`per-document figures: ${outFile}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
