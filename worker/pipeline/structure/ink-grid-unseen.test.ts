// The scan gate's tolerance for a column boundary the ink does not show (cellsOffScanInkGrid,
// STRUCTURE_SETTINGS.pageInk.scanMaxUnseenBoundaries), on a drawn image: three columns of inked
// bars, the first two a wide gap apart, the last two closer than a gutter (minGutterEm). As
// shipped (none allowed) the ink backs no cell of such a table; allowing one, the cells away from
// the unseen boundary keep its backing and the cells beside it have none. Readings the ink
// contradicts get none anywhere, whatever the tolerance.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { PageRender } from "../render/render-page";
import type { Box, ModelCell, TableModel } from "../types";
import { cellsOffInkGrid, cellsOffScanInkGrid, inkGrid } from "./ink-grid";
import { STRUCTURE_SETTINGS } from "./settings";

const SCALE = 2;
const LINE_PT = 8;
const PITCH_PT = 14;
const ROWS = 6;
/** Column extents in points: a gap of 30 pt (about four line heights), then one of 6 pt (under
 * the 1.2 line heights a gutter needs). */
const COLUMNS: Array<[number, number]> = [
  [20, 60],
  [90, 120],
  [126, 156],
];

function cellBox(row: number, [x0, x1]: [number, number]): Box {
  const top = 20 + row * PITCH_PT;
  return [x0, top, x1, top + LINE_PT];
}

/** A white page with every cell of COLUMNS x ROWS inked solid. */
function drawnPage(): PageRender {
  const widthPt = 200;
  const heightPt = 140;
  const width = widthPt * SCALE;
  const height = heightPt * SCALE;
  const rgba = new Uint8Array(width * height * 4).fill(255);
  for (let row = 0; row < ROWS; row++)
    for (const column of COLUMNS) {
      const [x0, y0, x1, y1] = cellBox(row, column).map((v) => v * SCALE);
      for (let y = y0!; y < y1!; y++)
        for (let x = x0!; x < x1!; x++) {
          const at = (y * width + x) * 4;
          rgba[at] = rgba[at + 1] = rgba[at + 2] = 0;
        }
    }
  return { pageNumber: 1, widthPt, heightPt, dpi: SCALE * 72, scale: SCALE, width, height, rgba, textSizePt: null };
}

/** A reading of the page: each row's cells as the given column groups of COLUMNS (a group of
 * several is one cell across them, as a reading that folds them). */
function reading(groups: number[][]): TableModel {
  const cells: ModelCell[] = [];
  for (let row = 0; row < ROWS; row++)
    groups.forEach((group, col) => {
      const boxes = group.map((c) => cellBox(row, COLUMNS[c]!));
      const box: Box = [boxes[0]![0], boxes[0]![1], boxes[boxes.length - 1]![2], boxes[0]![3]];
      cells.push({ row, col, rowSpan: 1, colSpan: 1, text: `r${row}c${col}`, box });
    });
  const box: Box = [COLUMNS[0]![0], 20, COLUMNS[COLUMNS.length - 1]![1], 20 + (ROWS - 1) * PITCH_PT + LINE_PT];
  return { box, nRows: ROWS, nCols: groups.length, cells, headerRows: 1, rowGroups: [], source: "pdf-layout", disputed: false };
}

const columnOf = (model: TableModel, off: readonly Box[]) => {
  const offSet = new Set(off);
  return [...new Set(model.cells.filter((c) => !offSet.has(c.box!)).map((c) => c.col))].sort();
};

test("one boundary the ink does not show: none allowed, no cell backed; one allowed, the cells away from it backed", () => {
  const page = drawnPage();
  const right = reading([[0], [1], [2]]);
  const shipped = STRUCTURE_SETTINGS.pageInk.scanMaxUnseenBoundaries;
  assert.equal(cellsOffScanInkGrid(right, page, right.box, 0).length, right.cells.length, "none allowed: the table is silent");
  assert.deepEqual(
    columnOf(right, cellsOffScanInkGrid(right, page, right.box, 1)),
    [0],
    "column 0 backed; 1 and 2 stand beside the unseen boundary",
  );
  assert.deepEqual(
    cellsOffScanInkGrid(right, page, right.box),
    cellsOffScanInkGrid(right, page, right.box, shipped),
    "the default is the setting",
  );
  // The wide gap alone is seen: a reading of the first two columns only is backed whole.
  const firstTwo = reading([[0], [1]]);
  assert.equal(cellsOffInkGrid(firstTwo, inkGrid(page, firstTwo.box, STRUCTURE_SETTINGS.pageInk)).length, 0);
  // No render: nothing is backed.
  assert.equal(cellsOffScanInkGrid(right, null, right.box, 1).length, right.cells.length);
});

test("readings the ink contradicts get no backing anywhere, with a boundary unseen or not", () => {
  const page = drawnPage();
  // The first two columns folded into one: the ink's gutter stands inside it.
  const folded = reading([[0, 1], [2]]);
  for (const maxUnseen of [0, 1, 3])
    assert.equal(
      cellsOffScanInkGrid(folded, page, folded.box, maxUnseen).length,
      folded.cells.length,
      `folded across a gutter (${maxUnseen})`,
    );
  // The first column cut in two: a boundary no gutter stands on, a second one beside the narrow
  // gap; two unseen are more than the one allowed.
  const cut: TableModel = reading([[0], [0], [1], [2]]);
  cut.cells = cut.cells.map((c) => {
    if (c.col > 1) return c;
    const [x0, y0, x1, y1] = c.box!;
    const mid = (x0 + x1) / 2;
    return { ...c, box: c.col === 0 ? [x0, y0, mid - 1, y1] : [mid + 1, y0, x1, y1] };
  });
  for (const maxUnseen of [0, 1])
    assert.equal(cellsOffScanInkGrid(cut, page, cut.box, maxUnseen).length, cut.cells.length, `a column cut in two (${maxUnseen})`);
});
