// Generates the layout-family corpus: for each family, `variants` documents NAME.pdf with their
// ICDAR 2013 ground truth (NAME-str.xml, NAME-reg.xml), deterministic from one seed, so the eval
// scores them unchanged (`npm run eval -- --generated`) and golden tests draw single instances.
import fs from "node:fs";
import { PDFDocument } from "pdf-lib";
import { seededRng } from "./content";
import type { Family } from "./family";
import { FAMILIES } from "./families";
import { FontSet } from "./fonts";
import { writeDocument, type TruthTable } from "./truth";
import { documentName } from "./seeds";

export interface GeneratedDocument {
  name: string;
  family: string;
  variant: number;
  pdf: Uint8Array;
  tables: TruthTable[];
  /** Figures drawn (top-left page boxes), for the figure checks. */
  figures: Array<[number, number, number, number]>;
  /** The first figure, when there is one (a chart's plot area). */
  plot?: [number, number, number, number];
}

/** A fixed creation date: the same seed gives byte-identical files. */
const EPOCH = new Date("2026-01-01T00:00:00Z");

export async function generateDocument(family: Family, variant: number, seed: number): Promise<GeneratedDocument> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(EPOCH);
  doc.setModificationDate(EPOCH);
  doc.setProducer("generate-corpus");
  const familyIndex = FAMILIES.indexOf(family);
  const rng = seededRng((seed * 1_000_003 + (familyIndex + 1) * 10_007 + variant) >>> 0);
  const figures: GeneratedDocument["figures"] = [];
  const tables = await family.build({ doc, fonts: new FontSet(doc), rng, variant, figures });
  return {
    name: `${family.name}-${variant}`,
    family: family.name,
    variant,
    pdf: await doc.save(),
    tables,
    figures,
    ...(figures[0] ? { plot: figures[0] } : {}),
  };
}

/** `seeds` (several seeds, each drawing `variants` documents per family) overrides `seed`; the
 * documents are then named FAMILY-sSEED-VARIANT (seeds.ts). */
export async function generateCorpus(options: {
  outDir: string;
  seed: number;
  variants: number;
  families?: readonly Family[];
  seeds?: readonly number[];
}): Promise<GeneratedDocument[]> {
  await fs.promises.mkdir(options.outDir, { recursive: true });
  const out: GeneratedDocument[] = [];
  const seeds = options.seeds?.length ? options.seeds : [options.seed];
  for (const family of options.families ?? FAMILIES) {
    for (const seed of seeds) {
      for (let variant = 0; variant < options.variants; variant++) {
        const drawn = await generateDocument(family, variant, seed);
        const generated = { ...drawn, name: documentName(family.name, seed, variant, seeds.length) };
        await writeDocument(options.outDir, generated.name, generated.pdf, generated.tables);
        out.push(generated);
      }
    }
  }
  return out;
}

export { FAMILIES };
