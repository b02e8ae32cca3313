// The value vote with a script model's reading (script-cells.ts): where the English model's junk
// is no reading, the script model's reading is one, backing the text layer when it reads the same
// value and disputing it when it reads another (a lie in the text layer). Drawn values in Hebrew,
// Greek and Arabic, cells in varied places.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { pick, seededRng } from "../../../tests/pdf/corpus/content";
import { reconcileExistingCell } from "../reconcile/reconcile-cell";
import { scriptCells, withScriptReadings } from "./script-cells";
import { scriptLanguageOf } from "./script-languages";

const WORDS: Record<string, string[]> = {
  heb: ["ירושלים", "תל אביב", "חיפה", "באר שבע", "נתניה"],
  ell: ["Αθήνα", "Πάτρα", "Λάρισα", "Βόλος", "Χανιά"],
  ara: ["القاهرة", "الجيزة", "أسوان", "طنطا", "دمياط"],
};
const JUNK = ["niooyY", "D'7oyin", "Ty", "7in"];

const cell = (value: string, bbox: BBox): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"], bbox });

test("a cell read by its script's model: backed when it reads the text layer's value, disputed when another", () => {
  const rnd = seededRng(11);
  for (let k = 0; k < 200; k++) {
    const language = pick(rnd, Object.keys(WORDS));
    const x = 40 + Math.floor(rnd() * 300);
    const y = 60 + Math.floor(rnd() * 600);
    const box: BBox = [x, y, x + 60 + Math.floor(rnd() * 40), y + 10];
    const told = pick(rnd, WORDS[language]!);
    const drawn =
      rnd() < 0.3
        ? pick(
            rnd,
            WORDS[language]!.filter((w) => w !== told),
          )
        : told;
    // The English model's junk for the cell, and Paddle's (no such letters) likewise.
    const english = { "ocr-1": [{ text: pick(rnd, JUNK), bbox: box }], "ocr-2": [{ text: pick(rnd, JUNK), bbox: box }] };
    const withScript = withScriptReadings(english, [
      { engine: "ocr-1", language, boxes: [box], words: [{ text: drawn, bbox: box, confidence: 0.9 }] },
    ]);
    const voted = reconcileExistingCell(cell(told, box), "pdf-text", withScript);
    if (drawn === told) {
      assert.equal(voted.confidence, "verified", `${told}: ${JSON.stringify(voted)}`);
      assert.deepEqual(voted.sources, ["pdf-text", "ocr-1"]);
    } else {
      assert.equal(voted.confidence, "disputed", `${told} drawn as ${drawn}: ${JSON.stringify(voted)}`);
      assert.equal(voted.readings?.["ocr-1"], drawn);
    }
    // Without the script reading the junk is no reading: the text layer alone.
    const alone = reconcileExistingCell(cell(told, box), "pdf-text", english);
    assert.equal(alone.confidence, "unverified");
    assert.deepEqual(alone.sources, ["pdf-text"]);
  }
});

test("a script reading counts only for the cell it read and only in its own script", () => {
  const box: BBox = [100, 100, 160, 110];
  const other: BBox = [200, 100, 260, 110];
  const readings = withScriptReadings({ "ocr-1": [{ text: "junk", bbox: other }] }, [
    { engine: "ocr-1", language: "heb", boxes: [box], words: [{ text: "חיפה", bbox: box, confidence: 0.9 }] },
  ]);
  // The English words elsewhere stay; the Greek cell beside it is not read by the Hebrew model.
  assert.deepEqual(
    readings["ocr-1"]!.map((w) => w.text),
    ["junk", "חיפה"],
  );
  const greek = reconcileExistingCell(cell("Πάτρα", other), "pdf-text", readings);
  assert.equal(greek.confidence, "unverified");
  assert.deepEqual(greek.sources, ["pdf-text"]);
});

test("the cells to read: values in one script with a model, header and body, by language", () => {
  const box = (x: number): BBox => [x, 10, x + 50, 20];
  const table: Table = {
    page: 1,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header: ["Πόλη", "2021"],
    header_cells: [cell("Πόλη", box(0)), cell("2021", box(60))],
    row_groups: [null, null],
    rows: [
      [cell("חיפה", box(0)), cell("1,234", box(60))],
      [cell("Total", box(0)), cell("", box(60))],
      [cell("Москва", box(0)), cell("القاهرة 2", box(60))],
    ],
  };
  const cells = scriptCells([table]);
  assert.deepEqual([...cells.keys()].sort(), ["ara", "ell", "heb"]);
  assert.deepEqual(cells.get("ell"), [box(0)]);
  assert.deepEqual(cells.get("heb"), [box(0)]);
  assert.deepEqual(cells.get("ara"), [box(60)]);
  assert.equal(scriptLanguageOf("Москва"), null);
});
