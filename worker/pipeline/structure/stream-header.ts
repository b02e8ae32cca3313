// pdf-stream's header (structure/pdf-stream.ts): the lines above a table's first line of values,
// read bottom up over the body's columns. A name with nothing under it takes its column; a label
// over names is a band over the smallest group of columns whose names it is centred on; a line
// stacked over a name is that name's first line only when a word says so; a run that cannot be
// placed over whole columns leaves the header without an opinion (null).
import type { Ruling, Word } from "../types";
import { boxUnion } from "../geometry/box";
import { carriesOn, columnOf, textOf, type Line, type Piece, type Row, type StreamSettings } from "./stream-lines";

/** The header rows over `columns`, one per header line, or null when a run cannot be placed over
 * whole columns (a run in the last header line over several columns: a band or a wide name?). */
export function readHeader(
  lines: readonly Line[],
  columns: ReadonlyArray<[number, number]>,
  minGap: number,
  body: readonly Row[],
  settings: StreamSettings,
  rulings: readonly Ruling[] = [],
): Row[] | null {
  if (lines.length === 0) return [];
  // Each column's value centre: the middle of its body words, lone labels left out (a section or
  // panel label stands in the stub column however far it runs or wherever it is centred).
  const centres = columns.map((_, c) => {
    const boxes = body
      .filter((row) => row.cells.size > 1)
      .flatMap((row) => [...row.cells.values()].filter((p) => p.first === c && p.last === c).flatMap((p) => p.words.map((w) => w.box)));
    const u = boxUnion(boxes);
    return u ? (u[0] + u[2]) / 2 : (columns[c]![0] + columns[c]![1]) / 2;
  });
  type Run = { words: Word[]; x0: number; x1: number; cols: number[] };
  const runsOf: Run[][] = lines.map((line) =>
    headerRuns(line, minGap).map((words) => ({
      words,
      x0: Math.min(...words.map((w) => w.box[0])),
      x1: Math.max(...words.map((w) => w.box[2])),
      cols: [],
    })),
  );
  // Bottom up: a run's place depends on the names under it.
  // A line that cannot be placed but is a lone run from the stub out over two or more value
  // columns is a title or a note set above the table (a band never starts in the stub): the
  // header is the lines under it, and it and the lines above it are left out (no opinion).
  let top = 0;
  const isTitle = (k: number, run: { x0: number; x1: number }) =>
    runsOf[k]!.length === 1 &&
    k < runsOf.length - 1 &&
    run.x0 <= columns[0]![1] &&
    centres.slice(1).filter((cx) => cx >= run.x0 && cx <= run.x1).length >= 2;
  placing: for (let k = runsOf.length - 1; k >= 0; k--) {
    for (const run of runsOf[k]!) {
      const { x0, x1 } = run;
      // Where a header run stands, from what stands under it:
      //   - a run stacked over a name below it (overlapping by at least half the shorter) is that
      //     name's first line when a word says the name carries on ("Total" / "population",
      //     "Fraction of" / "Wealth Lost"): it takes that name's columns;
      //   - a run over names below it (stacked without such a word, reaching partly over them, or
      //     standing over a column whose name lies lower) is a band over the smallest group of two
      //     or more neighbouring columns whose names below it is centred on ("2007" over
      //     "n | % Pos", "Domestic" over "2000 2001 2002"); centred on no group, not sure;
      //   - a run with nothing under it is its column's name (its lowest line): the column whose
      //     value centre it covers, else the column its middle stands in; covering two columns'
      //     centres it is a name over two columns: not sure.
      // A rule drawn right under the run says which columns it spans, however it is aligned.
      const ruled = ruledColumns(run, runsOf[k]!, rulings, centres, columns, settings);
      if (ruled) {
        run.cols = ruled;
        continue;
      }
      const mid = (x0 + x1) / 2;
      const overlap = (r: { x0: number; x1: number }) => Math.min(r.x1, x1) - Math.max(r.x0, x0);
      const stacked = (r: { x0: number; x1: number }) => overlap(r) >= Math.min(r.x1 - r.x0, x1 - x0) * settings.streamStackedOverlap;
      const lower = runsOf.slice(k + 1).flat();
      const below = lower.find(stacked);
      const ownColumn = columnOf(mid, columns);
      if (below && carriesOn(textOf(run.words), textOf(below.words))) run.cols = below.cols;
      else if (below || lower.some((r) => overlap(r) > 0 || r.cols.includes(ownColumn))) {
        const groups = centredGroups(mid, lower, settings);
        let group: number[] | null = groups[0] ?? null;
        // Centred on exactly the band it stands over (a label of a level above spanning the same
        // columns, or the band's own first line?): not sure; unless it stands alone on its line
        // over a line of two or more bands and is centred on their whole run as well: a spanner
        // over all of them (symmetric bands put the middle one's centre at the whole run's).
        if (group && below && below.cols.join() === group.join()) {
          const belowLine = runsOf.find((runs) => runs.includes(below)) ?? [];
          const bands = belowLine.filter((r) => r.cols.length > 1);
          const whole = bands.flatMap((r) => r.cols).sort((a, b) => a - b);
          const contiguous = whole.every((c, i) => i === 0 || c === whole[i - 1]! + 1);
          group =
            runsOf[k]!.length === 1 && bands.length >= 2 && contiguous ? (groups.find((g) => g.join() === whole.join()) ?? null) : null;
        } else if (
          group &&
          runsOf[k]!.length === 1 &&
          groups.some((g) => g.length > group!.length && g[0]! <= group![0]! && g[g.length - 1]! >= group![group!.length - 1]!)
        ) {
          // A lone label centred on a group and on a wider one around it (the middle columns and
          // the whole run share their centre): a spanner over every value column when that is one
          // of them (as over symmetric bands above); otherwise which it spans, its centre cannot
          // tell: not sure.
          const valueSpan = columns
            .slice(1)
            .map((_, c) => c + 1)
            .join();
          group = groups.find((g) => g.join() === valueSpan) ?? null;
        }
        // Centred on no group: not sure.
        if (!group && isTitle(k, run)) {
          top = k + 1;
          break placing;
        }
        if (!group) return null;
        run.cols = group;
      } else {
        const covered = centres.map((cx, c) => (cx >= x0 && cx <= x1 ? c : -1)).filter((c) => c >= 0);
        if (covered.length >= 2 && isTitle(k, run)) {
          top = k + 1;
          break placing;
        }
        if (covered.length >= 2) return null;
        run.cols = covered.length === 1 ? covered : [ownColumn];
      }
    }
  }
  const rows: Row[] = runsOf.slice(top).map((runs) => {
    const cells = new Map<number, Piece>();
    for (const run of runs) {
      const [first, last] = [run.cols[0]!, run.cols[run.cols.length - 1]!];
      const existing = cells.get(first);
      if (existing && existing.last !== last) return null;
      if (existing) existing.words.push(...run.words);
      else cells.set(first, { words: [...run.words], first, last });
    }
    return { cells };
  }) as Row[];
  if (rows.some((r) => r === null)) return null;
  // A band in the last header line is a name over several columns or a band with no names under it.
  if ([...rows[rows.length - 1]!.cells.values()].some((p) => p.last > p.first)) return null;
  // A band label wrapped onto two lines over the same columns is one band (its lines carry on,
  // as above: only those make a band the same span as the band below).
  for (let k = rows.length - 1; k > 0; k--) {
    for (const [first, band] of rows[k]!.cells) {
      const upper = rows[k - 1]!.cells.get(first);
      if (band.last === first || !upper || upper.last !== band.last || !carriesOn(textOf(upper.words), textOf(band.words))) continue;
      upper.words.push(...band.words);
      rows[k]!.cells.delete(first);
    }
  }
  return rows.filter((r) => r.cells.size > 0);
}

/** The value columns a rule drawn right under a header run spans (their value centres lie along
 * it), when there is such a rule covering the run and two or more value columns, not the whole
 * table, and under no other run of its line (a rule under several labels, an EU document's years over
 * their "n | % Pos" pairs, is the band line's rule, not one band's); else null. A band never
 * starts in the stub, so a rule reaching column 0's centre is no band's. */
function ruledColumns(
  run: { words: Word[]; x0: number; x1: number },
  line: ReadonlyArray<{ x0: number; x1: number }>,
  rulings: readonly Ruling[],
  centres: readonly number[],
  columns: ReadonlyArray<[number, number]>,
  settings: StreamSettings,
): number[] | null {
  if (rulings.length === 0) return null;
  const bottom = Math.max(...run.words.map((w) => w.box[3]));
  const height = bottom - Math.min(...run.words.map((w) => w.box[1]));
  const width = run.x1 - run.x0;
  const tableWidth = columns[columns.length - 1]![1] - columns[0]![0];
  const rule = rulings.find(
    (r) =>
      r.orientation === "h" &&
      r.pos >= bottom - 1 &&
      r.pos <= bottom + height &&
      r.start <= run.x0 + width * settings.streamBandRuleOverhang &&
      r.end >= run.x1 - width * settings.streamBandRuleOverhang &&
      r.end - r.start < tableWidth * settings.streamBandRuleMaxTableShare &&
      line.every((other) => other === run || other.x1 <= r.start || other.x0 >= r.end),
  );
  if (!rule) return null;
  const cols = centres.map((cx, c) => (cx >= rule.start && cx <= rule.end ? c : -1)).filter((c) => c >= 0);
  if (cols.length < 2 || cols.includes(0)) return null;
  return cols;
}

/** The groups of two or more neighbouring columns, each named below, whose names' extent is
 * centred on `mid` (within streamBandCentreShare of the group's width) and that cuts no band
 * below it, smallest first: the smallest is the columns a band label centred over them spans. */
function centredGroups(
  mid: number,
  lower: ReadonlyArray<{ x0: number; x1: number; cols: number[] }>,
  settings: StreamSettings,
): number[][] {
  // The extent of each column's names below (names over one column only).
  const extent = new Map<number, [number, number]>();
  for (const r of lower) {
    if (r.cols.length !== 1) continue;
    const c = r.cols[0]!;
    const e = extent.get(c);
    extent.set(c, e ? [Math.min(e[0], r.x0), Math.max(e[1], r.x1)] : [r.x0, r.x1]);
  }
  const nCols = Math.max(-1, ...extent.keys()) + 1;
  const groups: number[][] = [];
  for (let c = 0; c < nCols; c++) {
    for (let d = c + 1; d < nCols; d++) {
      const parts = Array.from({ length: d - c + 1 }, (_, k) => extent.get(c + k));
      if (parts.some((e) => e === undefined)) break;
      const g0 = parts[0]![0];
      const g1 = parts[parts.length - 1]![1];
      // A band over bands holds each band below it whole: it cuts none.
      const cuts = lower.some((r) => r.cols.length > 1 && r.cols.some((x) => x >= c && x <= d) && r.cols.some((x) => x < c || x > d));
      if (!cuts && Math.abs(mid - (g0 + g1) / 2) <= (g1 - g0) * settings.streamBandCentreShare)
        groups.push(Array.from({ length: d - c + 1 }, (_, k) => c + k));
    }
  }
  // Smallest first (a stable sort keeps the leftmost of equal size first, as before).
  return groups.sort((a, b) => a.length - b.length);
}

/** A header line's runs: words closer than a gutter's width are one name. */
export function headerRuns(line: Line, minGap: number): Word[][] {
  const runs: Word[][] = [];
  for (const w of line.words) {
    const prev = runs[runs.length - 1];
    if (prev && w.box[0] - prev[prev.length - 1]!.box[2] < minGap) prev.push(w);
    else runs.push([w]);
  }
  return runs;
}
