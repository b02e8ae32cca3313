// Reading a sideways or upside-down page (geometry/page-orientation.ts): its readings turned into
// the reading frame, and the page's extraction turned back, so every box in the result is on the
// displayed page (bboxes in page coordinates, origin top-left) while the cells,
// rows and prose are read in the text's own direction.
import type { Table } from "../../../lib/result/schema";
import type { PageExtraction, PageReadings } from "../page-types";
import type { Box, Direction } from "../types";
import { boxToPage, frameSize, graphicsToFrame, readingTurn, wordsToFrame } from "./page-orientation";
import { isPointInBox, roundBox } from "./box";

export { readingTurn };

export function readingsToFrame(readings: PageReadings, dir: Direction): PageReadings {
  const size: [number, number] = [readings.width, readings.height];
  const [width, height] = frameSize(size, dir);
  return {
    ...readings,
    width,
    height,
    words: wordsToFrame(readings.words, dir, size),
    graphics: graphicsToFrame(readings.graphics, dir, size),
  };
}

/** An extraction made in the reading frame of a page of `size` (displayed), with its boxes on the
 * page. */
export function extractionToPage(extraction: PageExtraction, dir: Direction, size: [number, number]): PageExtraction {
  const back = (b: Box): Box => boxToPage(b, dir, size);
  const table = (t: Table): Table => {
    const cell = <C extends { bbox?: Box }>(c: C): C => (c.bbox ? { ...c, bbox: roundBox(back(c.bbox)) } : c);
    return {
      ...t,
      header_cells: t.header_cells.map(cell),
      rows: t.rows.map((r) => r.map(cell)),
      ...(t.bbox ? { bbox: roundBox(back(t.bbox)) } : {}),
    };
  };
  const { debug } = extraction;
  return {
    tables: extraction.tables.map(table),
    prose: extraction.prose.map((p) => ({ ...p, bbox: roundBox(back(p.bbox)) })),
    figures: extraction.figures.map((f) => ({ ...f, box: back(f.box) })),
    models: extraction.models.map((m) => ({
      ...m,
      box: back(m.box),
      cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })),
    })),
    tableModels: extraction.tableModels.map((m) => ({
      ...m,
      box: back(m.box),
      cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })),
    })),
    debug: {
      tables: debug.tables.map((m) => ({ ...m, box: back(m.box) })),
      // Rulings are left out of the debug view of a turned page (a quarter turn swaps h and v).
      rulings: [],
      grids: debug.grids.map((g) => ({ ...g, box: back(g.box), cells: g.cells.map((c) => ({ ...c, box: back(c.box) })) })),
      layoutRegions: debug.layoutRegions.map(back),
    },
  };
}

const NO_GRAPHICS = { rulings: [], filledRects: [], drawings: [], images: [] };

/** A turned page read whole: its dominant direction in that reading frame, then the text of the
 * other directions that lies outside the tables found (an upright running head or page number
 * beside a sideways table) read on its own, so no text is lost. `extract` is the page extraction
 * (it turns its input again when that is needed; each pass has strictly fewer words, so it ends).
 * The second pass's tables and prose come after the first's, in index and in reading order. */
export function extractTurnedPage(
  readings: PageReadings,
  dir: Direction,
  extract: (readings: PageReadings) => PageExtraction,
): PageExtraction {
  const size: [number, number] = [readings.width, readings.height];
  const frameReadings = readingsToFrame(readings, dir);
  const inFrame = extract(frameReadings);
  const frame = { turn: dir, readings: frameReadings, debug: inFrame.debug, tableRegions: inFrame.tableModels.map((m) => m.box) };
  const main = { ...extractionToPage(inFrame, dir, size), frame };
  const taken = main.tables.map((t) => t.bbox).filter((b): b is Box => b !== undefined);
  const rest = readings.words.filter(
    (w) => w.dir !== dir && !taken.some((b) => isPointInBox((w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2, b, 2)),
  );
  if (rest.length === 0) return main;
  const other = extract({ ...readings, words: rest, graphics: NO_GRAPHICS });
  const offset = main.tables.length + main.prose.length + main.figures.length;
  const later = <T extends { order: number | null }>(x: T): T => ({ ...x, order: x.order === null ? null : x.order + offset });
  return {
    tables: [...main.tables, ...other.tables.map((t, k) => ({ ...later(t), index: main.tables.length + k }))],
    prose: [...main.prose, ...other.prose.map((p, k) => ({ ...later(p), index: main.prose.length + k }))],
    figures: [...main.figures, ...other.figures.map((f) => ({ ...f, order: f.order + offset }))],
    models: [...main.models, ...other.models],
    tableModels: [...main.tableModels, ...other.tableModels],
    frame,
    debug: {
      ...main.debug,
      tables: [...main.debug.tables, ...other.debug.tables],
      layoutRegions: [...main.debug.layoutRegions, ...other.debug.layoutRegions],
    },
  };
}
