import fs from "node:fs";
import path from "node:path";
import { runPipeline } from "./pipeline/run-pipeline";
import { FAMILIES, generateDocument } from "../tests/pdf/corpus/generate";
import { streamRegion } from "./pipeline/structure/pdf-stream";
async function main() {
  const fam = FAMILIES.find((f) => f.name === (process.argv[2] ?? "flush-left-bands"))!;
  for (let v = 0; v < Number(process.argv[3] ?? 4); v++) {
    const g = await generateDocument(fam, v, 13);
    const dir = fs.mkdtempSync("/tmp/i13-share-x/z-");
    const file = path.join(dir, "a.pdf");
    fs.writeFileSync(file, g.pdf);
    const { result } = await runPipeline({ pdfPath: file, pages: 1, withSourcePages: false, fileSha256: "", cacheDir: null, outputDir: dir, ocr: [], onPage: ({ extraction, readings, structure }) => {
      extraction.tableModels.forEach((m, i) => {
        const r = streamRegion(m.box, readings.words, extraction.debug.tables);
        const levels: Record<string, number> = {};
        for (const { verdict } of structure.verdicts[i] ?? []) levels[verdict.level] = (levels[verdict.level] ?? 0) + 1;
        console.log(`v${v} stream: ${typeof r === "string" ? r : r.map((t) => `${t.headerRows}h ${t.nRows}r ${t.nCols}c`).join(",")} verdicts ${JSON.stringify(levels)}`);
      });
    } });
    for (const t of result.tables) console.log(`  header ${JSON.stringify(t.header)} bands ${JSON.stringify(t.colbands?.map((b) => [b.label, b.start_col, b.end_col]))} rows ${t.rows.length}`);
    const truth = g.tables[0]!;
    console.log(`  truth bands ${JSON.stringify(truth.cells.filter((c) => c.row === 0).map((c) => [c.text, c.col, c.col + c.colSpan - 1]))}`);
  }
}
main();
