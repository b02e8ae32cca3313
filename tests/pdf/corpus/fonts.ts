// Fonts of the generated corpus: the standard 14 (no file needed) and DejaVu from npm
// (dejavu-fonts-ttf), embedded through fontkit, for a monospaced face with more glyphs and for
// Hebrew text.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PDFFont, StandardFonts } from "pdf-lib";

export interface FontPair {
  name: string;
  regular: PDFFont;
  bold: PDFFont;
}

const require = createRequire(import.meta.url);

function dejavu(file: string): Uint8Array {
  const dir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
  return fs.readFileSync(path.join(dir, file));
}

const PROPORTIONAL = ["helvetica", "times", "dejavu-sans"] as const;
const MONO = ["courier", "dejavu-mono"] as const;

/** Fonts embedded on first use, so a document carries only the faces it draws with. */
export class FontSet {
  private readonly cache = new Map<string, Promise<FontPair>>();
  private readonly italics = new Map<string, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  /** A proportional face by index (variants cycle through them). */
  proportional(k: number): Promise<FontPair> {
    return this.get(PROPORTIONAL[k % PROPORTIONAL.length]!);
  }

  /** The italic (oblique) face of proportional face k, embedded on first use. */
  italic(k: number): Promise<PDFFont> {
    const name = PROPORTIONAL[k % PROPORTIONAL.length]!;
    let face = this.italics.get(name);
    if (!face) {
      face =
        name === "helvetica"
          ? this.doc.embedFont(StandardFonts.HelveticaOblique)
          : name === "times"
            ? this.doc.embedFont(StandardFonts.TimesRomanItalic)
            : this.doc.embedFont(dejavu("DejaVuSans-Oblique.ttf"), { subset: true });
      this.italics.set(name, face);
    }
    return face;
  }

  mono(k: number): Promise<FontPair> {
    return this.get(MONO[k % MONO.length]!);
  }

  /** DejaVu Sans: it has Hebrew, Greek and Arabic glyphs. */
  nonLatin(): Promise<FontPair> {
    return this.get("dejavu-sans");
  }

  private get(name: string): Promise<FontPair> {
    let pair = this.cache.get(name);
    if (!pair) {
      pair = this.embed(name);
      this.cache.set(name, pair);
    }
    return pair;
  }

  private async embed(name: string): Promise<FontPair> {
    const std = async (regular: StandardFonts, bold: StandardFonts) => ({
      name,
      regular: await this.doc.embedFont(regular),
      bold: await this.doc.embedFont(bold),
    });
    const file = async (regular: string, bold: string) => ({
      name,
      regular: await this.doc.embedFont(dejavu(regular), { subset: true }),
      bold: await this.doc.embedFont(dejavu(bold), { subset: true }),
    });
    switch (name) {
      case "helvetica":
        return std(StandardFonts.Helvetica, StandardFonts.HelveticaBold);
      case "times":
        return std(StandardFonts.TimesRoman, StandardFonts.TimesRomanBold);
      case "courier":
        return std(StandardFonts.Courier, StandardFonts.CourierBold);
      case "dejavu-sans":
        return file("DejaVuSans.ttf", "DejaVuSans-Bold.ttf");
      case "dejavu-mono":
        return file("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf");
      default:
        throw new Error(`no font ${name}`);
    }
  }
}
