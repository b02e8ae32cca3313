// One generated draw through the pipeline without OCR, scored against its own truth: what the
// family tests and the development probes share (write the PDF, read it, compare adjacency
// relations, the competition metric).
import fs from "node:fs";
import path from "node:path";
import type { Table } from "../../../lib/result/schema";
import { gridToRelations, scoreDocument } from "../../../worker/cli/eval/adjacency";
import { runPipeline, type PipelineInput } from "../../../worker/pipeline/run-pipeline";
import { tableToGrid } from "../../../worker/pipeline/tables/assemble-table";
import type { Settings } from "../../../worker/pipeline/settings";
import type { GeneratedDocument } from "./generate";

type Relations = Array<{ page: number; rel: ReturnType<typeof gridToRelations> }>;

/** The truth's adjacency relations, table by table. */
export function truthRelations(doc: GeneratedDocument): Relations {
  return doc.tables.map((t) => ({
    page: t.page,
    rel: gridToRelations(t.cells.map((c) => ({ row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan, text: c.text }))),
  }));
}

/** The delivered tables' adjacency relations. */
export function deliveredRelations(tables: readonly Table[]): Relations {
  return tables.map((t) => ({ page: t.page, rel: gridToRelations(tableToGrid(t).cells) }));
}

/** The draw's first page read without OCR in a folder of its own under `root` (with `settings`
 * in place of the pipeline's own, when given; `onPage` sees each page's readings and verdicts);
 * its result and its score (relations right, true, delivered). */
export async function readDrawWithoutOcr(doc: GeneratedDocument, root: string, settings?: Settings, onPage?: PipelineInput["onPage"]) {
  const dir = fs.mkdtempSync(path.join(root, `${doc.name}-`));
  const file = path.join(dir, `${doc.name}.pdf`);
  fs.writeFileSync(file, doc.pdf);
  const { result } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: "",
    cacheDir: null,
    outputDir: dir,
    ocr: [],
    ...(settings ? { settings } : {}),
    ...(onPage ? { onPage } : {}),
  });
  return { result, score: scoreDocument(truthRelations(doc), deliveredRelations(result.tables)) };
}
