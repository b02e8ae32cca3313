// Realistic scans for the eval: every page of a dataset's PDFs rendered the way an
// office scanner delivers it (200 dpi grey, turned a little, sensor noise, slight blur, JPEG),
// at fixed seeds, beside today's clean renders (scripts/rasterise-pdf.ts, lossless 200 dpi). The
// eval (`--scans clean|realistic|both`, eval.ts) then reads these image-only PDFs with the
// dataset's ground truth. Seeds come from the file name and page number, so the same dataset
// always gives the same scans; SCAN_VERSION names the recipe and keys the folder.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { renderToGrey } from "../../pipeline/render/render-page";
import { rotateGrey } from "../../pipeline/scan/rotate-image";
export { rotateGrey } from "../../pipeline/scan/rotate-image";

export const SCAN_VERSION = "scan-1";

export const REALISTIC_SCAN = {
  /** Office scanners default to 200 dpi grey for documents. */
  dpi: 200,
  /** Most pages are fed a little crooked: turned by up to this many degrees either way... */
  maxAngleDeg: 1,
  /** ...and one page in `steepEvery` by up to `steepAngleDeg` (a sheet fed at a slant). */
  steepEvery: 5,
  steepAngleDeg: 3,
  /** Sensor noise: Gaussian, standard deviation in grey levels. */
  noiseSigma: 8,
  /** Paper is not white nor toner black: grey levels are mapped into [black, white]. */
  black: 30,
  white: 235,
  /** Slight optical blur: passes of a [1 2 1] / 4 kernel in each direction. */
  blurPasses: 1,
  /** JPEG quality of the stored page (scanner "normal" quality). */
  jpegQuality: 70,
  /** The speckled variant only: this share of the pixels darkened to toner, one pixel each (dust on
   * the glass, a worn photocopy's specks), before the JPEG. */
  speckShare: 0.001,
} as const;

export function seedOf(fileName: string, pageNumber: number): number {
  return createHash("sha256").update(`${SCAN_VERSION}:${fileName}:${pageNumber}`).digest().readUInt32LE(0);
}

/** The angle a page is turned by, degrees (positive: clockwise on the page as seen). */
export function pageAngle(random: () => number, pageNumber: number): number {
  const steep = pageNumber % REALISTIC_SCAN.steepEvery === 0;
  const limit = steep ? REALISTIC_SCAN.steepAngleDeg : REALISTIC_SCAN.maxAngleDeg;
  return (random() * 2 - 1) * limit;
}

/** One [1 2 1] / 4 pass along rows and along columns. */
function blur(grey: Uint8Array, width: number, height: number): Uint8Array {
  const tmp = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      tmp[i] = (grey[i - (x > 0 ? 1 : 0)]! + 2 * grey[i]! + grey[i + (x < width - 1 ? 1 : 0)]!) >> 2;
    }
  }
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i] = (tmp[i - (y > 0 ? width : 0)]! + 2 * tmp[i]! + tmp[i + (y < height - 1 ? width : 0)]!) >> 2;
    }
  }
  return out;
}

/** A clean grey page made to look scanned: turned, blurred, toned, noisy. */
export function degradePage(grey: Uint8Array, width: number, height: number, random: () => number, angleDeg: number): Uint8Array {
  let page = rotateGrey(grey, width, height, angleDeg);
  for (let k = 0; k < REALISTIC_SCAN.blurPasses; k++) page = blur(page, width, height);
  const { black, white, noiseSigma } = REALISTIC_SCAN;
  for (let i = 0; i < page.length; i++) {
    // Box-Muller from two uniforms.
    const gauss = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const v = black + ((white - black) * page[i]!) / 255 + gauss * noiseSigma;
    page[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return page;
}

/** Dust specks on a scanned page: `share` of its pixels, at places drawn from `random`, darkened to
 * toner (in place). */
export function addSpecks(grey: Uint8Array, random: () => number, share: number): void {
  for (let i = 0; i < grey.length; i++) if (random() < share) grey[i] = REALISTIC_SCAN.black;
}

/** `inputPath` as a realistic scan (image-only PDF, one JPEG per page). Returns the page angles.
 * `speckled`: with dust specks too (addSpecks), drawn from their own seed, so the pages are
 * otherwise the realistic ones, turned by the same angles. */
export async function makeRealisticScan(inputPath: string, outputPath: string, speckled = false): Promise<number[]> {
  // Imported here: they load sharp, which the eval needs only when it makes scans.
  const { default: sharp } = await import("sharp");
  const { imageOnlyPdf } = await import("../../../scripts/rasterise-pdf");
  const angles: number[] = [];
  await imageOnlyPdf(inputPath, outputPath, REALISTIC_SCAN.dpi, async (render, n) => {
    const random = seededRng(seedOf(path.basename(inputPath), n));
    const angle = pageAngle(random, n);
    angles.push(angle);
    const grey = degradePage(renderToGrey(render), render.width, render.height, random, angle);
    if (speckled) addSpecks(grey, seededRng(seedOf(path.basename(inputPath), n) ^ SPECK_SEED), REALISTIC_SCAN.speckShare);
    const jpeg = await sharp(Buffer.from(grey.buffer, grey.byteOffset, grey.byteLength), {
      raw: { width: render.width, height: render.height, channels: 1 },
    })
      .jpeg({ quality: REALISTIC_SCAN.jpegQuality })
      .toBuffer();
    return { kind: "jpg", bytes: jpeg };
  });
  return angles;
}

/** For a PDF of a realistic-scan folder (prepareScanVariant's, named after SCAN_VERSION), the
 * angle each page was turned by; null for any other folder. The eval's calibration turns the
 * ground truth's boxes with it, as the result's boxes are on the page as scanned. */
export function realisticPageTurn(pdfDir: string, fileName: string): ((page: number) => number) | null {
  if (!path.basename(pdfDir).endsWith(`-${SCAN_VERSION}`)) return null;
  return (page) => pageAngle(seededRng(seedOf(fileName, page)), page);
}

export type ScanVariant = "clean" | "realistic" | "speckled";

/** Mixed into a page's seed for its specks. */
const SPECK_SEED = 0x5eec;

/** eval's --scans value: clean, realistic, speckled (realistic with dust specks), or both (clean
 * and realistic). */
export function parseScanVariants(value: string): ScanVariant[] {
  if (value === "both") return ["clean", "realistic"];
  if (value === "clean" || value === "realistic" || value === "speckled") return [value];
  throw new Error("--scans takes clean, realistic, speckled or both");
}

/** The folder prepareScanVariant keeps `datasetDir`'s scans of `variant` in. */
export function scanVariantDir(datasetDir: string, variant: ScanVariant, outDir: string): string {
  // A speckled folder's name ends like a realistic one's: its pages are turned by the same angles
  // (realisticPageTurn).
  const suffix = variant === "clean" ? "clean-200dpi" : variant === "speckled" ? `speckled-${SCAN_VERSION}` : SCAN_VERSION;
  const name = `${path.basename(datasetDir)}-${suffix}`;
  return path.resolve(outDir, "scans", name);
}

/** Makes (or reuses) the scanned variant of every PDF of `datasetDir` under `outDir` and returns
 * that folder, for eval's --pdf-dir. A folder is reused only when every file is there. */
export async function prepareScanVariant(datasetDir: string, variant: ScanVariant, outDir: string, only = ""): Promise<string> {
  const target = scanVariantDir(datasetDir, variant, outDir);
  await fs.promises.mkdir(target, { recursive: true });
  const pdfs = (await fs.promises.readdir(datasetDir)).filter((f) => f.endsWith(".pdf") && (!only || f.startsWith(only))).sort();
  for (const pdf of pdfs) {
    const output = path.join(target, pdf);
    if (fs.existsSync(output)) continue;
    const partial = `${output}.partial`;
    // Imported here: it loads sharp, which the eval needs only when it makes scans.
    if (variant === "clean") await (await import("../../../scripts/rasterise-pdf")).rasterisePdf(path.join(datasetDir, pdf), partial);
    else await makeRealisticScan(path.join(datasetDir, pdf), partial, variant === "speckled");
    await fs.promises.rename(partial, output);
  }
  return target;
}
