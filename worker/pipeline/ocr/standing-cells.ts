// Cells whose text stands on end on a page with a text layer: a column heading set bottom to top
// over a narrow column, a side label. The OCR engines read the page upright, and text on end
// comes back as junk ("c 2 8 gS £ 3 2" for "Net migration"), which disputed every such cell
// against a text layer that was right. The text layer knows each word's direction, so:
//   - those cells are read again, cropped, in their text's own direction (OcrEngines.
//     readStandingCells), by the engine that reads crops;
//   - in the value vote, what any engine read upright inside them is no reading of them: it is
//     replaced by the turned reading, or by nothing when there is none (the cell then has the
//     text layer alone: unverified, never verified on junk).
// A cell counts as standing when every text-layer word in it runs in one direction other than the
// page's own reading direction (a whole sideways page is read in its frame already).
import { isCentreIn } from "../geometry/box";
import type { BBox, Table } from "../../../lib/result/schema";
import type { Direction, Word as PageWord } from "../types";
import type { OcrEngineName, Word as OcrWord } from "./types";
import { boxToFrame } from "../geometry/page-orientation";
import { boxOf, wordsToText } from "../reconcile/words-in-box";
import type { WordReadings } from "../reconcile/reconcile-cell";
import type { CellSource } from "../../../lib/result/schema";

export interface StandingCell {
  box: BBox;
  /** The direction its text runs in. */
  dir: Direction;
}

/** One engine's reading of a standing cell, read in the text's direction. */
export interface StandingReading {
  box: BBox;
  engine: OcrEngineName;
  text: string;
  /** The least confidence of its words (0..1), when the engine gave any. */
  confidence?: number;
}

/** The cells of `tables` whose text-layer words all run in one direction other than `pageTurn`. */
export function standingCells(tables: readonly Table[], words: readonly PageWord[], pageTurn: Direction): StandingCell[] {
  const out: StandingCell[] = [];
  if (!words.some((w) => w.dir !== pageTurn)) return out;
  for (const table of tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      if (!cell.bbox || cell.value.trim() === "") continue;
      const inside = words.filter((w) => isCentreIn(w.box, cell.bbox!));
      const dir = inside[0]?.dir;
      if (dir === undefined || dir === pageTurn || inside.some((w) => w.dir !== dir)) continue;
      out.push({ box: cell.bbox, dir });
    }
  }
  return out;
}

/** Each cell's text as `engine` read it turned by `dir` (its words, in page coordinates, put in
 * reading order in that frame). `sizePt` is the page's size in points. */
export function standingReadings(
  cells: readonly StandingCell[],
  words: readonly OcrWord[],
  engine: OcrEngineName,
  sizePt: [number, number],
): StandingReading[] {
  return cells.map(({ box, dir }) => {
    const inside = words.filter((w) => isCentreIn(w.bbox, box));
    const text = wordsToText(inside.map((w) => ({ text: w.text, bbox: boxToFrame(w.bbox, dir, sizePt) })));
    const confidences = inside.map((w) => w.confidence).filter((c): c is number => typeof c === "number");
    return { box, engine, text, ...(confidences.length ? { confidence: Math.min(...confidences) } : {}) };
  });
}

/** The OCR word readings with standing cells read as they stand: every engine's upright words in
 * them dropped, each turned reading put in as one word filling its cell. */
export function withStandingReadings(
  values: WordReadings,
  cells: readonly StandingCell[],
  readings: readonly StandingReading[],
): WordReadings {
  if (cells.length === 0) return values;
  const out: WordReadings = {};
  // An engine that read only standing cells (the cascade asked it nothing upright) is a reading of
  // the page all the same: elsewhere it saw nothing, which abstains.
  const sources = new Set<CellSource>([...(Object.keys(values) as CellSource[]), ...readings.map((r) => r.engine)]);
  for (const source of sources) {
    const words = values[source] ?? [];
    const kept = words.filter((w) => !cells.some((cell) => isCentreIn(boxOf(w), cell.box)));
    const turned = readings
      .filter((r) => r.engine === source && r.text.trim() !== "")
      .map((r) => ({ text: r.text, bbox: r.box, ...(r.confidence !== undefined ? { confidence: r.confidence } : {}) }));
    out[source] = [...kept, ...turned];
  }
  return out;
}
