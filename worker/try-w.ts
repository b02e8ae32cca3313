import { runPipeline } from "./pipeline/run-pipeline";
async function main() {
  await runPipeline({ pdfPath: process.argv[2]!, pages: 1, withSourcePages: false, fileSha256: "", cacheDir: null, outputDir: "/tmp/i13-share-x", ocr: [], onPage: ({ structure, extraction }) => {
    for (const r of structure.readings) if (r.kind === "tables" && (r.source === "pdf-stream" || r.source === "pdf-layout")) for (const t of r.tables) console.log(r.source, t.headerRows, JSON.stringify(t.cells.filter((c) => c.row < t.headerRows && c.text).map((c) => `${c.row},${c.col}+${c.colSpan} ${c.text}`)));
    for (const v of structure.verdicts.flat()) if (v.verdict.against.includes("pdf-stream")) console.log("against", v.unit.value, JSON.stringify(v.unit.ref), v.verdict.reasons["pdf-stream"], v.verdict.details["pdf-stream"] ?? "");
    const hr = extraction.debug.rulings.filter((r) => r.orientation === "h");
    console.log("h rulings", JSON.stringify(hr.map((r) => [Math.round(r.pos), Math.round(r.start), Math.round(r.end)])));
  } });
}
main();
