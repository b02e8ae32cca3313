// The cells of one text line of an unruled table, as layoutToModel places its chunks in the
// columns (layout-model.ts) and the tests of whether the line carries on the row above read them
// (row-continuation.ts, inner-wraps.ts, stub-wraps.ts). A grid row's lines, read by text only,
// are grid-text-rows.ts GridLineTexts.
import type { Word } from "../types";

/** One cell of a text line: its words, and the last column it spans (it starts in the column it
 * is keyed by). */
export type LineCell = { words: Word[]; last: number };

/** A text line's cells, keyed by the column each starts in. */
export type LineCells = Map<number, LineCell>;
