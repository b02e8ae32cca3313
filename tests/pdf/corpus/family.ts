// One layout family of the generated corpus: a name, what makes it hard, and a builder that draws
// one variant (a document) and returns its ground truth. Variants differ in fonts, sizes, column
// and row counts and contents, all drawn from the seeded generator.
import type { PDFDocument } from "pdf-lib";
import type { Rng } from "./content";
import type { FontSet } from "./fonts";
import type { TruthTable } from "./truth";

export interface FamilyContext {
  doc: PDFDocument;
  fonts: FontSet;
  rng: Rng;
  /** 0-based; builders cycle through their sub-variants with it (fonts, rulings, turns). */
  variant: number;
  /** Figures the builder drew (a chart's plot area), top-left page boxes: what a figure reading
   * should find. */
  figures?: Array<[number, number, number, number]>;
}

export interface Family {
  name: string;
  /** What the family tests, one sentence. */
  about: string;
  build(ctx: FamilyContext): Promise<TruthTable[]>;
}
