// A band label over some of a table's columns ("Foreign" over two of seven columns): one short
// line right above the line of column names, over two names or more, right of the stub. It is not
// centred over every value column (detect-tables.ts isSpanningLabelAbove takes those), so the
// region used to start below it and the band was lost. Which columns it spans is header-bands.ts's
// question; here it only belongs to the table.
import type { TextLine } from "../types";
import { lineToChunks } from "../geometry/words-to-lines";
import { isNumeric } from "./cell-text";
import type { Settings } from "../settings";

/** `line` stands right above `names` (the run's first tabular line, a line of column names), no
 * further than `pitch * bandAbovePitches` from top to top, and over at least two of its names
 * right of the stub (which starts at `tableLeft`). */
export function isBandOverNames(line: TextLine, names: TextLine, tableLeft: number, pitch: number, settings: Settings): boolean {
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  if (chunks.length !== 1 || line.words.length > settings.maxSectionLabelWords || isNumeric(line.text)) return false;
  if (line.box[3] > names.box[1] + 1 || names.box[1] - line.box[1] > pitch * settings.bandAbovePitches) return false;
  const nameChunks = lineToChunks(names, settings.columnGapEm, settings.numberGapEm);
  if (nameChunks.length < 2 || nameChunks.some((c) => isNumeric(c.text))) return false;
  // The stub's name, when there is one, starts at the table's left edge.
  const values = nameChunks.filter((c) => c.box[0] > tableLeft + line.size);
  if (values.length < 2) return false;
  if (line.box[0] < values[0]!.box[0] - line.size || line.box[2] > values[values.length - 1]!.box[2] + line.size) return false;
  const under = values.filter((c) => Math.min(c.box[2], line.box[2]) - Math.max(c.box[0], line.box[0]) > 0);
  if (under.length >= 2) return true;
  if (!settings.shortBandAbove) return false;
  // A short band is centred over its columns without reaching their names: over the gap between
  // two names (a band over two columns), or over the middle name of three. Its centre then lies
  // past the first value name and before the last: a label centred over the first or the last
  // name alone is that column's note ("EUR million"), not a band.
  const centre = (line.box[0] + line.box[2]) / 2;
  return centre > values[0]!.box[2] && centre < values[values.length - 1]!.box[0];
}
