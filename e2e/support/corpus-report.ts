// A multi-page report for the keyboard review journey, assembled from the generated
// layout-family corpus (tests/pdf/corpus/): several families' builders draw their page into ONE
// PDFDocument, each with the random generator generateDocument would give that family and variant,
// so every page is exactly a page of the corpus and the whole file is deterministic from the seed.
import { PDFDocument } from "pdf-lib";
import { seededRng } from "../../tests/pdf/corpus/content";
import type { Family } from "../../tests/pdf/corpus/family";
import { FAMILIES } from "../../tests/pdf/corpus/families";
import { FontSet } from "../../tests/pdf/corpus/fonts";
import type { TruthTable } from "../../tests/pdf/corpus/truth";

export interface ReportPart {
  family: string;
  variant: number;
}

/** The report's pages, in order: realistic statistical tables whose layouts are the ones review has
 * to fix (a table continued under a repeated header, a two-line header, shading, footnotes, a title
 * line above the header, two tables side by side, bands set flush left over their columns, which
 * no reading can place for certain). */
export const REPORT_PARTS: readonly ReportPart[] = [
  { family: "multi-level-header", variant: 0 },
  { family: "stacked-repeat-header", variant: 0 },
  { family: "chart-legend", variant: 0 },
  { family: "abbreviation-key", variant: 0 },
  { family: "flush-left-bands", variant: 0 },
  { family: "monospaced-dashes", variant: 2 },
];

export const REPORT_SEED = 16;

/** A fixed creation date: the same seed gives byte-identical files. */
const EPOCH = new Date("2026-01-01T00:00:00Z");

export interface CorpusReport {
  pdf: Uint8Array;
  /** Each part's ground truth, its page numbers (1-based) in the assembled file. */
  parts: Array<ReportPart & { pages: number[]; tables: TruthTable[] }>;
}

function familyNamed(name: string): Family {
  const family = FAMILIES.find((f) => f.name === name);
  if (!family) throw new Error(`no corpus family named ${name}`);
  return family;
}

export async function corpusReport(parts: readonly ReportPart[] = REPORT_PARTS, seed = REPORT_SEED): Promise<CorpusReport> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(EPOCH);
  doc.setModificationDate(EPOCH);
  doc.setProducer("e2e corpus-report");
  const fonts = new FontSet(doc);
  const out: CorpusReport["parts"] = [];
  for (const part of parts) {
    const family = familyNamed(part.family);
    // The same seed formula as tests/pdf/corpus/generate.ts generateDocument.
    const rng = seededRng((seed * 1_000_003 + (FAMILIES.indexOf(family) + 1) * 10_007 + part.variant) >>> 0);
    const first = doc.getPageCount() + 1;
    const tables = await family.build({ doc, fonts, rng, variant: part.variant });
    const pages = Array.from({ length: doc.getPageCount() - first + 1 }, (_, i) => first + i);
    out.push({ ...part, pages, tables });
  }
  return { pdf: await doc.save(), parts: out };
}
