// An image upload made into pages for the scanned-page path: each image (each frame of a
// multi-page TIFF) becomes one page of a PDF without a text layer, its size from the image's
// resolution (INPUT_SETTINGS.defaultDpi when it states none), upright as its EXIF orientation
// says. The pipeline then reads it as it reads any scan (scan/scanned-page.ts: both OCR families,
// rulings from the pixels, the structure vote), the review page shows it, and billing counts its
// pages, with nothing format-specific downstream. The pixels go in unchanged: lossless sources
// as deflated raw pixels, photos as JPEG (INPUT_SETTINGS.photoJpegQuality).
//
// Runs where untrusted files are opened (the inspector process, lib/pdf/isolated-inspect.ts):
// an image over the pixel limit is refused from its header before it is decoded.
import zlib from "node:zlib";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { PDFDocument, PDFName, popGraphicsState, pushGraphicsState, concatTransformationMatrix, drawObject } from "pdf-lib";
import { INPUT_SETTINGS, type InputSettings } from "./settings";
import { InputRefusedError } from "./input-error";

/** The image cannot be made into pages; the message is for the uploader (a 400 detail). */
export class ImageInputError extends InputRefusedError {}

export interface ImagePages {
  pdf: Uint8Array;
  /** Pages in the PDF: every frame, or the first `maxPages`. */
  pages: number;
  /** Frames in the file. */
  frames: number;
}

/** Formats whose frames are photos, stored as JPEG; the others are stored losslessly. */
const PHOTO_FORMATS = new Set(["jpeg", "webp", "heif"]);

/** Page size in points of a `pixels`-wide image at `density` dpi (the default when it is absent or
 * out of range). */
export function pointsAt(pixels: number, density: number | undefined, settings: InputSettings = INPUT_SETTINGS): number {
  const dpi = density !== undefined && density >= settings.minDpi && density <= settings.maxDpi ? density : settings.defaultDpi;
  return (pixels * 72) / dpi;
}

export async function imageToPages(bytes: Uint8Array, maxPages: number, settings: InputSettings = INPUT_SETTINGS): Promise<ImagePages> {
  // The header alone is read here (no pixel is decoded), so its size can be judged first; every
  // decode below is also held to the limit by the decoder itself.
  const options = { limitInputPixels: false, sequentialRead: true } as const;
  let header: Metadata;
  try {
    header = await sharp(bytes, options).metadata();
  } catch {
    throw new ImageInputError("the image could not be read (it is corrupt or truncated)");
  }
  // GIF and WebP animations are one picture shown over time: their first frame is the page.
  const frames = header.format === "tiff" ? Math.max(1, header.pages ?? 1) : 1;
  const pages = Math.min(frames, maxPages);
  const doc = await PDFDocument.create();
  for (let frame = 0; frame < pages; frame++) {
    const meta = frame === 0 ? header : await sharp(bytes, { ...options, page: frame }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * height > settings.maxPixelsPerImage) {
      throw new ImageInputError(
        `${frames > 1 ? `frame ${frame + 1} of the image` : "the image"} is ${width} x ${height} pixels, more than the ${settings.maxPixelsPerImage / 1e6} M pixels a page may have`,
      );
    }
    await addFramePage(doc, bytes, frame, meta, settings);
  }
  return { pdf: await doc.save(), pages, frames };
}

async function addFramePage(doc: PDFDocument, bytes: Uint8Array, frame: number, meta: Metadata, settings: InputSettings): Promise<void> {
  const grey = meta.space === "b-w" || meta.space === "grey16";
  const photo = PHOTO_FORMATS.has(meta.format ?? "");
  // rotate() with no angle turns the image upright by its EXIF orientation; transparency goes
  // onto white, as a page is.
  const pipeline = sharp(bytes, { limitInputPixels: settings.maxPixelsPerImage, page: frame })
    .rotate()
    .flatten({ background: "#ffffff" })
    .toColourspace(grey ? "b-w" : "srgb");
  let data: Buffer;
  let info: OutputInfo;
  let filter: "DCTDecode" | "FlateDecode";
  try {
    if (photo) {
      ({ data, info } = await pipeline
        .jpeg({ quality: settings.photoJpegQuality, chromaSubsampling: "4:4:4" })
        .toBuffer({ resolveWithObject: true }));
      filter = "DCTDecode";
    } else {
      // 8 bits a sample, as the page declares them (a 16-bit PNG or TIFF is brought down).
      const raw = await pipeline.raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
      info = raw.info;
      data = zlib.deflateSync(raw.data, { level: 6 });
      filter = "FlateDecode";
    }
  } catch {
    throw new ImageInputError(
      `${frame > 0 ? `frame ${frame + 1} of the image` : "the image"} could not be decoded (it is corrupt or truncated)`,
    );
  }
  const channels = info.channels;
  if (channels !== 1 && channels !== 3) throw new ImageInputError("the image's colour format is not supported");
  // The page is the image at its resolution; a quarter turn by EXIF swaps its sides, not its dpi.
  const widthPt = pointsAt(info.width, meta.density, settings);
  const heightPt = pointsAt(info.height, meta.density, settings);
  const xObject = doc.context.stream(data, {
    Type: "XObject",
    Subtype: "Image",
    Width: info.width,
    Height: info.height,
    ColorSpace: channels === 1 ? "DeviceGray" : "DeviceRGB",
    BitsPerComponent: 8,
    Filter: filter,
  });
  const ref = doc.context.register(xObject);
  const page = doc.addPage([widthPt, heightPt]);
  const name: PDFName = page.node.newXObject("Scan", ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(widthPt, 0, 0, heightPt, 0, 0), drawObject(name), popGraphicsState());
}
