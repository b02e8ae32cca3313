// The varied layout families (tests/pdf/corpus/varied.ts): each draws its look from wide ranges,
// so these tests check two things. The generator: draws differ (faces, sizes, shapes), the truth
// is consistent (no two true cells overlap on the page), a chart has no table. The pipeline: on
// the seen seeds, every family's documents come out exact (adjacency relations, the competition
// metric), and a chart is never delivered as a table. Families whose layouts the pipeline does
// not read right yet are marked todo with what goes wrong, so the suite shows them without failing.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateDocument } from "../../tests/pdf/corpus/generate";
import { SEEN_SEEDS } from "../../tests/pdf/corpus/seeds";
import { readDrawWithoutOcr } from "../../tests/pdf/corpus/read-draw";
import { tableToGrid } from "./tables/assemble-table";
import { SETTINGS, type Settings } from "./settings";

const VARIED = [
  "indented-groups",
  "stacked-typed-tables",
  "band-subset",
  "bracketed-columns",
  "zebra-varied",
  "ruled-group-boxes",
  "bar-chart",
  "stacked-parts",
];
const root = fs.mkdtempSync(path.join(os.tmpdir(), "varied-families-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function family(name: string) {
  const found = FAMILIES.find((f) => f.name === name);
  assert.ok(found, `family ${name} registered`);
  return found;
}

function overlapArea(a: readonly number[], b: readonly number[]): number {
  return Math.max(0, Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!)) * Math.max(0, Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!));
}

test("every varied family's draws differ across seeds: documents, table shapes, type sizes and row pitches", async () => {
  for (const name of VARIED) {
    const docs = await Promise.all(SEEN_SEEDS.flatMap((seed) => [0, 1, 2].map((v) => generateDocument(family(name), v, seed))));
    const bytes = new Set(docs.map((d) => Buffer.from(d.pdf).toString("base64")));
    assert.equal(bytes.size, docs.length, `${name}: every draw a different document`);
    if (name === "bar-chart") continue;
    const shapes = new Set(
      docs.map((d) =>
        d.tables.map((t) => `${Math.max(...t.cells.map((c) => c.row))}x${Math.max(...t.cells.map((c) => c.col + c.colSpan))}`).join("+"),
      ),
    );
    assert.ok(shapes.size >= 4, `${name}: table shapes vary (${[...shapes].join(" ")})`);
    // Type sizes: a cell box's height is the size it was set at.
    const sizes = new Set(docs.map((d) => Math.round(d.tables[0]!.cells[0]!.box[3] - d.tables[0]!.cells[0]!.box[1])));
    assert.ok(sizes.size >= 3, `${name}: type sizes vary (${[...sizes].join(" ")})`);
    // Row pitch: the first body row's distance below the header differs between draws.
    const pitches = new Set(
      docs.map((d) => {
        const cells = d.tables[0]!.cells;
        const top = (row: number) => cells.find((c) => c.row === row)?.box[3] ?? 0;
        return Math.round((top(0) - top(1)) * 2);
      }),
    );
    assert.ok(pitches.size >= 4, `${name}: row pitches vary`);
  }
});

test("the varied families' truth: no two true cells overlap, every cell has text, a chart has no table", async () => {
  for (const name of VARIED) {
    for (const seed of SEEN_SEEDS) {
      for (let variant = 0; variant < 3; variant++) {
        const doc = await generateDocument(family(name), variant, seed);
        if (name === "bar-chart") {
          assert.equal(doc.tables.length, 0, `${doc.name}: a chart is no table`);
          continue;
        }
        assert.ok(doc.tables.length >= 1);
        if (name === "stacked-typed-tables") assert.equal(doc.tables.length, 2, `${doc.name}: two tables`);
        const cells = doc.tables.flatMap((t) => t.cells);
        for (const c of cells) assert.ok(c.text.trim() !== "", `${doc.name}: empty truth cell`);
        for (let i = 0; i < cells.length; i++) {
          for (let j = i + 1; j < cells.length; j++) {
            const a = cells[i]!.box;
            const b = cells[j]!.box;
            const smaller = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
            assert.ok(overlapArea(a, b) < smaller * 0.2, `${doc.name}: "${cells[i]!.text}" and "${cells[j]!.text}" overlap`);
          }
        }
      }
    }
  }
});

/** Runs the pipeline (no OCR) on the family's seen draws and returns, per document, the relations
 * right, true and delivered, and how many tables came out. */
async function readFamily(name: string, variants = 2, seeds: readonly number[] = SEEN_SEEDS, settings?: Settings) {
  const out: Array<{
    name: string;
    tp: number;
    gt: number;
    pred: number;
    tables: number;
    /** Some delivered table carries layout_disputed. */
    disputed: boolean;
    /** Columns of each true table, and of each delivered one. */
    trueCols: number[];
    deliveredCols: number[];
    /** Some true cell spans columns (a label over a pair, a band). */
    trueSpans: boolean;
    images: Array<[number, number, number, number]>;
    plot: [number, number, number, number] | null;
  }> = [];
  for (const seed of seeds) {
    for (let variant = 0; variant < variants; variant++) {
      const doc = await generateDocument(family(name), variant, seed);
      const { result, score } = await readDrawWithoutOcr(doc, root, settings);
      out.push({
        name: `${doc.name} (seed ${seed})`,
        ...score,
        tables: result.tables.length,
        disputed: result.tables.some((t) => t.layout_disputed === true),
        trueCols: doc.tables.map((t) => Math.max(...t.cells.map((c) => c.col + c.colSpan))),
        deliveredCols: result.tables.map((t) => tableToGrid(t).nCols),
        trueSpans: doc.tables.some((t) => t.cells.some((c) => c.colSpan > 1)),
        images: result.images.map((i) => i.bbox),
        plot: doc.plot ?? null,
      });
    }
  }
  return out;
}

async function checkExact(name: string, settings?: Settings): Promise<void> {
  for (const doc of await readFamily(name, 2, SEEN_SEEDS, settings))
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
}

/** The trust promise where the reading is not right yet: every draw read wrong carries
 * layout_disputed (so none of its cells can come out verified). */
async function checkExactOrDisputed(name: string): Promise<void> {
  for (const doc of await readFamily(name)) {
    const exact = doc.tp === doc.gt && doc.tp === doc.pred;
    assert.ok(exact || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered, not disputed`);
  }
}

test("a vector chart (bars, a line with markers; ticks, value labels, a caption) is a figure over its plot, never a table", async () => {
  for (const doc of await readFamily("bar-chart", 3)) {
    assert.equal(doc.tables, 0, `${doc.name}: ${doc.tables} tables delivered`);
    // One figure over the plot area (the drawn bars or series, grown to the axes they touch),
    // inside it give or take the tick marks, covering at least a third of it (a line series that
    // touches neither axis nor a grid line is cropped to the series alone).
    const plot = doc.plot!;
    const over = doc.images.filter((b) => overlapArea(b, plot) > 0);
    const label = `${doc.name}: figures ${JSON.stringify(doc.images)} over plot ${plot.map(Math.round).join(",")}`;
    assert.equal(over.length, 1, label);
    const [f] = over as [[number, number, number, number]];
    assert.ok(f[0] >= plot[0] - 8 && f[1] >= plot[1] - 8 && f[2] <= plot[2] + 8 && f[3] <= plot[3] + 8, label);
    assert.ok(overlapArea(f, plot) >= ((plot[2] - plot[0]) * (plot[3] - plot[1])) / 3, label);
  }
});
test("zebra shading in varied patterns, no rulings: rows from the text", () => checkExact("zebra-varied"));
test("label-only group and subgroup rows with indented members are one table", () => checkExact("indented-groups"));
test("two stacked typed tables with dash rules and leaders are two tables", () => checkExact("stacked-typed-tables"));
test("a band over some columns, or a repeated upper header level, spans only its own columns", () => checkExact("band-subset"));
// Exactness is not reachable for this family: where the brackets are all of one width, or pdf.js
// gives a value and its bracket as one text run (word boxes then estimated from the run's width),
// a cell "38 (24.7)" and two columns "38 | (24.7)" print the same words in the same places. A
// header that names the brackets apart ("2007   CI", a column gap between the names) settles it;
// one label over the pair does not (the ICDAR 2013 ground truth reads "1269 (19.9%)" under
// "Population size" as one cell). The promise kept instead: a draw not read exact is disputed
// (tables/bracket-columns.ts), so none of its cells is verified; the development test below
// checks it on 40 more draws.
test("a narrow bracketed column beside its value column is a column of its own, or the table is disputed", () =>
  checkExactOrDisputed("bracketed-columns"));
/** Development draws, away from the seen and unseen seeds: seeds 21-60. */
const DEV_SEEDS = Array.from({ length: 40 }, (_, k) => 21 + k);

test("rotated names on 120 development draws (seeds 291-350): every name keeps all its words", async () => {
  // pdf.js placed the first word of a rotated name a rounding error left of the others; grouped in
  // order of x, the last word ("index" of "Labour cost index") was left a name of its own and
  // dropped, undisputed (tables/rotated-names.ts rotatedRuns).
  const seeds = Array.from({ length: 60 }, (_, k) => 291 + k);
  const docs = await readFamily("vertical-header", 2, seeds);
  for (const doc of docs) {
    const exact = doc.tp === doc.gt && doc.tp === doc.pred;
    assert.ok(exact || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered, not disputed`);
  }
});
test("bracketed columns on 40 more development draws (seeds 201-240): values and brackets run into one cell are disputed", async () => {
  // Every value and bracket set under an em apart: each row's values one chunk, one cell holding
  // four value-and-bracket pairs (tables/mixed-cells.ts, settings.mixedCellValueBracketPairs).
  const seeds = Array.from({ length: 40 }, (_, k) => 201 + k);
  const docs = await readFamily("bracketed-columns", 1, seeds);
  for (const doc of docs)
    assert.ok(doc.tp === doc.pred || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
  const wrong = docs.filter((d) => d.tp < d.pred);
  const off = await readFamily(
    "bracketed-columns",
    1,
    seeds.filter((s) => wrong.some((d) => d.name.endsWith(`(seed ${s})`))),
    { ...SETTINGS, mixedCellValueBracketPairs: false },
  );
  assert.ok(
    off.some((d) => d.tp < d.pred && !d.disputed),
    "a draw read wrong is undisputed with the rule off",
  );
});
test("bracketed columns on 80 development draws: a table whose column count is wrong is always disputed", async () => {
  // Pairs pdf.js gives as one text run have estimated word boxes: gaps and values both move a
  // little, so a column is neither cut nor a cell on its own evidence; and a table may cut one
  // pair and keep another. Both are in doubt (tables/bracket-columns.ts).
  // Both variants: a long row label set close to the first values (one chunk with them on its
  // line) kept that column whole while the header named its brackets apart, in the second.
  const docs = await readFamily("bracketed-columns", 2, DEV_SEEDS);
  const wrongCount = docs.filter((d) => d.trueCols.join() !== d.deliveredCols.join());
  assert.ok(wrongCount.length >= 5, `the draws still include column counts read wrong (${wrongCount.length})`);
  for (const doc of wrongCount)
    assert.ok(doc.disputed, `${doc.name}: ${doc.deliveredCols.join("+")} columns for ${doc.trueCols.join("+")}, not disputed`);
  for (const doc of docs) if (doc.tp === doc.gt && doc.tp === doc.pred) assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
  // Where the header names every column apart (no label over a pair), the names settle it.
  for (const doc of docs.filter((d) => !d.trueSpans))
    assert.ok(
      doc.tp === doc.gt && doc.tp === doc.pred,
      `${doc.name}: named apart, yet ${doc.tp} right of ${doc.gt}, ${doc.pred} delivered`,
    );
  // A lone band over one pair placed in one column (tables/off-centre-label.ts) is in doubt too:
  // no draw delivers a wrong relation undisputed.
  for (const doc of docs)
    assert.ok(doc.tp === doc.pred || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
});
test("band subsets on 120 development draws: a band read wrong is disputed, and so is a lone band over one name", async () => {
  // A short band stands over the gap between its two names, or over the middle name of three
  // (tables/band-above.ts keeps it with the table). Without a rule drawn under it, a label over one
  // name is that name's first line or a band over the run of columns centred under it: the text
  // cannot say which (tables/header-bands.ts), so such a table is disputed even when read right.
  // Both variants: a line of one-word names set closer than their widths (layout-model.ts
  // wordsOverOwnColumns), and a label loosely centred over every value column but exactly over a
  // run of them (header-bands.ts tighterRunThanAll), came out wrong and undisputed in the second.
  // Seeds 61-80 as well: a lone band over the middle three of seven equal columns, centred over
  // all seven as exactly, was stretched over all, undisputed (header-bands.ts loneAllInnerRunDoubt).
  const docs = await readFamily("band-subset", 2, [...DEV_SEEDS, ...Array.from({ length: 20 }, (_, k) => 61 + k)]);
  for (const doc of docs) {
    const exact = doc.tp === doc.gt && doc.tp === doc.pred;
    assert.ok(exact || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered, not disputed`);
  }
  const exact = docs.filter((d) => d.tp === d.gt && d.tp === d.pred);
  assert.ok(exact.length >= 65, `most draws read exact (${exact.length} of ${docs.length})`);
  assert.ok(exact.filter((d) => !d.disputed).length >= 60, "most exact draws are not disputed");
});
test("band subsets on 100 more development draws (seeds 161-210): a band read over the wrong columns is disputed", async () => {
  // Two kinds came out wrong and undisputed here: a band label of several words, which the layout
  // reading spreads over every value column as centred on them before the bands are read, loosely
  // centred on all and exactly on a run (header-bands.ts, settings.spreadLabelBandDoubt); and two
  // bands whose centred runs can be cut two ways covering as many columns (bandSplitTieDoubt).
  const docs = await readFamily(
    "band-subset",
    2,
    Array.from({ length: 50 }, (_, k) => 161 + k),
  );
  for (const doc of docs) {
    assert.ok(doc.tp === doc.pred || doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
  }
  const exact = docs.filter((d) => d.tp === d.gt && d.tp === d.pred);
  const settled = exact.filter((d) => !d.disputed).length;
  assert.ok(settled >= 70, `most draws read exact and undisputed (${settled}; ${exact.length} exact of ${docs.length})`);
});
test("flush-left bands and multi-level headers on 40 development draws: a header read wrong is disputed, a right one is not", async () => {
  // Leaf names repeating in groups propose bands over the groups (tables/header-pattern.ts): a
  // label flush left over each group's first column is its band; a band cut at a gutter, or a
  // band line read otherwise, disagrees.
  for (const name of ["flush-left-bands", "multi-level-header"]) {
    const docs = await readFamily(name, 2, DEV_SEEDS);
    for (const doc of docs) {
      const exact = doc.tp === doc.gt && doc.tp === doc.pred;
      assert.ok(exact !== doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered, disputed ${doc.disputed}`);
    }
    // Every draw of both is read exact (so none is disputed): the multi-level headers read wrong
    // and disputed here came from word boxes cut from a run in equal shares, a band's two words
    // read apart at a gutter (readers/character-advances.ts); the disagreement itself is tested
    // on its own in tables/header-pattern.test.ts.
    assert.equal(docs.filter((d) => d.disputed).length, 0, `${name}: every band read over its group`);
  }
});
test("ruled group boxes on 40 development draws (seeds 41-80): read exact, or disputed where a relation is wrong", async () => {
  // A last group set apart by its box joins the table when its values stand in the table's
  // columns (detect-tables.ts valuesContinueColumns); a table still cut at a box reads as two
  // tables, the lower opening with values under as many aligned columns (tables/split-doubt.ts),
  // and the rulings' own proposal disputes others.
  const docs = await readFamily(
    "ruled-group-boxes",
    1,
    DEV_SEEDS.map((s) => s + 20),
  );
  for (const doc of docs) {
    const exact = doc.tp === doc.gt && doc.tp === doc.pred;
    assert.ok(
      exact || (doc.tp < doc.pred && doc.disputed),
      `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered, not disputed`,
    );
  }
  const exact = docs.filter((d) => d.tp === d.gt && d.tp === d.pred);
  assert.ok(exact.length >= 36, `most draws read exact (${exact.length} of ${docs.length})`);
});
test("an indented stub on 15 development draws (seeds 31-45): read exact; with the values rule off, every wrong draw is disputed", async () => {
  // A label wrapped at a hanging indent with its values on one line only, heading nothing, is one
  // row (tables/stub-wraps.ts), in detection too: the wrap under the last row and the wraps
  // between two groups no longer end or cut the table.
  const docs = await readFamily("indented-stub", 1, DEV_SEEDS.slice(10, 25));
  for (const doc of docs) {
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
    assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
  }
  // Without it, the doubts hold: a hanging wrap left out under the last row
  // (tables/tail-doubt.ts), or a table cut at a section label with the wrap between
  // (tables/split-doubt.ts).
  const off = await readFamily("indented-stub", 1, DEV_SEEDS.slice(10, 25), { ...SETTINGS, stubWrapsByValues: false });
  const wrong = off.filter((d) => d.tp < d.pred);
  assert.ok(wrong.length >= 3, `the draws still include tables read wrong with the rule off (${wrong.length})`);
  for (const doc of wrong) assert.ok(doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
  for (const doc of off) if (doc.tp === doc.gt && doc.tp === doc.pred) assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
});
test("an indented stub in all twelve variants on 15 development draws (seeds 21-35): each label one row, none disputed", async () => {
  // Values on a wrapped label's first or last line, wraps before a number ("under" / "18 years"),
  // leaders, bold heads, heads without a colon, rules or none. With hangingWraps off (the
  // default), the values settle the wraps (tables/stub-wraps.ts).
  const docs = await readFamily("indented-stub", 12, DEV_SEEDS.slice(0, 15));
  for (const doc of docs) {
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
    assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
  }
  // With the rule off, the wraps with values on the last line come out wrong and undisputed.
  const off = await readFamily("indented-stub", 4, DEV_SEEDS.slice(0, 5), { ...SETTINGS, stubWrapsByValues: false });
  assert.ok(
    off.some((d) => d.tp < d.pred && !d.disputed),
    "a draw read wrong is undisputed with the rule off",
  );
});
test("row-group labels running past the table's right edge, on every development draw that has one (seeds 21-80)", async () => {
  // A long group label over narrow value columns: a row of the table whole, its last words no
  // longer cut off as prose (tables/overrunning-labels.ts). The draws are chosen by their truth
  // alone: a group label (a row with no values) ending right of every value.
  const overrun: Array<{ seed: number; variant: number }> = [];
  for (let seed = 21; seed <= 80; seed++) {
    for (let variant = 0; variant < 12; variant++) {
      const doc = await generateDocument(family("row-group-headers"), variant, seed);
      const cells = doc.tables[0]!.cells;
      const right = Math.max(...cells.filter((c) => c.col > 0).map((c) => c.box[2]));
      const labels = cells.filter((c) => c.col === 0 && !cells.some((d) => d.row === c.row && d.col > 0));
      if (labels.some((c) => c.box[2] > right)) overrun.push({ seed, variant });
    }
  }
  assert.ok(overrun.length >= 10, `the family draws labels past the table's edge (${overrun.length})`);
  const read = async (settings?: Settings) => {
    const out = [];
    for (const { seed, variant } of overrun) {
      const doc = await generateDocument(family("row-group-headers"), variant, seed);
      const { result, score } = await readDrawWithoutOcr(doc, root, settings);
      out.push({ name: `${doc.name} (seed ${seed})`, ...score, disputed: result.tables.some((t) => t.layout_disputed === true) });
    }
    return out;
  };
  for (const doc of await read()) {
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
    assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
  }
  const off = await read({ ...SETTINGS, overrunningGroupLabels: false });
  assert.ok(
    off.some((d) => d.tp < d.pred && !d.disputed),
    "with the rule off, a label is cut and the table undisputed",
  );
});
test("rows inside ruled boxes, set apart only by space, are rows of one table", () => checkExact("ruled-group-boxes"));
test("rows inside ruled boxes with two names meeting in the gutter read wrong without the one-word line rules", async () => {
  // Tight column gaps join two names wider than their numbers; a line of names one word per
  // column is cut between them (settings.gutterNamesInOneWordLines), and so is one right above
  // the values whose words each stand over a column of their own (settings.namesApartEm). With
  // both off, some seen draw fails.
  const docs = await readFamily("ruled-group-boxes", 2, SEEN_SEEDS, { ...SETTINGS, gutterNamesInOneWordLines: false, namesApartEm: 0 });
  assert.ok(
    docs.some((d) => d.tp !== d.gt || d.tp !== d.pred),
    "a seen draw reads wrong with the rule off",
  );
});
test("rows inside ruled boxes with names meeting in the gutter cut apart (gutterBothRunIn on) are read exact", () =>
  checkExact("ruled-group-boxes", { ...SETTINGS, gutterBothRunIn: true }));
test("names right above the values, one word per value column, on 80 development draws (seeds 21-60)", async () => {
  // Names wider than their numbers and right-aligned with them, set a little apart, run into every
  // gutter; the stub's name may be several words or blank. Each word over a column of its own is
  // that column's name (layout-model.ts wordsOverOwnColumns): before, two or three names came out
  // as one cell, every relation around them wrong and undisputed.
  const docs = await readFamily("blank-every-five", 2, DEV_SEEDS);
  for (const doc of docs) assert.equal(doc.tp, doc.pred, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered`);
  const exact = docs.filter((d) => d.tp === d.gt);
  assert.ok(exact.length >= 75, `the draws read exact (${exact.length} of ${docs.length})`);
});
test("names set close over the values head their table on 80 later development draws (seeds 161-200)", async () => {
  // Names as wide as their columns a narrow gutter apart make one chunk of six words or more, which
  // reads as prose: detection left the line out and the table lost its header (9 of these 80 draws
  // before). One word over each value column, further apart than a word space, is a line of names
  // (names-over-values.ts); with the rule off (namesApartEm 0) headers are lost again.
  const seeds = Array.from({ length: 40 }, (_, k) => 161 + k);
  const docs = await readFamily("blank-every-five", 2, seeds);
  for (const doc of docs)
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
  const off = await readFamily("blank-every-five", 2, seeds, { ...SETTINGS, namesApartEm: 0 });
  assert.ok(off.filter((d) => d.tp < d.gt).length >= 5, "with the rule off, draws lose their header");
});
test("wrapped column names on 80 development draws (seeds 21-60): read exact, and no right table doubted", async () => {
  // The last line of a wrapped name in a header row of its own leans as its name does; it was
  // taken for a lone band label off its column (tables/off-centre-label.ts), doubting right tables.
  const docs = await readFamily("wrapped-headers", 2, DEV_SEEDS);
  for (const doc of docs) {
    assert.ok(doc.tp === doc.gt && doc.tp === doc.pred, `${doc.name}: ${doc.tp} right of ${doc.gt} true, ${doc.pred} delivered`);
    assert.ok(!doc.disputed, `${doc.name}: read exact, yet disputed`);
  }
});
test("stacked parts of one row or several, each under its own line of names, are one table each", () => checkExact("stacked-parts"));
test("stacked parts on 40 development draws (seeds 21-60): every part is found, no two are joined", async () => {
  // A part of one row is its line of names and one row of values: kept over or under a part whose
  // names stand over the same columns (detect-tables.ts isBlockAbove, isBlockUnder), cut off at a
  // repeat of its header, or cut out of a region at its line of names under a row of values
  // (tables/stacked-blocks.ts). Read alone, a one-row part has two lines to find its columns in:
  // a blank band between them is a gutter even where only the row has text beside it
  // (settings.twoLineGutters).
  const docs = await readFamily("stacked-parts", 1, DEV_SEEDS);
  for (const doc of docs) assert.equal(doc.tables, doc.trueCols.length, `${doc.name}: ${doc.tables} tables for ${doc.trueCols.length}`);
  const exact = docs.filter((d) => d.tp === d.gt && d.tp === d.pred);
  assert.ok(exact.length >= 38, `the draws read exact (${exact.length} of ${docs.length})`);
});
test("stacked parts on 80 more development draws (seeds 161-240): names over other columns than the part above, or a caption taken as the stub's name, are disputed", async () => {
  // A one-row part whose long label is set close to its first value reads a column short: its
  // names, repeated from the part above at the same places, stand over other columns there
  // (tables/repeated-names.ts). A part whose stub has no name takes the caption right above its
  // names as the stub's name (tables/raised-stub-head.ts).
  const seeds = Array.from({ length: 80 }, (_, k) => 161 + k);
  const docs = await readFamily("stacked-parts", 1, seeds);
  const wrong = docs.filter((d) => d.tp < d.pred);
  assert.ok(wrong.length >= 3, `the draws still include tables read wrong (${wrong.length})`);
  for (const doc of wrong) assert.ok(doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
  for (const doc of docs.filter((d) => d.tp === d.gt && d.tp === d.pred)) assert.ok(!doc.disputed, `${doc.name}: exact, yet disputed`);
  // Each doubt does its part: with either off, a draw read wrong comes out undisputed.
  for (const off of [
    { ...SETTINGS, repeatedNamesAlignEm: 0 },
    { ...SETTINGS, raisedStubHeadDoubt: false },
  ]) {
    const docsOff = await readFamily(
      "stacked-parts",
      1,
      seeds.filter((s) => wrong.some((d) => d.name.endsWith(`(seed ${s})`))),
      off,
    );
    assert.ok(
      docsOff.some((d) => d.tp < d.pred && !d.disputed),
      "a draw read wrong is undisputed with the doubt off",
    );
  }
});
test("stacked parts on 80 development draws (seeds 41-80): a cell holding several cells' text is disputed, exact draws are not", async () => {
  // One-row parts read as one table put several columns' values side by side in one cell, or a
  // part's line of names under the row above in its cells (tables/mixed-cells.ts).
  const seeds = Array.from({ length: 40 }, (_, k) => 41 + k);
  const docs = await readFamily("stacked-parts", 2, seeds);
  const wrong = docs.filter((d) => d.tp < d.pred);
  assert.ok(wrong.length >= 3, `the draws still include tables read wrong (${wrong.length})`);
  for (const doc of wrong) assert.ok(doc.disputed, `${doc.name}: ${doc.tp} right of ${doc.pred} delivered, not disputed`);
  for (const doc of docs.filter((d) => d.tp === d.gt && d.tp === d.pred)) assert.ok(!doc.disputed, `${doc.name}: exact, yet disputed`);
  // The doubt does the work: with it off, a draw read wrong comes out undisputed.
  const off = await readFamily(
    "stacked-parts",
    2,
    seeds.filter((s) => wrong.some((d) => d.name.endsWith(`(seed ${s})`))),
    {
      ...SETTINGS,
      mixedCellNumbersApartEm: 0,
    },
  );
  assert.ok(
    off.some((d) => d.tp < d.pred && !d.disputed),
    "a draw read wrong is undisputed with the doubt off",
  );
});
