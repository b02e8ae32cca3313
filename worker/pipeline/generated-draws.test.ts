// Every layout family draws at every seed the eval uses (seen and unseen) and the eval's default
// five variants: a draw that throws stops `npm run eval -- --seeds ...` for the whole corpus, and a
// truth cell off its page is a table no reader can see. Only whether a draw succeeds and stays on
// its page is checked here; what the pipeline reads of the unseen draws is never looked at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { FAMILIES, generateDocument } from "../../tests/pdf/corpus/generate";
import { SEEN_SEEDS, UNSEEN_SEEDS } from "../../tests/pdf/corpus/seeds";

const VARIANTS = 5;

test("every family draws at the eval's seeds and variants with its truth cells on the page", { timeout: 600_000 }, async () => {
  const failures: string[] = [];
  let drawn = 0;
  for (const family of FAMILIES)
    for (const seed of [...SEEN_SEEDS, ...UNSEEN_SEEDS])
      for (let variant = 0; variant < VARIANTS; variant++) {
        const name = `${family.name} seed ${seed} variant ${variant}`;
        try {
          const doc = await generateDocument(family, variant, seed);
          const pages = (await PDFDocument.load(doc.pdf)).getPages();
          for (const table of doc.tables)
            for (const cell of table.cells) {
              // Truth boxes are on the displayed page: a page turned a quarter shows its height across.
              const page = pages[table.page - 1]!;
              const turned = page.getRotation().angle % 180 !== 0;
              const [width, height] = turned ? [page.getHeight(), page.getWidth()] : [page.getWidth(), page.getHeight()];
              const [x0, y0, x1, y1] = cell.box;
              if (cell.text.trim() !== "" && (x0 < 0 || y0 < 0 || x1 > width || y1 > height))
                failures.push(`${name}: "${cell.text}" at ${cell.box.map(Math.round).join(",")} is off its page`);
            }
          drawn++;
        } catch (error) {
          failures.push(`${name}: ${(error as Error).message}`);
        }
      }
  assert.deepEqual(failures, []);
  assert.equal(drawn, FAMILIES.length * (SEEN_SEEDS.length + UNSEEN_SEEDS.length) * VARIANTS);
});
