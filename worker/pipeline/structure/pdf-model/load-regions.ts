// Reads the table regions of one PDF with their ground truth as pdf-model's labelled regions:
// the page's text-layer words (the pipeline's own pdf-text reader, so training sees the words
// reading sees) and the ground-truth cells turned into top-left page coordinates. Pages whose text
// does not read left to right (a sideways table) are left out: the reader reads them in their
// turned frame, which the ground-truth boxes are not in.
import { openPdf, type PdfSource } from "../../../../lib/pdf/open-pdf";
import { readPage } from "../../extract-page";
import { readingTurn } from "../../geometry/page-orientation";
import { SETTINGS } from "../../settings";
import type { Box } from "../../types";
import type { LabelledRegion } from "./training-data";

export interface TruthTableInput {
  page: number;
  cells: Array<{ row: number; col: number; rowSpan: number; colSpan: number; text: string; /** origin bottom-left */ box?: Box }>;
  headerRows?: number;
  /** The region box (origin bottom-left); the cells' union when absent. */
  region?: Box;
}

export interface ScoredRegion extends LabelledRegion {
  /** Document and ground-truth alternative (the ICDAR sets give two for a few documents). */
  doc: string;
  alternative: string;
  texts: Array<{ row: number; col: number; rowSpan: number; colSpan: number; text: string }>;
}

function bytesSource(bytes: Uint8Array) {
  return {
    size: bytes.length,
    read: async (begin: number, end: number) => bytes.subarray(begin, Math.min(end, bytes.length)),
    close: async () => {},
  };
}

export async function loadRegions(
  pdf: PdfSource | Uint8Array,
  tables: readonly TruthTableInput[],
  labels: { group: string; doc: string; alternative: string },
): Promise<ScoredRegion[]> {
  const opened = await openPdf(pdf instanceof Uint8Array ? bytesSource(pdf) : pdf);
  const out: ScoredRegion[] = [];
  try {
    const pages = new Map<number, Awaited<ReturnType<typeof readPage>> | null>();
    for (const table of tables) {
      if (!pages.has(table.page)) {
        if (table.page < 1 || table.page > opened.doc.numPages) pages.set(table.page, null);
        else {
          const page = await opened.doc.getPage(table.page);
          const readings = await readPage(page, SETTINGS);
          pages.set(table.page, readingTurn(readings.words, SETTINGS.readingTurnShare) === 0 ? readings : null);
        }
      }
      const readings = pages.get(table.page);
      if (!readings) continue;
      const flip = (b: Box): Box => [
        Math.min(b[0], b[2]),
        readings.height - Math.max(b[1], b[3]),
        Math.max(b[0], b[2]),
        readings.height - Math.min(b[1], b[3]),
      ];
      const boxed = table.cells.filter((c) => c.box);
      if (boxed.length === 0) continue;
      const cells = boxed.map((c) => ({ row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan, box: flip(c.box!) }));
      const region: Box = table.region
        ? flip(table.region)
        : [
            Math.min(...cells.map((c) => c.box[0])),
            Math.min(...cells.map((c) => c.box[1])),
            Math.max(...cells.map((c) => c.box[2])),
            Math.max(...cells.map((c) => c.box[3])),
          ];
      out.push({
        ...labels,
        words: readings.words,
        region,
        cells,
        headerRows: table.headerRows,
        texts: table.cells.map((c) => ({ row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan, text: c.text })),
      });
    }
  } finally {
    await opened.close();
  }
  return out;
}
