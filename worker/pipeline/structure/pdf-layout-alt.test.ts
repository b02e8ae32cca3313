// pdf-layout-alt reads text geometry with its ambiguous join the other way and may only object:
// where the two answers agree it has nothing to say, where they differ the delivered cells lose
// its support-free "agreement" and gain an objection, so they cannot come out verified.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import type { StructureContext } from "./types";
import { pdfLayoutReader } from "./pdf-layout";
import { pdfLayoutAltReader } from "./pdf-layout-alt";
import { detectTables } from "../tables/detect-tables";
import { SETTINGS } from "../settings";
import { judgeCell, PageWords, prepareReading } from "../reconcile/structure-vote";

const lineAt = (y: number, ...items: Array<[string, number, number]>): Word[] =>
  items.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 10], size: 10, font: "f", bold: false, dir: 0 }));

// The join stays a question only where the values do not settle it (tables/stub-wraps.ts: here
// one of the two lines carries values and the hanging line heads nothing, so the rule would join
// it); the fixtures below read the question as it stands with that rule off.
const OPEN = { ...SETTINGS, stubWrapsByValues: false };

function context(words: Word[], region: Box): StructureContext {
  return {
    pageNumber: 1,
    words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions: [region],
    ocr: {},
    page: null,
    settings: OPEN,
  };
}

// "Manufacturing durable" ran out of room in its stub; "goods" hangs under it: a wrap or a row.
const HEAD = [
  ...lineAt(0, ["Item", 0, 20], ["2020", 200, 220], ["2021", 260, 280]),
  ...lineAt(12, ["Total", 0, 25], ["12", 208, 220], ["13", 268, 280]),
];
const WRAP = [
  ...HEAD,
  ...lineAt(24, ["Manufacturing", 0, 70], ["durable", 73, 110]),
  ...lineAt(36, ["goods", 15, 40], ["7", 214, 220], ["8", 274, 280]),
];
const PLAIN = [...HEAD, ...lineAt(24, ["Mining", 0, 35], ["3", 214, 220], ["4", 274, 280])];

test("where the ambiguous join does not arise, pdf-layout-alt has no reading at all", async () => {
  assert.equal(await pdfLayoutAltReader.read(context(PLAIN, [0, 0, 300, 40])), null);
});

test("a hanging-indent line: the other answer objects to the delivered cells and supports nothing", async () => {
  const ctx = context(WRAP, [0, 0, 300, 50]);
  assert.equal(SETTINGS.hangingWraps, false, "the test assumes the default keeps each indented line a row");
  const alt = await pdfLayoutAltReader.read(ctx);
  assert.ok(alt && alt.kind === "tables");
  assert.equal(alt.objectsOnly, true);
  assert.ok(
    alt.tables[0]!.cells.some((c) => c.text === "Manufacturing durable goods"),
    "the other answer joins the wrap",
  );
  const layout = await pdfLayoutReader.read(ctx);
  assert.ok(layout);
  const page = new PageWords(WRAP);
  const readings = [prepareReading(layout, page), prepareReading(alt, page)];
  const idx = (...texts: string[]) => WRAP.map((w, i) => (texts.includes(w.text) ? i : -1)).filter((i) => i >= 0);
  const boxOf = (ids: number[]): Box => [
    Math.min(...ids.map((i) => WRAP[i]!.box[0])),
    Math.min(...ids.map((i) => WRAP[i]!.box[1])),
    Math.max(...ids.map((i) => WRAP[i]!.box[2])),
    Math.max(...ids.map((i) => WRAP[i]!.box[3])),
  ];
  // The delivered label "Manufacturing durable" (a row of its own): pdf-layout for, the other answer against.
  const label = idx("Manufacturing", "durable");
  const verdict = judgeCell(label, boxOf(label), "Manufacturing durable", readings);
  assert.deepEqual([verdict.supporters, verdict.against], [["pdf-layout"], ["pdf-layout-alt"]]);
  assert.equal(verdict.versions["pdf-layout-alt"], "Manufacturing durable goods");
  assert.equal(verdict.level, "disputed");
  // A value both answers put in the same cell: no opinion from the other answer (not a second supporter).
  const seven = idx("7");
  assert.deepEqual(judgeCell(seven, boxOf(seven), "7", readings).supporters, ["pdf-layout"]);
});

test("a wrapped label on the table's last row: the other answer reaches its last line below the table and objects to the cut label", async () => {
  // Stub 0-120: "Other family households, no" fills it; "spouse present" hangs under it, below
  // the last row of values, so the delivered table (each indented line a row) ends above it.
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 200, 220], ["2021", 260, 280]),
    ...lineAt(12, ["Total", 0, 25], ["12", 208, 220], ["13", 268, 280]),
    ...lineAt(24, ["Mining", 0, 35], ["3", 214, 220], ["4", 274, 280]),
    ...lineAt(36, ["Other", 0, 25], ["family", 28, 55], ["households,", 58, 105], ["no", 108, 118], ["7", 214, 220], ["8", 274, 280]),
    ...lineAt(48, ["spouse", 15, 45], ["present", 48, 80]),
  ];
  const graphics = { rulings: [], filledRects: [], drawings: [], images: [] };
  const delivered = detectTables(words, graphics, OPEN).tables;
  assert.equal(delivered.length, 1);
  assert.ok(!delivered[0]!.cells.some((c) => c.text.includes("spouse")), "the delivered table ends above the last line");
  const ctx = { ...context(words, delivered[0]!.box) };
  const alt = await pdfLayoutAltReader.read(ctx);
  assert.ok(alt && alt.kind === "tables");
  assert.ok(alt.tables[0]!.cells.some((c) => c.text === "Other family households, no spouse present"));
  const page = new PageWords(words);
  const label = words.map((w, i) => (["Other", "family", "households,", "no"].includes(w.text) ? i : -1)).filter((i) => i >= 0);
  const opinion = prepareReading(alt, page).judge(label, [0, 36, 118, 46]);
  assert.equal(opinion.verdict, "against");
});
