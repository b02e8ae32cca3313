// A realistic result for the export tests: two pages, tables listed out of order, a table with
// colbands and a span_grid, a disputed cell with readings, unverified cells, prose and images.
import type { Cell, Result } from "../result/schema";

const ok = (value: string, bbox?: [number, number, number, number]): Cell => ({
  value,
  confidence: "verified",
  sources: ["ocr-1", "pdf-text"],
  ...(bbox ? { bbox } : {}),
});
const single = (value: string): Cell => ({ value, confidence: "unverified", sources: ["vision-single"] });

export const TRICKY_VALUE = 'He said "hi", then\nleft';

export function makeResult(): Result {
  return {
    tables: [
      {
        page: 2,
        index: 0,
        order: 0,
        kind: null,
        column_major: false,
        header: [],
        header_cells: [],
        row_groups: [],
        rows: [
          [ok("=SUM(A1)"), ok("Größe – 10 µm")],
          [ok(""), single("0.50")],
        ],
      },
      {
        page: 1,
        index: 0,
        order: 1,
        kind: "parts list",
        column_major: false,
        caption: "All dimensions in mm",
        header: ["Part", "Description", "Qty, pcs"],
        header_cells: [ok("Part"), ok("Description"), single("Qty, pcs")],
        row_groups: [null, null, null],
        colbands: [{ label: "Item", start_col: 0, end_col: 1 }],
        span_grid: [{ row: 0, col: 0, row_span: 2, col_span: 1 }],
        rows: [
          [ok("A-100", [10, 20, 40, 30]), ok(TRICKY_VALUE), ok("12")],
          [
            ok(""),
            {
              value: "Bolt M6",
              confidence: "disputed",
              sources: [],
              readings: { "ocr-1": "Bolt M6", "vision-1": "Bolt M8" },
              provisional: true,
            },
            ok("007"),
          ],
          [ok("B-200"), ok("  leading spaces"), single("1,250")],
        ],
        bbox: [10, 20, 300, 90],
      },
    ],
    prose: [
      {
        page: 1,
        index: 0,
        text: "Parts list",
        confidence: "verified",
        sources: ["ocr-1", "pdf-text"],
        bbox: [10, 5, 200, 15],
        role: "heading",
        level: 1,
        order: 0,
      },
      {
        page: 2,
        index: 0,
        text: "Torque values apply at 20 °C.",
        confidence: "unverified",
        sources: [],
        bbox: [10, 100, 400, 120],
        role: "paragraph",
        level: 0,
        order: 1,
      },
    ],
    images: [
      {
        page: 1,
        index: 0,
        path: "images/p1-0.png",
        confidence: "verified",
        bbox: [10, 100, 200, 300],
        order: 2,
        also_on: [2],
        sources: ["layout", "ocr"],
      },
      {
        page: 2,
        index: 0,
        path: "images/p1-0.png",
        confidence: "verified",
        bbox: [10, 100, 200, 300],
        order: 2,
        also_on: [1],
        sources: ["layout", "ocr"],
      },
    ],
    pages: [
      { page: 1, width: 612, height: 792 },
      { page: 2, width: 612, height: 792 },
    ],
  };
}
