// The cells a script model reads (script-languages.ts), and its readings put into the value vote's
// word readings in place of what the same engine read there with its English model.
import type { BBox, CellSource, Table } from "../../../lib/result/schema";
import { isCentreIn } from "../geometry/box";
import type { WordReadings } from "../reconcile/reconcile-cell";
import { boxOf } from "../reconcile/words-in-box";
import { scriptLanguageOf } from "./script-languages";
import type { OcrEngineName, Word } from "./types";

/** One engine's reading of some cells with its model of `language`. */
export interface ScriptReading {
  engine: OcrEngineName;
  language: string;
  /** The cells it was asked to read. */
  boxes: BBox[];
  /** One word per cell it read, filling the cell. */
  words: Word[];
}

/** The cells of `tables` (header and body) whose value is in one script read by a model of its
 * own, by language. */
export function scriptCells(tables: readonly Table[]): Map<string, BBox[]> {
  const out = new Map<string, BBox[]>();
  for (const table of tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      if (!cell.bbox || cell.value.trim() === "") continue;
      const language = scriptLanguageOf(cell.value);
      if (language) out.set(language, [...(out.get(language) ?? []), cell.bbox]);
    }
  }
  return out;
}

/** The OCR word readings with each script reading in place: the engine's other words in the cells
 * it was asked about dropped (its English model's junk, or nothing), its script words put in,
 * marked with their language so the vote takes them as readings of that script. */
export function withScriptReadings(values: WordReadings, readings: readonly ScriptReading[]): WordReadings {
  if (readings.length === 0) return values;
  const out: WordReadings = { ...values };
  for (const reading of readings) {
    const source: CellSource = reading.engine;
    const kept = (out[source] ?? []).filter((w) => !reading.boxes.some((box) => isCentreIn(boxOf(w), box)));
    out[source] = [...kept, ...reading.words.map((w) => ({ ...w, language: reading.language }))];
  }
  return out;
}
