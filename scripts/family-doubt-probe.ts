// Development probe for the trust rules: reads generated families' draws without OCR and prints,
// per document read wrong or disputed, the relations right / true / delivered and whether a table
// carries layout_disputed, then per family the wrong relations in undisputed and disputed
// documents and the exact documents disputed. A disputed table has no verified cell with OCR
// either, so the wrong relations in undisputed documents bound the wrong verified relations the
// family can produce, in seconds instead of an OCR eval's minutes. Use development seeds (21 and
// up), never the unseen ones.
//   npx tsx scripts/family-doubt-probe.ts FAMILY[,FAMILY...] FROM_SEED TO_SEED [VARIANTS] [-v]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateDocument } from "../tests/pdf/corpus/generate";
import { readDrawWithoutOcr } from "../tests/pdf/corpus/read-draw";
import { seedsOf } from "../tests/pdf/corpus/seeds";

async function main() {
  const args = process.argv.slice(2);
  const families = args[0]!.split(",");
  const from = Number(args[1] ?? 21);
  const to = Number(args[2] ?? 40);
  const variants = Number(args[3] ?? 1);
  const verbose = args.includes("-v");
  const unseen = new Set(seedsOf("unseen"));
  for (let seed = from; seed <= to; seed++) {
    if (unseen.has(seed)) throw new Error("the range holds an unseen seed: develop on other draws");
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "probe-"));
  for (const name of families) {
    const family = FAMILIES.find((f) => f.name === name)!;
    let exact = 0,
      n = 0,
      wrongUndisputed = 0,
      wrongDisputed = 0,
      rightDisputed = 0,
      rel = 0,
      relDisputed = 0;
    for (let seed = from; seed <= to; seed++) {
      for (let v = 0; v < variants; v++) {
        const doc = await generateDocument(family, v, seed);
        const { result, score: s } = await readDrawWithoutOcr(doc, root);
        const disputed = result.tables.some((t) => t.layout_disputed === true);
        const ok = s.tp === s.gt && s.tp === s.pred;
        n++;
        if (ok) exact++;
        rel += s.pred;
        if (disputed) relDisputed += s.pred;
        const wrong = s.pred - s.tp;
        if (disputed) {
          wrongDisputed += wrong;
          if (ok) rightDisputed++;
        } else wrongUndisputed += wrong;
        if (!ok || verbose || disputed)
          console.log(
            `${name} s${seed}-${v}: ${s.tp}/${s.gt}/${s.pred}${disputed ? " DISPUTED" : ""}${ok ? " exact" : ""} tables=${result.tables.length}`,
          );
      }
    }
    console.log(
      `== ${name}: ${exact}/${n} exact; wrong relations undisputed ${wrongUndisputed}, disputed ${wrongDisputed}; right docs disputed ${rightDisputed}; relations disputed ${relDisputed}/${rel}`,
    );
  }
  fs.rmSync(root, { recursive: true, force: true });
}
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
