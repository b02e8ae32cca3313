// Column names set vertically (rotated a quarter turn, usually reading bottom to top) over narrow
// value columns: a row of rotated runs standing on the header's bottom line, one over each column.
// Without this, rotated words were either dropped (text lines are read left to right only) or
// taken for side labels (rotated labels at a table's left naming groups of rows): the table lost
// its header and its first body row was taken for one. Generated family vertical-header
//. A side label stands beside the body rows; a column name stands above the
// first row of cells, so the two are told apart by where the run ends.
import type { Box, ModelCell, TableModel, Word } from "../types";
import { boxUnion } from "../geometry/box";
import { lineToChunks, wordsToLines } from "../geometry/words-to-lines";
import type { Settings } from "../settings";

export interface RotatedName {
  words: Word[];
  box: Box;
  text: string;
}

/** Rotated words grouped into runs: words of one direction sharing an x band, a word space apart.
 * A word touching several runs joins them all, so the runs do not depend on the order the words
 * come in (the words of one name may differ in x by a rounding error, which put "index" of
 * "Labour cost index" before "cost" and left it a run of its own). */
function rotatedRuns(words: readonly Word[], settings: Settings): RotatedName[] {
  const rotated = words.filter((w) => w.dir === 90 || w.dir === 270).sort((a, b) => a.box[0] - b.box[0] || a.box[1] - b.box[1]);
  let runs: Word[][] = [];
  for (const w of rotated) {
    const reach = w.size * settings.sideLabelReachEm;
    const touching = runs.filter(
      (r) =>
        r[0]!.dir === w.dir &&
        Math.abs(r[0]!.box[0] - w.box[0]) < w.size * settings.sideLabelAlignEm &&
        r.some((o) => o.box[1] - w.box[3] < reach && w.box[1] - o.box[3] < reach),
    );
    if (touching.length === 0) runs.push([w]);
    else {
      touching[0]!.push(w, ...touching.slice(1).flat());
      runs = runs.filter((r) => !touching.slice(1).includes(r));
    }
  }
  return runs.map((run) => {
    // Bottom-to-top text reads from the largest y; top-to-bottom from the smallest.
    const ordered = [...run].sort((a, b) => (run[0]!.dir === 270 ? b.box[3] - a.box[3] : a.box[1] - b.box[1]));
    return { words: ordered, box: boxUnion(run.map((w) => w.box))!, text: ordered.map((w) => w.text).join(" ") };
  });
}

/** The rotated runs among `words` that name the columns of the table in `region`: each ends
 * (its bottom) at most `rotatedNameGapEm` above the region's first line of several cells and not
 * below its top, lies within the region's width, and at least two such runs stand side by side.
 * `words` may reach above the region (a detected region starts at its first line of cells). */
export function findRotatedNames(words: readonly Word[], region: Box, settings: Settings): RotatedName[] {
  if (!settings.rotatedColumnNames) return [];
  const inside = words.filter(
    (w) =>
      w.dir === 0 &&
      (w.box[0] + w.box[2]) / 2 >= region[0] - 1 &&
      (w.box[0] + w.box[2]) / 2 <= region[2] + 1 &&
      (w.box[1] + w.box[3]) / 2 >= region[1] - 1 &&
      (w.box[1] + w.box[3]) / 2 <= region[3] + 1,
  );
  const runs = rotatedRuns(words, settings);
  if (runs.length < 2) return [];
  // The first line of cells the names stand on (upright band labels above the names are lines of
  // cells too, with no names under them).
  for (const line of wordsToLines(inside, settings.lineCenterToleranceEm)) {
    if (lineToChunks(line, settings.columnGapEm, settings.numberGapEm).length < 2) continue;
    const top = line.box[1];
    const em = line.size;
    const names = runs.filter(
      (r) =>
        r.box[3] <= top + em * settings.rotatedNameOverlapEm &&
        r.box[3] >= top - em * settings.rotatedNameGapEm &&
        r.box[0] >= region[0] - em &&
        r.box[2] <= region[2] + em,
    );
    if (names.length >= 2) return names;
  }
  return [];
}

/** Words that are not part of any of `names`. */
export function withoutNames(words: Word[], names: readonly RotatedName[]): Word[] {
  if (names.length === 0) return words;
  const taken = new Set(names.flatMap((n) => n.words));
  return words.filter((w) => !taken.has(w));
}

/** Puts each rotated name into the header cell of the column under it: into the header row that
 * shares the names' height (a stub name set upright on the names' bottom line), or a new row
 * above the first row below the names. An upright stub name standing left of the value columns
 * beside the names (outside a detected region) joins that row's first column. */
export function attachRotatedNames(model: TableModel, names: readonly RotatedName[], words: readonly Word[], settings: Settings): void {
  if (names.length === 0) return;
  const cols = Array.from({ length: model.nCols }, (_, c) => {
    const boxes = model.cells.filter((cell) => cell.col === c && cell.colSpan === 1 && cell.box).map((cell) => cell.box!);
    const u = boxUnion(boxes);
    return u ? ([u[0], u[2]] as [number, number]) : null;
  });
  const namesBox = boxUnion(names.map((n) => n.box))!;
  const rowBox = (r: number) => boxUnion(model.cells.filter((c) => c.row === r && c.box).map((c) => c.box!));
  // The row holding the names: a row whose text lies within the names' height, else a new one
  // before the first row below them.
  let at = -1;
  let insert = 0;
  for (let r = 0; r < model.nRows; r++) {
    const b = rowBox(r);
    if (!b) continue;
    if (b[3] <= namesBox[3] + 1 && b[1] >= namesBox[1] - 1) at = r;
    if ((b[1] + b[3]) / 2 < namesBox[3]) insert = r + 1;
  }
  if (at < 0) {
    at = insert;
    for (const c of model.cells) if (c.row >= at) c.row++;
    model.nRows++;
    if (model.rowGroups.length > 0) model.rowGroups.splice(at, 0, null);
  }
  const valuesLeft = Math.min(...cols.slice(1).map((x) => x?.[0] ?? Infinity));
  for (const name of names) {
    const best = nearestColumn(cols, (name.box[0] + name.box[2]) / 2);
    if (best < 0) continue;
    setText(model, at, best, name.text, name.box);
  }
  // An upright stub name on the names' line, left of the value columns, outside the table so far.
  if (!model.cells.some((c) => c.row === at && c.col === 0 && c.text !== "")) {
    const stub = words.filter(
      (w) =>
        w.dir === 0 &&
        w.box[1] >= namesBox[1] - 1 &&
        w.box[3] <= namesBox[3] + namesBox[3] - namesBox[1] &&
        w.box[3] <= (rowBox(at + 1)?.[1] ?? Infinity) + 1 &&
        w.box[2] <= valuesLeft &&
        w.box[0] >= model.box[0] - settings.rotatedNameGapEm * w.size &&
        !(w.box[1] >= model.box[1] && w.box[3] <= model.box[3] && w.box[0] >= model.box[0] && w.box[2] <= model.box[2]),
    );
    if (stub.length > 0) {
      const line = wordsToLines(stub, settings.lineCenterToleranceEm).sort((a, b) => b.box[3] - a.box[3])[0]!;
      setText(model, at, 0, line.text, line.box);
    }
  }
  // The names stand on the header's bottom line: the rows below them are the body (a ruled table's
  // first row was taken for its header while the names were set aside).
  // Band labels set upright right above the names' block (over the tallest name), outside the
  // table so far: a line of its own above the names' row, each label at the column under its
  // centre (applyRuledBands / extendHeaderBands widen them over their columns).
  const inModel = (w: Word) =>
    (w.box[0] + w.box[2]) / 2 >= model.box[0] &&
    (w.box[0] + w.box[2]) / 2 <= model.box[2] &&
    (w.box[1] + w.box[3]) / 2 >= model.box[1] &&
    (w.box[1] + w.box[3]) / 2 <= model.box[3];
  const bandWords = words.filter(
    (w) =>
      w.dir === 0 &&
      !inModel(w) &&
      w.box[3] <= namesBox[1] + 1 &&
      w.box[3] >= namesBox[1] - w.size * settings.rotatedNameGapEm &&
      w.box[0] >= valuesLeft - w.size &&
      w.box[2] <= model.box[2] + w.size,
  );
  if (bandWords.length > 0 && at === 0) {
    for (const c of model.cells) c.row++;
    model.nRows++;
    if (model.rowGroups.length > 0) model.rowGroups.unshift(null);
    at = 1;
    const line = wordsToLines(bandWords, settings.lineCenterToleranceEm).sort((a, b) => b.box[3] - a.box[3])[0]!;
    for (const chunk of lineToChunks(line, settings.columnGapEm, settings.numberGapEm)) {
      const centre = (chunk.box[0] + chunk.box[2]) / 2;
      const col = nearestColumn(cols, centre);
      if (col > 0) setText(model, 0, col, chunk.text, chunk.box);
    }
  }
  model.headerRows = at + 1;
  model.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  model.box = boxUnion([model.box, namesBox, ...model.cells.filter((c) => c.row <= at && c.box).map((c) => c.box!)])!;
}

/** The column whose text `centre` falls in, else the nearest one (-1: none has text). */
function nearestColumn(cols: ReadonlyArray<[number, number] | null>, centre: number): number {
  let best = -1;
  let dist = Infinity;
  cols.forEach((x, c) => {
    if (!x) return;
    const d = centre < x[0] ? x[0] - centre : centre > x[1] ? centre - x[1] : 0;
    if (d < dist) [best, dist] = [c, d];
  });
  return best;
}

function setText(model: TableModel, row: number, col: number, text: string, box: Box): void {
  const cell = model.cells.find((c) => c.row === row && c.col === col);
  if (cell && cell.text !== "") return;
  if (cell) Object.assign(cell, { text, box, rowSpan: 1 });
  else model.cells.push({ row, col, rowSpan: 1, colSpan: 1, text, box } satisfies ModelCell);
}
