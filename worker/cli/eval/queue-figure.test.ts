import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell } from "../../../lib/result/schema";
import { calibrateCells } from "./calibration";
import { formatQueueFigure, queueFigure } from "./queue-figure";

test("the queue figure counts what the review page queues and how much of it was right as delivered", () => {
  const H = 800;
  const box = (r: number, c: number): [number, number, number, number] => [100 + c * 60, 100 + r * 20, 150 + c * 60, 112 + r * 20];
  const cell = (value: string, confidence: Cell["confidence"], r: number, c: number, readings?: Record<string, string>): Cell => ({
    value,
    confidence,
    sources: ["pdf-text"],
    bbox: box(r, c),
    ...(readings ? { readings, provisional: confidence === "disputed" ? true : undefined } : {}),
  });
  const rows = [
    [cell("12", "verified", 0, 0), cell("13", "disputed", 0, 1, { "pdf-text": "13", "ocr-1": "18" })],
    [cell("14", "unverified", 1, 0), cell("99", "disputed", 1, 1, { "pdf-text": "99", "ocr-1": "15" })],
    // Blank: queued only where readings disagree about it.
    [cell("", "unverified", 2, 0), cell("", "disputed", 2, 1, { "pdf-text": "", "ocr-1": "7" })],
  ];
  const truthText = [
    ["12", "13"],
    ["14", "15"],
    ["", "7"],
  ];
  const gtCells = truthText.flatMap((row, r) =>
    row.map((text, c) => {
      const [x1, y1, x2, y2] = box(r, c);
      return { startRow: r, endRow: r, startCol: c, endCol: c, text, box: [x1, H - y2, x2, H - y1] as [number, number, number, number] };
    }),
  );
  const result = { pages: [{ page: 1, width: 600, height: H }], tables: [{ page: 1, index: 0, header_cells: [], rows }] } as never;
  const figure = queueFigure(result, calibrateCells(result, [{ page: 1, cells: gtCells }]));
  // Queued: 13 (disputed, right), 99 (disputed, wrong), 14 (unverified, right), the disputed blank.
  // None of them is a structure doubt (one value reading each): four cell items, no question.
  assert.deepEqual(figure, {
    queued: 4,
    blank: 1,
    matched: 3,
    right: 2,
    cellItems: 4,
    structureItems: 0,
    cellsInStructureItems: 0,
    cellItemsMatched: 3,
    cellItemsRight: 2,
  });
  const text = formatQueueFigure(figure, (x) => `${Math.round(x * 100)}%`);
  assert.match(text, /4 cells queued \(1 of them blank\); right as delivered: 67% \(2 of 3/);
  assert.match(
    text,
    /as items: 4 items: 4 cells and 0 structure questions \(settling 0 cells\); cell items right as delivered: 67% \(2 of 3 matched\)/,
  );

  // The same table with its first row's values agreed by two readings but its place doubted: the
  // two right cells of the row become one structure question, apart from the cell items.
  rows[0] = [cell("12", "unverified", 0, 0), cell("13", "unverified", 0, 1)].map((c) => ({ ...c, sources: ["pdf-text", "ocr-1"] }));
  const grouped = queueFigure(result, calibrateCells(result, [{ page: 1, cells: gtCells }]));
  assert.deepEqual(
    [
      grouped.queued,
      grouped.cellItems,
      grouped.structureItems,
      grouped.cellsInStructureItems,
      grouped.cellItemsMatched,
      grouped.cellItemsRight,
    ],
    [5, 3, 1, 2, 2, 1],
  );
});
