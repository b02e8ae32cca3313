// Header bands of an unruled table: a label over several columns spans them, by the rulings drawn
// under it (applyRuledBands) or by where its columns' names sit (extendHeaderBands).
import type { ModelCell, Ruling, TableModel } from "../types";
import { boxUnion } from "../geometry/box";
import { SETTINGS, type Settings } from "../settings";
import { columnRuns } from "./column-runs";
import { topBandRows } from "./header-rows";

function columnCenters(model: TableModel): number[] {
  const centers: number[] = [];
  for (let c = 0; c < model.nCols; c++) {
    const boxes = model.cells.filter((x) => x.row >= model.headerRows && x.col === c && x.colSpan === 1 && x.box).map((x) => x.box!);
    const union = boxUnion(boxes);
    centers.push(union ? (union[0] + union[2]) / 2 : NaN);
  }
  return centers;
}

/** A rule drawn right under a header label (booktabs' cmidrule) spans exactly the label's columns:
 * the label covers the columns whose centres lie along the rule. */
export function applyRuledBands(model: TableModel, rulings: Ruling[], settings: Settings = SETTINGS): void {
  const h = model.headerRows;
  if (h < 2 || rulings.length === 0) return;
  const centers = columnCenters(model);
  for (const cell of model.cells) {
    if (cell.row >= h - 1 || cell.text === "" || !cell.box) continue;
    const rule = ruleUnder(cell, model, rulings, settings);
    if (!rule) continue;
    const cols = centers.map((cx, c) => (cx >= rule.start && cx <= rule.end ? c : -1)).filter((c) => c >= 0);
    if (cols.length < 2) continue;
    const start = Math.min(...cols);
    const end = Math.max(...cols);
    const clash = model.cells.some(
      (x) => x !== cell && x.row === cell.row && x.text !== "" && x.col <= end && x.col + x.colSpan - 1 >= start,
    );
    if (clash) continue;
    model.cells = model.cells.filter((x) => !(x.row === cell.row && x.text === "" && x.col >= start && x.col <= end));
    cell.col = start;
    cell.colSpan = end - start + 1;
  }
}

/** The rule drawn right under a header label, over its columns and not across the table. */
function ruleUnder(cell: ModelCell, model: TableModel, rulings: readonly Ruling[], settings: Settings): Ruling | undefined {
  const [x0, , x1, y1] = cell.box!;
  const size = cell.box![3] - cell.box![1];
  return rulings.find(
    (r) =>
      r.orientation === "h" &&
      r.pos >= y1 - 1 &&
      r.pos <= y1 + size &&
      r.start <= x0 + (x1 - x0) * settings.bandRuleOverhang &&
      r.end >= x1 - (x1 - x0) * settings.bandRuleOverhang &&
      r.end - r.start < (model.box[2] - model.box[0]) * settings.bandRuleMaxTableShare,
  );
}

/** In an unruled header, a label above several columns is centred over them, so it overlaps only
 * the middle ones. Each label of a band row (a header row with fewer labels than a row below it)
 * takes the columns whose centres lie nearer to it than to the row's other labels. */
export function extendHeaderBands(model: TableModel, settings: Settings = SETTINGS, rulings: readonly Ruling[] = []): void {
  const h = model.headerRows;
  if (h < 2) return;
  const centers = columnCenters(model);
  if (centers.some((x) => Number.isNaN(x))) return;
  for (let r = 0; r < h - 1; r++) {
    const row = model.cells.filter((x) => x.row === r && x.text !== "" && x.box && x.col > 0);
    // Only a label already reaching over two columns is a band, or labels that all sit off the
    // centre of their columns (centred over a pair, an EU document's years over "N | % Pos"); one centred
    // over a single column is the first line of that column's name.
    if (
      !row.some((x) => x.colSpan > 1) &&
      !(row.length >= 2 && row.every((x) => isOffCentre(x, centers, settings))) &&
      !groupsRepeatBelow(model, row, centers)
    ) {
      // A single label on a sparse top row, centred over all value columns, spans them; a label
      // centred over its own column is the first line of that column's name.
      const only = row.length === 1 ? row[0]! : undefined;
      const left = centers[1]!;
      const right = centers[model.nCols - 1]!;
      const centre = only ? (only.box![0] + only.box![2]) / 2 : NaN;
      if (r >= topBandRows(model, settings)) continue;
      if (!only) {
        if (severalLoneLabels(model, row, centers, settings, rulings)) doubtBand(model);
        continue;
      }
      if (Math.abs(centre - (left + right) / 2) > (right - left) * settings.centredLabelTolerance) {
        loneLabelOverOneColumn(model, only, r, centers, settings, rulings);
        continue;
      }
      const clash = model.cells.some((x) => x !== only && x.row === r && x.text !== "" && x.col >= 1);
      if (clash) continue;
      doubtAllOrRun(model, only, centers, settings, rulings);
      model.cells = model.cells.filter((x) => !(x.row === r && x.text === "" && x.col >= 1));
      only.col = 1;
      only.colSpan = model.nCols - 1;
      continue;
    }
    // A lone label of more than one word, which the layout reading already spread over every value
    // column as centred on them (layout-model.ts): loosely centred on all and exactly on a run of
    // them, it is in the same doubt as a one-word label spread here (doubtAllOrRun). The other
    // half of that doubt, a run inside centred as well as all, is not asked of it: on the
    // generated band-subset family it caught no draw the first half left.
    const spread = row.length === 1 && row[0]!.col === 1 && row[0]!.colSpan === model.nCols - 1 ? row[0]! : undefined;
    if (settings.spreadLabelBandDoubt && spread && r < topBandRows(model, settings)) {
      const tighter = tighterRunThanAll(spread, centers, settings, rulings, model);
      if (tighter) doubtBand(model, spread.text, [tighter], [1, model.nCols - 1]);
    }
    let below = 0;
    for (let k = r + 1; k < h; k++) below = Math.max(below, model.cells.filter((x) => x.row === k && x.text !== "" && x.col > 0).length);
    if (row.length === 0 || row.length >= below) continue;
    const lone = row.length === 1 ? loneBandColumns(row[0]!, centers, settings) : null;
    // Centred over two runs of columns (the middle two of four, or all four): the text cannot
    // tell which, so the table's band is in doubt and none of its cells may be verified.
    // A rule drawn under the label settles it (applyRuledBands).
    if (lone?.ambiguous && !ruleUnder(row[0]!, model, rulings, settings)) {
      const chosen = lone.owner.flatMap((o, c) => (o === 0 ? [c] : []));
      doubtBand(model, row[0]!.text, lone.runs, [chosen[0]!, chosen.at(-1)!]);
    }
    const nearest = lone?.owner ?? labelOwners(row, centers);
    const centred = lone ? null : centredRuns(row, centers, nearest, settings);
    // Two ways of giving the labels centred runs, as good as each other: which one the header
    // means, the text cannot tell.
    if (centred === "tied" && settings.bandSplitTieDoubt) doubtBand(model);
    const owner = Array.isArray(centred) ? centred : nearest;
    row.forEach((cell, k) => {
      const cols = owner.map((o, c) => (o === k ? c : -1)).filter((c) => c >= 0);
      if (cols.length === 0) return;
      const start = Math.min(...cols);
      const end = Math.max(...cols);
      // Only widen when nothing else in the row sits in the columns taken.
      const clash = model.cells.some(
        (x) => x !== cell && x.row <= r && x.row + x.rowSpan > r && x.text !== "" && x.col <= end && x.col + x.colSpan - 1 >= start,
      );
      if (clash || end - start + 1 <= cell.colSpan) return;
      model.cells = model.cells.filter((x) => !(x.row === r && x.text === "" && x.col >= start && x.col <= end));
      cell.col = start;
      cell.colSpan = end - start + 1;
    });
  }
}

/** A lone label read as spanning every value column, with no rule under it: in doubt when a run of
 * some of the columns is centred under it much more tightly than all of them (tighterRunThanAll:
 * centred over all only loosely, over a run exactly), or as well as all of them (a run inside, the
 * middle three of seven equal columns: the same place on the page). Which one it spans, the text
 * cannot tell; a rule under it would. */
function doubtAllOrRun(model: TableModel, label: ModelCell, centers: number[], settings: Settings, rulings: readonly Ruling[]): void {
  const tighter = tighterRunThanAll(label, centers, settings, rulings, model);
  if (tighter) {
    doubtBand(model, label.text, [tighter]);
  } else if (settings.loneAllInnerRunDoubt && !ruleUnder(label, model, rulings, settings)) {
    const lone = loneBandColumns(label, centers, settings);
    if (lone?.ambiguous) doubtBand(model, label.text, lone.runs, [1, model.nCols - 1]);
  }
}

/** The table's band is in doubt (`lone-band`): no cell verified. The other runs of columns the
 * label could span (all of `runs` but the one read, `chosen`) are kept for the review page's
 * "which columns?" answers. */
function doubtBand(
  model: TableModel,
  label = "",
  runs: ReadonlyArray<readonly [number, number]> = [],
  chosen?: readonly [number, number],
): void {
  model.disputed = true;
  model.structureDoubt ??= "lone-band";
  for (const [start, end] of runs)
    if (!chosen || start !== chosen[0] || end !== chosen[1]) (model.bandAlternatives ??= []).push({ label, start, end });
}

/** Several labels on a band row, each over one column's name with a run of columns centred under it
 * (its own, apart from the others' runs) and no rule under any: each is its column's name's first
 * line or a band over its run, which the text cannot tell (as for a lone label,
 * loneLabelOverOneColumn), so the table is in doubt. */
function severalLoneLabels(
  model: TableModel,
  row: ModelCell[],
  centers: number[],
  settings: Settings,
  rulings: readonly Ruling[],
): boolean {
  if (!settings.severalLoneLabelsDoubt || row.length < 2) return false;
  const runs = row.map((label) =>
    label.colSpan === 1 && !ruleUnder(label, model, rulings, settings) ? loneBandColumns(label, centers, settings) : null,
  );
  if (runs.some((run) => run === null)) return false;
  // Each label's narrowest centred run, apart from the next label's.
  const narrowest = runs.map((run) => run!.runs.reduce((best, r) => (r[1] - r[0] < best[1] - best[0] ? r : best)));
  return narrowest.every((run, k) => k === 0 || run[0] > narrowest[k - 1]![1]);
}

/** A run of two value columns or more, not all of them, whose middle lies under a lone label's
 * centre far more tightly than the middle of all value columns does (within a quarter of the
 * offset, the offset at least loneBandAllOffEm line heights): the label may span that run alone
 * ("Men" centred over three of eight columns sits within the loose tolerance of all eight's
 * middle). Null when none does, or a rule drawn under the label says what it spans. */
function tighterRunThanAll(
  label: ModelCell,
  centers: number[],
  settings: Settings,
  rulings: readonly Ruling[],
  model: TableModel,
): [number, number] | null {
  if (settings.loneBandAllOffEm <= 0 || ruleUnder(label, model, rulings, settings)) return null;
  const lx = (label.box![0] + label.box![2]) / 2;
  const last = centers.length - 1;
  const offAll = Math.abs((centers[1]! + centers[last]!) / 2 - lx);
  if (offAll < (label.box![3] - label.box![1]) * settings.loneBandAllOffEm) return null;
  let best: [number, number] | null = null;
  let bestOff = offAll / 4;
  for (const { start, end, off } of columnRuns(centers, lx, 1, 2)) {
    if (start === 1 && end === last) continue;
    if (off <= bestOff) [best, bestOff] = [[start, end], off];
  }
  return best;
}

/** A lone label on a band row of its own over one column's name: the first line of that name, or
 * a short band centred over a run of columns (a band over three columns sits over the middle name
 * alone, one over two over the gap between their names). Where a run of columns is centred under
 * it and no rule drawn under it says which, the text cannot tell: the table is in doubt. A label
 * standing further above the names than a wrapped name's lines stand apart (wrapGapEm) is read as
 * the band, over the run loneBandColumns takes; one closer stays its column's first line. */
function loneLabelOverOneColumn(
  model: TableModel,
  label: ModelCell,
  r: number,
  centers: number[],
  settings: Settings,
  rulings: readonly Ruling[],
): void {
  if (!settings.loneLabelBandDoubt || label.colSpan !== 1 || ruleUnder(label, model, rulings, settings)) return;
  const lone = loneBandColumns(label, centers, settings);
  if (!lone) return;
  doubtBand(model);
  const below = model.cells.filter((x) => x.row === r + 1 && x.text !== "" && x.box);
  const namesTop = Math.min(...below.map((x) => x.box![1]));
  const size = label.box![3] - label.box![1];
  if (!(namesTop - label.box![3] > size * settings.wrapGapEm)) return;
  const cols = lone.owner.map((o, c) => (o === 0 ? c : -1)).filter((c) => c >= 0);
  const start = Math.min(...cols);
  const end = Math.max(...cols);
  const clash = model.cells.some(
    (x) => x !== label && x.row <= r && x.row + x.rowSpan > r && x.text !== "" && x.col <= end && x.col + x.colSpan - 1 >= start,
  );
  if (clash) return;
  model.cells = model.cells.filter((x) => !(x.row === r && x.text === "" && x.col >= start && x.col <= end));
  label.col = start;
  label.colSpan = end - start + 1;
}

/** A lone band label over some of the columns (a band over two of seven) is centred over its
 * own: of the runs of two or more value columns that hold the columns it already covers, the
 * widest whose middle lies within centredLabelTolerance of the label's centre. Null when no run
 * is centred under it (labelOwners decides then). As labelOwners: 0 for the label's columns,
 * -1 for the others. */
function loneBandColumns(
  label: ModelCell,
  centers: number[],
  settings: Settings,
): { owner: number[]; ambiguous: boolean; runs: Array<[number, number]> } | null {
  const lx = (label.box![0] + label.box![2]) / 2;
  const own = [label.col, label.col + label.colSpan - 1];
  const centred: Array<[number, number]> = columnRuns(centers, lx, 1, 2)
    .filter(
      ({ start, end, off }) =>
        start <= own[0]! && end >= own[1]! && off <= (centers[end]! - centers[start]!) * settings.centredLabelTolerance,
    )
    .map(({ start, end }) => [start, end]);
  if (centred.length === 0) return null;
  // The widest: a label centred over every value column spans them all (the common case), as
  // before this rule; narrower runs it is also centred over leave the choice in doubt.
  const [a, b] = centred.reduce((best, run) => (run[1] - run[0] > best[1] - best[0] ? run : best));
  return { owner: centers.map((_, c) => (c >= a && c <= b ? 0 : -1)), ambiguous: centred.length > 1, runs: centred };
}

/** Labels of a band row, each typeset centred over its own run of value columns: where the
 * nearest-centre owners (labelOwners) leave a label off its run's middle by more than
 * bandCentreFitEm line heights, and one way of giving each label a run of its own (in order, apart,
 * as many columns covered as can be) puts every label within that of its run's middle, those runs'
 * owners; otherwise null. A band over two columns beside one over four splits its neighbour's
 * first column off to itself by nearness ("Rural" over Stock | Rate, "Women" over Units ... Value:
 * Units lies as near Rural's centre as Women's). "tied" when two such ways cover as many columns
 * (a band over 1-4 beside one over 5-6, or over 2-3 beside 4-7: the same middles). */
function centredRuns(row: ModelCell[], centers: number[], nearest: number[], settings: Settings): number[] | "tied" | null {
  if (settings.bandCentreFitEm <= 0 || row.length < 2 || row.some((x) => !x.box)) return null;
  const tol = settings.bandCentreFitEm * Math.max(...row.map((x) => x.box![3] - x.box![1]));
  const lx = row.map((x) => (x.box![0] + x.box![2]) / 2);
  const mid = (a: number, b: number) => (centers[a]! + centers[b]!) / 2;
  const fits = (k: number, cols: number[]) => cols.length > 0 && Math.abs(mid(Math.min(...cols), Math.max(...cols)) - lx[k]!) <= tol;
  if (
    row.every((_, k) =>
      fits(
        k,
        nearest.flatMap((o, c) => (o === k ? [c] : [])),
      ),
    )
  )
    return null;
  const order = row.map((_, k) => k).sort((a, b) => lx[a]! - lx[b]!);
  // Depth-first over the labels in order: each takes a run after the previous one's whose middle fits.
  let best: Array<[number, number]> | null = null;
  let bestCovered = 0;
  let tied = false;
  const runs: Array<[number, number]> = [];
  const search = (i: number, from: number): void => {
    if (i === order.length) {
      const covered = runs.reduce((n, [a, b]) => n + b - a + 1, 0);
      if (covered > bestCovered) [best, bestCovered, tied] = [[...runs], covered, false];
      else if (covered === bestCovered) tied = true;
      return;
    }
    for (const { start, end, off } of columnRuns(centers, lx[order[i]!]!, from)) {
      if (off > tol) continue;
      runs.push([start, end]);
      search(i + 1, end + 1);
      runs.pop();
    }
  };
  search(0, 1);
  if (!best) return null;
  if (tied) return "tied";
  const owner = centers.map(() => -1);
  (best as Array<[number, number]>).forEach(([a, b], i) => {
    for (let c = a; c <= b; c++) owner[c] = order[i]!;
  });
  return owner;
}

/** For each column, the label of a band row whose centre is nearest (or -1: the stub column, and
 * columns beyond the outermost labels, which reach no further than half the way to their
 * neighbour: the columns left of the first band, "Sample size", are not under it). */
function labelOwners(row: ModelCell[], centers: number[]): number[] {
  const labelCenters = row.map((x) => (x.box![0] + x.box![2]) / 2);
  const sorted = [...labelCenters].sort((a, b) => a - b);
  const reach =
    sorted.length >= 2
      ? {
          left: sorted[0]! - (sorted[1]! - sorted[0]!) / 2,
          right: sorted[sorted.length - 1]! + (sorted[sorted.length - 1]! - sorted[sorted.length - 2]!) / 2,
        }
      : { left: -Infinity, right: Infinity };
  return centers.map((cx, c) => {
    if (c === 0 || cx < reach.left || cx > reach.right) return -1;
    let best = 0;
    labelCenters.forEach((lx, k) => {
      if (Math.abs(lx - cx) < Math.abs(labelCenters[best]! - cx)) best = k;
    });
    return best;
  });
}

/** Labels centred over groups of an odd number of columns sit on the middle column's centre, like
 * the first line of one column's name. What tells them apart: the leaf names under the labels'
 * groups repeat ("2015 2016 2017 | 2015 2016 2017" under "Urban | Foreign"), which a wrapped name
 * never makes. */
function groupsRepeatBelow(model: TableModel, row: ModelCell[], centers: number[]): boolean {
  if (row.length < 2 || row.some((x) => x.colSpan !== 1)) return false;
  const owner = labelOwners(row, centers);
  const leafRow = model.headerRows - 1;
  const leaf = (c: number) => model.cells.find((x) => x.row === leafRow && x.col === c && x.colSpan === 1)?.text ?? "";
  const groups = row.map((_, k) => owner.map((o, c) => (o === k ? c : -1)).filter((c) => c >= 0));
  const names = groups.map((cols) => cols.map(leaf).join("\u0000"));
  // Contiguous groups of two or more named columns, one under each label, all named alike.
  const contiguous = groups.every((cols) => cols.length >= 2 && cols[cols.length - 1]! - cols[0]! === cols.length - 1);
  return contiguous && groups.every((cols) => cols.every((c) => leaf(c) !== "")) && names.every((n) => n === names[0]);
}

/** A label sits off the centre of its column when its centre is nearer a neighbouring column's
 * centre than a quarter of the way from its own. */
function isOffCentre(cell: ModelCell, centers: number[], settings: Settings): boolean {
  const lx = (cell.box![0] + cell.box![2]) / 2;
  const own = centers[cell.col]!;
  const neighbour = lx >= own ? centers[cell.col + 1] : centers[cell.col - 1];
  return neighbour !== undefined && Math.abs(lx - own) > Math.abs(neighbour - own) * settings.offCentreShare;
}
