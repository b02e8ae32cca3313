// Development probe of pdf-stream on a generated family (written for stacked-parts): per draw, read without OCR, the
// relations right / true / delivered, the tables true and delivered, the structure verdicts by
// level, and pdf-stream's reading of each delivered region (tables read, or why it declined; the
// parts of stacked tables it declined). Development seeds only (21 and up), never the unseen ones.
//   npx tsx scripts/stream-region-probe.ts FAMILY FROM_SEED TO_SEED [VARIANTS] [-v]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateDocument } from "../tests/pdf/corpus/generate";
import { readDrawWithoutOcr } from "../tests/pdf/corpus/read-draw";
import { seedsOf } from "../tests/pdf/corpus/seeds";
import { streamRegion, type StreamDecline } from "../worker/pipeline/structure/pdf-stream";
import { STRUCTURE_SETTINGS } from "../worker/pipeline/structure/settings";

async function main() {
  const [name, fromArg, toArg, variantsArg] = process.argv.slice(2);
  const verbose = process.argv.includes("-v");
  const from = Number(fromArg ?? 21);
  const to = Number(toArg ?? 40);
  const variants = Number(variantsArg ?? 1);
  const unseen = new Set(seedsOf("unseen"));
  for (let seed = from; seed <= to; seed++) if (unseen.has(seed)) throw new Error("the range holds an unseen seed");
  const family = FAMILIES.find((f) => f.name === name)!;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "stacked-probe-"));
  const totals: Record<string, number> = {};
  const add = (k: string, n = 1) => (totals[k] = (totals[k] ?? 0) + n);
  for (let seed = from; seed <= to; seed++) {
    for (let v = 0; v < variants; v++) {
      const doc = await generateDocument(family, v, seed);
      const levels: Record<string, number> = {};
      const stream: string[] = [];
      const { result, score: s } = await readDrawWithoutOcr(doc, root, undefined, ({ structure, extraction, readings }) => {
        for (const { verdict } of structure.verdicts.flat()) levels[verdict.level] = (levels[verdict.level] ?? 0) + 1;
        for (const m of extraction.tableModels) {
          const declined: StreamDecline[] = [];
          const read = streamRegion(m.box, readings.words, extraction.debug.tables, STRUCTURE_SETTINGS, extraction.debug.rulings, declined);
          stream.push(typeof read === "string" ? read : `${read.length}t${declined.length ? `(declined ${declined.join(",")})` : ""}`);
        }
      });
      const exact = s.tp === s.gt && s.tp === s.pred;
      add("draws");
      if (exact) add("exact");
      add("wrong relations", s.pred - s.tp);
      for (const [k, n] of Object.entries(levels)) add(`cells ${k}`, n);
      for (const r of stream) add(`stream ${r.replace(/^\d+t/, "read")}`);
      if (!exact || verbose)
        console.log(
          `${doc.name} s${seed}: ${s.tp}/${s.gt}/${s.pred}${exact ? " exact" : ""} tables ${doc.tables.length}->${result.tables.length}` +
            ` rows ${doc.tables.map((t) => Math.max(...t.cells.map((c) => c.row))).join("+")} levels ${JSON.stringify(levels)} stream ${stream.join(" | ")}`,
        );
    }
  }
  console.log(JSON.stringify(totals, null, 1));
  fs.rmSync(root, { recursive: true, force: true });
}
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
