// What a typical 10-page document costs with every vision role on, counted by the stand-in's
// usage (tests/vision/openai-stand-in.ts: image tokens as OpenAI counts a high-detail image, text
// at 4 characters a token). Each page holds one table of 8-25 rows and 4-7 columns (seeded), and
// the readers make the mistakes of the tests at a realistic rate: vision-1 misreads a digit on
// every other page, vision-2 merges two columns on every third, vision-1 drops a row on one page.
//   npx tsx tests/vision/estimate-cost.ts [pages]
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TestPdf, type TableSpec } from "../pdf/make-pdf";
import { runPipeline } from "../../worker/pipeline/run-pipeline";
import { VisionEndpoint, visionReaders, VISION_SETTINGS } from "../../worker/pipeline/vision";
import { startVisionStandIn, tableTruth, type ModelScript, type TruthPage } from "./openai-stand-in";

const pages = Number(process.argv[2] ?? 10);
let seed = 20261128;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const pdf = await TestPdf.create();
const truth = new Map<number, TruthPage>();
const scripts: Record<string, ModelScript> = { "reader-a": { misread: {}, dropRows: [] }, "reader-b": { mergeRight: [] } };
for (let p = 1; p <= pages; p++) {
  const page = pdf.addPage(612, 792);
  const nCols = between(4, 7);
  const nRows = between(8, 25);
  const colWidths = [110, ...Array.from({ length: nCols - 1 }, () => 62)];
  const rows = [["Item", ...Array.from({ length: nCols - 1 }, (_, c) => String(2018 + c))]];
  for (let r = 1; r <= nRows; r++)
    rows.push([`Line item ${r}`, ...Array.from({ length: nCols - 1 }, () => between(100, 99_999).toLocaleString("en-US"))]);
  const spec: TableSpec = { x: 50, y: 90, colWidths, rowHeight: 16, style: p % 2 === 0 ? "grid" : "none", rows };
  pdf.text(page, `Table ${p}. Figures by year`, 50, 60, 13, true);
  pdf.table(page, spec);
  truth.set(p, { widthPt: 612, tables: [tableTruth(spec)] });
  // Keys are "table,row,col" of the spec's rows (row 0 is the header line).
  if (p % 2 === 1) scripts["reader-a"]!.misread![`p${p}:0,${between(1, nRows)},${between(1, nCols - 1)}`] = "8,888";
  if (p % 3 === 0) scripts["reader-b"]!.mergeRight!.push(`p${p}:0,${between(1, nRows)},1`);
  if (p === 4) scripts["reader-a"]!.dropRows!.push(`p${p}:0,${between(1, nRows)}`);
}
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vision-cost-")), "doc.pdf");
fs.writeFileSync(file, await pdf.doc.save());
const standIn = await startVisionStandIn(truth, scripts);
const settings = { ...VISION_SETTINGS, backoffMs: 10 };
const endpoint = (model: string) => new VisionEndpoint({ url: standIn.url, model }, settings);
try {
  const out = await runPipeline({
    pdfPath: file,
    pages,
    withSourcePages: false,
    fileSha256: createHash("sha256").update(fs.readFileSync(file)).digest("hex"),
    cacheDir: null,
    outputDir: path.dirname(file),
    ocr: [],
    skipFigureCrops: true,
    vision: visionReaders(
      { first: endpoint("reader-a"), second: endpoint("reader-b"), review: endpoint("reviewer"), maxCallsPerPage: 12 },
      settings,
    ),
  });
  const usage = out.vision!;
  const cells = out.result.tables.reduce((n, t) => n + t.rows.flat().length + t.header_cells.length, 0);
  const byRole = new Map<string, number>();
  for (const r of standIn.requests) byRole.set(`${r.model}:${r.task}`, (byRole.get(`${r.model}:${r.task}`) ?? 0) + 1);
  const levels = new Map<string, number>();
  for (const t of out.result.tables)
    for (const c of [...t.header_cells, ...t.rows.flat()]) levels.set(c.confidence, (levels.get(c.confidence) ?? 0) + 1);
  console.log(`${pages} pages, ${out.result.tables.length} tables, ${cells} cells`);
  console.log(
    `vision calls ${usage.calls} (${(usage.calls / pages).toFixed(1)} a page; per page: ${usage.pages.map((p) => p.calls).join(" ")}), failed ${usage.failed}, skipped ${usage.skipped}`,
  );
  console.log(`requests by reader and task: ${[...byRole].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(
    `tokens: prompt ${usage.prompt_tokens}, completion ${usage.completion_tokens}, total ${usage.prompt_tokens + usage.completion_tokens} (${Math.round((usage.prompt_tokens + usage.completion_tokens) / pages)} a page)`,
  );
  console.log(`confidence: ${[...levels].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  if (standIn.violations.length > 0) console.log(`protocol violations: ${standIn.violations.join("; ")}`);
} finally {
  await standIn.close();
}
