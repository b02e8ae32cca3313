// The value vote on a page whose text reads sideways or upside down. A cell's OCR text is its
// words in reading order (words-in-box.ts: lines top to bottom, words left to right), which holds
// only in the text's own frame: on the displayed page the words of a sideways cell stand one
// above the other, and "Total sales" would read "sales Total". So the cells, prose blocks and OCR
// words are turned into the reading frame, voted on there, and the cells keep their page boxes.
import type { BBox, CellSource, Prose, Table } from "../../../lib/result/schema";
import { boxToFrame } from "../geometry/page-orientation";
import type { Box, Direction } from "../types";
import type { WordReadings } from "./reconcile-cell";
import { boxOf } from "./words-in-box";
import { reconcileProse, reconcileTable, type RaisedMarks } from "./reconcile-page";

export interface ReadingFrame {
  dir: Direction;
  /** The displayed page's size in points. */
  size: [number, number];
}

function tableBoxes(table: Table, map: (box: BBox) => BBox): Table {
  const cell = <C extends { bbox?: BBox }>(c: C): C => (c.bbox ? { ...c, bbox: map(c.bbox) } : c);
  return {
    ...table,
    header_cells: table.header_cells.map(cell),
    rows: table.rows.map((row) => row.map(cell)),
    ...(table.bbox ? { bbox: map(table.bbox) } : {}),
  };
}

/** `voted` with the boxes of `original` (the vote changes confidence, sources and readings, never
 * a cell's place or the table's shape). */
function withBoxesOf(original: Table, voted: Table): Table {
  const keep = <C extends { bbox?: BBox }>(votedCell: C, originalCell: C | undefined): C => {
    const { bbox: _frameBox, ...rest } = votedCell;
    return (originalCell?.bbox ? { ...rest, bbox: originalCell.bbox } : rest) as C;
  };
  return {
    ...voted,
    header_cells: voted.header_cells.map((c, i) => keep(c, original.header_cells[i])),
    rows: voted.rows.map((row, r) => row.map((c, i) => keep(c, original.rows[r]?.[i]))),
    ...(original.bbox ? { bbox: original.bbox } : {}),
  };
}

function readingsToFrame(readings: WordReadings, toFrame: (box: BBox) => BBox): WordReadings {
  const out: WordReadings = {};
  for (const [source, words] of Object.entries(readings) as [CellSource, WordReadings[CellSource]][]) {
    if (words) out[source] = words.map((word) => ({ ...word, bbox: toFrame(boxOf(word)) }));
  }
  return out;
}

/** reconcileTable and reconcileProse as they run on every page, in `frame` when the page has one. */
export function reconcileInFrame(
  frame: ReadingFrame | null,
  readings: WordReadings,
  ownSource: CellSource,
  tables: readonly { table: Table; bandBoxes: ReadonlyArray<Box | null>; raisedMarks?: RaisedMarks | null }[],
  prose: readonly Prose[],
): { tables: Table[]; prose: Prose[] } {
  if (!frame || frame.dir === 0) {
    return {
      tables: tables.map(({ table, bandBoxes, raisedMarks }) => reconcileTable(table, ownSource, readings, bandBoxes, raisedMarks)),
      prose: prose.map((block) => reconcileProse(block, ownSource, readings)),
    };
  }
  const toFrame = (box: BBox): BBox => boxToFrame(box, frame.dir, frame.size);
  const framed = readingsToFrame(readings, toFrame);
  return {
    tables: tables.map(({ table, bandBoxes }) =>
      withBoxesOf(
        table,
        reconcileTable(
          tableBoxes(table, toFrame),
          ownSource,
          framed,
          bandBoxes.map((box) => (box ? toFrame(box) : null)),
        ),
      ),
    ),
    prose: prose.map((block) => ({ ...reconcileProse({ ...block, bbox: toFrame(block.bbox) }, ownSource, framed), bbox: block.bbox })),
  };
}
