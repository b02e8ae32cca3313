// The cascade's choice of cells (which cells the second OCR engine reads) and its crop cache.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { cellsForSecondReading, disputedCellBoxes, lineCropsOfCells, readCellsInDoubt } from "./cascade";
import { cropOfCell } from "./cell-crops";
import { modelToTable } from "../tables/assemble-table";
import type { ModelCell, TableModel, Word as PageWord } from "../types";
import type { StructureReading } from "../structure/types";
import { OcrEngines, type PageOcr, type PageOcrEngine } from "./read-page-ocr";
import type { PageRender } from "../render/render-page";
import type { Word } from "./types";
import { OCR_SETTINGS } from "./settings";

const cell = (value: string, bbox: BBox): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"], bbox });
const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });

/** A 1-row header over a grid of `values`, cells 50 x 20 pt from (0, 20). */
function table(values: string[][], header: string[] = [], extra: Partial<Table> = {}): Table {
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header,
    header_cells: header.map((h, c) => cell(h, [c * 50, 0, c * 50 + 50, 20])),
    row_groups: values.map(() => null),
    rows: values.map((row, r) => row.map((v, c) => cell(v, [c * 50, 20 + r * 20, c * 50 + 50, 40 + r * 20]))),
    ...extra,
  };
}

/** OCR words placed in the centre of the cells of `table`, one per non-empty text. */
function wordsOver(texts: string[][], header: string[] = []): Word[] {
  const out: Word[] = [];
  header.forEach((h, c) => h && out.push(word(h, [c * 50 + 10, 5, c * 50 + 40, 15])));
  texts.forEach((row, r) => row.forEach((t, c) => t && out.push(word(t, [c * 50 + 10, 25 + r * 20, c * 50 + 40, 35 + r * 20]))));
  return out;
}

test("cells where the text layer and the first OCR reading agree are not read again; disagreeing and OCR-blank cells are", () => {
  const t = table(
    [
      ["12.5", "7", ""],
      ["3", "1 234", "x"],
    ],
    ["Year", "Total", ""],
  );
  // ocr-2 misread 7 as 1, saw nothing over "x", and read "1234" where the text layer says
  // "1 234" (a space between digits is kept by the comparison: a disagreement).
  const first = wordsOver(
    [
      ["12.5", "1", ""],
      ["3", "1234", ""],
    ],
    ["Year", "Total", ""],
  );
  const boxes = cellsForSecondReading([t], first);
  assert.deepEqual(boxes, [t.rows[0]![1]!.bbox, t.rows[1]![1]!.bbox, t.rows[1]![2]!.bbox]);
});

test("an OCR word where the text layer has nothing (hidden or missing text) is a disagreement too", () => {
  const t = table([["5", ""]]);
  const boxes = cellsForSecondReading([t], wordsOver([["5", "42"]]));
  assert.deepEqual(boxes, [t.rows[0]![1]!.bbox]);
});

test("a table whose structure is disputed, or a box a structure reading disputes, sends its non-empty cells to the second engine", () => {
  const values = [
    ["1", "2"],
    ["3", ""],
  ];
  const agreeing = wordsOver(values);
  assert.deepEqual(cellsForSecondReading([table(values)], agreeing), []);
  const disputed = table(values, [], { layout_disputed: true });
  assert.deepEqual(cellsForSecondReading([disputed], agreeing), [
    disputed.rows[0]![0]!.bbox,
    disputed.rows[0]![1]!.bbox,
    disputed.rows[1]![0]!.bbox,
  ]);
  // A structure vote doubting the second row only.
  const t = table(values);
  assert.deepEqual(cellsForSecondReading([t], agreeing, [[0, 45, 100, 55]]), [t.rows[1]![0]!.bbox]);
});

/** A fake second engine that records the boxes it was asked to read and reads "9" in each. */
function recordingEngine(asked: BBox[][]): PageOcrEngine {
  return {
    readPage: async () => ({ words: [], nonTextRegions: [] }),
    readCrops: async (_render, boxes) => {
      asked.push([...boxes]);
      return boxes.map((b) => word("9", [b[0] + 5, b[1] + 5, b[2] - 5, b[3] - 5]));
    },
    release: async () => {},
  };
}

/** ocr-2 reads whole pages and sees nothing; ocr-1 reads crops and records the boxes asked for. */
function cropRecordingEngines(asked: BBox[][]): OcrEngines {
  return new OcrEngines({
    "ocr-1": async () => recordingEngine(asked),
    "ocr-2": async () => ({ readPage: async () => ({ words: [], nonTextRegions: [] }), release: async () => {} }),
  });
}

/** A blank 200 x 100 pt page at 72 dpi. */
function blankRender(): PageRender {
  return {
    pageNumber: 1,
    widthPt: 200,
    heightPt: 100,
    dpi: 72,
    scale: 1,
    width: 200,
    height: 100,
    rgba: new Uint8Array(200 * 100 * 4).fill(255),
    textSizePt: 10,
  };
}

test("the second engine reads only the cells in doubt, as crops; a repeat is served by the crop cache, a new doubt reads only itself", async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "cascade-test-"));
  try {
    const asked: BBox[][] = [];
    const readers = cropRecordingEngines(asked);
    assert.equal(readers.firstEngine, "ocr-2");
    assert.equal(readers.secondEngine, "ocr-1");
    const render = blankRender();
    const t = table([
      ["1", "2"],
      ["3", "4"],
    ]);
    const sha = "a".repeat(64);
    const run = async (firstWords: Word[]) => {
      const pageOcr: PageOcr = {
        readings: { "ocr-2": { words: firstWords, nonTextRegions: [], dpi: 72, seconds: 0, fromCache: false } },
        render,
      };
      const failed = await readCellsInDoubt(readers, { page: render, pageNumber: 1, fileSha256: sha, cacheDir: dir, pageOcr, tables: [t] });
      assert.equal(failed, null);
      return pageOcr;
    };
    const once = await run(
      wordsOver([
        ["1", "7"],
        ["3", "4"],
      ]),
    );
    assert.deepEqual(asked, [[t.rows[0]![1]!.bbox]]);
    const reading = once.readings["ocr-1"];
    assert.ok(reading && !("error" in reading));
    assert.deepEqual(reading.cropsRead, [t.rows[0]![1]!.bbox]);
    assert.deepEqual(
      reading.words.map((w) => w.text),
      ["9"],
    );
    // Same doubt again: the cache answers, the engine is not asked.
    const again = await run(
      wordsOver([
        ["1", "7"],
        ["3", "4"],
      ]),
    );
    assert.equal(asked.length, 1);
    assert.deepEqual(
      (again.readings["ocr-1"] as { words: Word[] }).words.map((w) => w.text),
      ["9"],
    );
    assert.equal(readers.stats.cacheHits, 1);
    // A new doubt (row 2, column 1) is read alone; the earlier crop comes from the cache.
    await run(
      wordsOver([
        ["1", "7"],
        ["5", "4"],
      ]),
    );
    assert.deepEqual(asked[1], [t.rows[1]![0]!.bbox]);
    // Everything agrees: the second engine is not run at all.
    const quiet = await run(
      wordsOver([
        ["1", "2"],
        ["3", "4"],
      ]),
    );
    assert.equal(quiet.readings["ocr-1"], undefined);
    assert.equal(asked.length, 2);
    assert.equal(readers.stats.cropsRead["ocr-1"], 2);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

test("cells a later stage reads its own way (standing text, a script's model) are not read by the cascade", async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "cascade-test-"));
  try {
    const asked: BBox[][] = [];
    const readers = cropRecordingEngines(asked);
    const render = blankRender();
    const t = table([
      ["שנה", "2"],
      ["3", "4"],
    ]);
    // The first reading disagrees with three cells; one of them is read elsewhere.
    const pageOcr: PageOcr = {
      readings: {
        "ocr-2": {
          words: wordsOver([
            ["junk", "7"],
            ["8", "4"],
          ]),
          nonTextRegions: [],
          dpi: 72,
          seconds: 0,
          fromCache: false,
        },
      },
      render,
    };
    const hebrew = t.rows[0]![0]!.bbox!;
    const failed = await readCellsInDoubt(readers, {
      page: render,
      pageNumber: 1,
      fileSha256: "b".repeat(64),
      cacheDir: dir,
      pageOcr,
      tables: [t],
      readElsewhere: [[...hebrew] as BBox],
    });
    assert.equal(failed, null);
    assert.deepEqual(asked, [[t.rows[0]![1]!.bbox, t.rows[1]![0]!.bbox]]);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

test("a cell's crop grows left and right where its text reaches, so the inset cannot cut the glyphs; a frame keeps it", () => {
  const inset = OCR_SETTINGS.tesseract.crops.insetPt;
  // A lone "0" whose cell is cut to it: left and right grow by the inset, top and bottom do not.
  assert.deepEqual(cropOfCell([258, 174, 262, 182], [{ box: [258, 174, 262, 182] }]), [258 - inset, 174, 262 + inset, 182]);
  // A ruled frame with the number set right: only the right side, which the text reaches, grows.
  assert.deepEqual(cropOfCell([100, 20, 160, 40], [{ box: [130, 23, 160, 33] }]), [100, 20, 160 + inset, 40]);
  // Text standing off every side, or a box with no text: the box as it is.
  assert.deepEqual(cropOfCell([100, 20, 160, 40], [{ box: [120, 24, 140, 34] }]), [100, 20, 160, 40]);
  assert.deepEqual(cropOfCell([100, 20, 160, 40], [{ box: [300, 24, 340, 34] }]), [100, 20, 160, 40]);
});

// The structure vote's doubts feed the cascade (disputedCellBoxes): generated tables of a few
// sizes, read by two segmentations that agree, or by one that joins two neighbouring cells of one
// row (the merged-columns family). The joined cells, and only they, go to the second OCR engine,
// even where the first OCR reading agrees with the text layer.

function generatedGrid(nRows: number, nCols: number) {
  const words: PageWord[] = [];
  const cells: ModelCell[] = [];
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++) {
      const box: BBox = [100 + c * 60, 100 + r * 20, 130 + c * 60, 110 + r * 20];
      const text = r === 0 ? `H${c}` : String((r * 37 + c * 11) % 97);
      words.push({ text, box, size: 10, font: "F", bold: false, dir: 0 });
      cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text, box });
    }
  }
  const model: TableModel = {
    box: [100, 100, 130 + (nCols - 1) * 60, 110 + (nRows - 1) * 20],
    nRows,
    nCols,
    cells,
    headerRows: 1,
    rowGroups: [],
    source: "pdf-grid",
    disputed: false,
  };
  return { words, model };
}

test("cells a structure reading joins are among those the second engine reads; agreeing readings send none", () => {
  for (const [nRows, nCols, seed] of [
    [3, 2, 1],
    [5, 4, 2],
    [8, 6, 3],
    [12, 3, 4],
  ] as const) {
    const { words, model } = generatedGrid(nRows, nCols);
    const delivered = modelToTable(model, 1, 0);
    const agreeing: StructureReading[] = [
      { source: "pdf-grid", kind: "tables", tables: [model] },
      { source: "pdf-layout", kind: "tables", tables: [model] },
    ];
    assert.deepEqual(disputedCellBoxes([delivered], [model], words, agreeing), [], `${nRows}x${nCols}`);
    // pdf-layout joins columns c and c+1 of body row r.
    const r = 1 + (seed % (nRows - 1));
    const c = seed % (nCols - 1);
    const left = model.cells.find((m) => m.row === r && m.col === c)!;
    const right = model.cells.find((m) => m.row === r && m.col === c + 1)!;
    const joined: ModelCell = {
      row: r,
      col: c,
      rowSpan: 1,
      colSpan: 2,
      text: `${left.text} ${right.text}`,
      box: [left.box![0], left.box![1], right.box![2], right.box![3]],
    };
    const merged: TableModel = { ...model, source: "pdf-layout", cells: [...model.cells.filter((m) => m !== left && m !== right), joined] };
    const disputed = disputedCellBoxes([delivered], [model], words, [
      agreeing[0]!,
      { source: "pdf-layout", kind: "tables", tables: [merged] },
    ]);
    const expected = [delivered.rows[r - 1]![c]!.bbox, delivered.rows[r - 1]![c + 1]!.bbox];
    assert.deepEqual(disputed, expected, `${nRows}x${nCols}: row ${r}, columns ${c}-${c + 1}`);
    // The first OCR reading agrees with every value: only the structure's doubt sends cells on.
    const firstOcr: Word[] = words.map((w) => ({ text: w.text, bbox: w.box, confidence: 0.9 }));
    assert.deepEqual(cellsForSecondReading([delivered], firstOcr), []);
    assert.deepEqual(cellsForSecondReading([delivered], firstOcr, disputed), expected);
  }
});

test("on a scan each cell's lines are cropped for the second engine, but not words standing on end", () => {
  const t = table([["12.5", "7"]], ["Name", "Rate"]);
  const words: Word[] = [
    word("12.5", [5, 25, 25, 33]),
    word("7", [60, 25, 65, 33]),
    { ...word("Rate", [60, 2, 66, 18]), dir: 270 },
    word("Name", [5, 5, 30, 13]),
  ];
  const crops = lineCropsOfCells([t], words);
  // One crop a line: "Name", "12.5", "7"; padded 0.6 line heights across and 0.35 down.
  assert.equal(crops.length, 3);
  assert.deepEqual(
    crops.map((c) => c.map((v) => Math.round(v * 10) / 10)),
    [
      [0.2, 2.2, 34.8, 15.8],
      [0.2, 22.2, 29.8, 35.8],
      [55.2, 22.2, 69.8, 35.8],
    ],
  );
});
