// structure-report's tally of the delivered cells a reader left alone, by reason: pdf-stream's own
// declines per region, every other reader's "no reading" / "outside its tables", and the single
// cells by their supporters. Counts must follow the verdicts exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, TableModel, Word } from "../../pipeline/types";
import type { StructureVerdict } from "../../pipeline/reconcile/structure-vote";
import type { CellRef } from "../../pipeline/reconcile/cell-units";
import { addCoverage, emptyCoverage, formatCoverage } from "./structure-coverage";
import { streamRegion } from "../../pipeline/structure/pdf-stream";

const lineAt = (y: number, ...items: Array<[string, number, number]>): Word[] =>
  items.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 10], size: 10, font: "f", bold: false, dir: 0 }));

const verdict = (
  level: StructureVerdict["level"],
  supporters: StructureVerdict["supporters"],
  against: StructureVerdict["against"] = [],
): StructureVerdict => ({ level, supporters, against, versions: {}, reasons: {}, details: {} });
const body = (row: number, col: number): { ref: CellRef } => ({ ref: { kind: "body", row, col } });
const header = (col: number): { ref: CellRef } => ({ ref: { kind: "header", col } });

const RULED: Box = [0, 200, 100, 260];
const ruledModel: TableModel = {
  box: RULED,
  nRows: 2,
  nCols: 2,
  cells: [],
  headerRows: 0,
  rowGroups: [],
  source: "pdf-grid",
  disputed: false,
};
// A label column and one value column, one line of values (no profile of its columns) whose value
// stands under no name (the names line does not name the row's columns, the one check a row has).
const ONE_VALUE_LINE = [...lineAt(0, ["Name", 0, 30], ["Count", 40, 70]), ...lineAt(14, ["Alpha", 0, 30], ["12", 95, 110])];
const SPARSE: Box = [0, 0, 110, 24];

test("pdf-stream's reasons are its own declines per region; other readers' are no reading or outside their tables", () => {
  assert.equal(streamRegion(RULED, [], [ruledModel]), "ruled");
  assert.equal(streamRegion(SPARSE, ONE_VALUE_LINE, []), "under two value lines");
  assert.equal(streamRegion([500, 500, 600, 600], ONE_VALUE_LINE, []), "no words");
  const coverage = addCoverage(
    emptyCoverage(),
    {
      regions: [RULED, SPARSE],
      verdicts: [
        [
          { unit: body(0, 0), verdict: verdict("agreed", ["pdf-grid", "pdf-layout"]) },
          { unit: header(1), verdict: verdict("single", ["pdf-grid"]) },
        ],
        [{ unit: body(1, 1), verdict: verdict("single", ["pdf-layout", "ocr-2-lines"]) }],
      ],
      words: ONE_VALUE_LINE,
      detectedTables: [ruledModel],
      readings: [
        { source: "pdf-grid", kind: "tables", tables: [ruledModel] },
        { source: "pdf-layout", kind: "tables", tables: [] },
        { source: "ocr-2-lines", kind: "fragments", fragments: [] },
      ],
      scan: false,
    },
    ["pdf-grid", "pdf-layout", "pdf-stream", "pdf-tags", "ocr-2-lines"],
  );
  assert.deepEqual(coverage.notRead["pdf-stream"], { ruled: 2, "under two value lines": 1 });
  assert.deepEqual(coverage.notRead["pdf-grid"], { "outside its tables (body)": 1 });
  assert.deepEqual(coverage.notRead["pdf-layout"], { "outside its tables (header)": 1 });
  assert.deepEqual(coverage.notRead["pdf-tags"], { "no reading on the page": 3 });
  assert.deepEqual(coverage.notRead["ocr-2-lines"], { "no opinion": 2 });
  assert.deepEqual(coverage.singleBy, { "pdf-grid": 1, "ocr-2-lines+pdf-layout": 1 });
  assert.deepEqual(coverage.singleStream, { ruled: 1, "under two value lines": 1 });
  const lines = formatCoverage(coverage);
  assert.ok(
    lines.some((l) => l.includes("pdf-stream") && l.includes("3: ruled 2, under two value lines 1")),
    lines.join("\n"),
  );
});

test("on a scan pdf-stream's reason is the scan, whatever the region holds", () => {
  const coverage = addCoverage(
    emptyCoverage(),
    {
      regions: [SPARSE],
      verdicts: [[{ unit: body(0, 0), verdict: verdict("single", ["pdf-layout"]) }]],
      words: ONE_VALUE_LINE,
      detectedTables: [],
      readings: [],
      scan: true,
    },
    ["pdf-stream"],
  );
  assert.deepEqual(coverage.notRead, { "pdf-stream": { scan: 1 } });
  assert.deepEqual(coverage.singleStream, { scan: 1 });
});

test("cells outside the tables pdf-stream read, in a region where it declined one of two stacked parts, count under that part's reason", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
    ...lineAt(48, ["Item", 0, 20], ["Men", 100, 120], ["Women", 152, 180]),
    // One line of values with a value under no name: the lower part is declined.
    ...lineAt(62, ["Total", 0, 25], ["5", 114, 120], ["6", 174, 180], ["7", 204, 210]),
  ];
  const region: Box = [0, 0, 210, 72];
  const read = streamRegion(region, words, []);
  assert.ok(typeof read !== "string");
  const coverage = addCoverage(
    emptyCoverage(),
    {
      regions: [region],
      verdicts: [
        [
          { unit: body(0, 1), verdict: verdict("agreed", ["pdf-layout", "pdf-stream"]) },
          { unit: body(4, 1), verdict: verdict("single", ["pdf-layout"]) },
        ],
      ],
      words,
      detectedTables: [],
      readings: [{ source: "pdf-stream", kind: "tables", tables: read }],
      scan: false,
    },
    ["pdf-stream"],
  );
  assert.deepEqual(coverage.notRead, { "pdf-stream": { "stacked part declined: under two value lines": 1 } });
  assert.deepEqual(coverage.singleStream, { "stacked part declined: under two value lines": 1 });
});

test("cells of a delivered table pdf-stream reads as stacked tables, each under its own names, count under 'reads stacked tables here'", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
    ...lineAt(48, ["Share", 0, 25], ["Men", 100, 120], ["Women", 152, 180]),
    ...lineAt(62, ["Total", 0, 25], ["5", 114, 120], ["6", 174, 180]),
    ...lineAt(76, ["Other", 0, 25], ["3", 114, 120], ["4", 174, 180]),
  ];
  const region: Box = [0, 0, 180, 86];
  const read = streamRegion(region, words, []);
  assert.ok(typeof read !== "string" && read.length === 2 && read[1]!.headerRows === 1);
  const coverage = addCoverage(
    emptyCoverage(),
    {
      regions: [region],
      verdicts: [
        [
          { unit: body(0, 1), verdict: verdict("single", ["pdf-layout"]) },
          { unit: body(4, 1), verdict: verdict("single", ["pdf-layout"]) },
        ],
      ],
      words,
      detectedTables: [],
      readings: [{ source: "pdf-stream", kind: "tables", tables: read }],
      scan: false,
    },
    ["pdf-stream"],
  );
  assert.deepEqual(coverage.notRead, { "pdf-stream": { "reads stacked tables here": 2 } });
  assert.deepEqual(coverage.singleStream, { "reads stacked tables here": 2 });
});
