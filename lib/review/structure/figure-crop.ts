// The crop of a region a reviewer made a figure ("not a table", as a figure). The web process
// renders no page (untrusted PDFs are only parsed in limited child processes), but the reviewer's
// browser has the page rendered already: it cuts the region out at a fixed scale and sends it
// with the edit. What arrives is checked to be a PNG of sane dimensions before it is stored
// among the job's images under a name of its own content, so the figure has a real file (the zip
// export bundles it) like the figures the worker cut.
import { createHash } from "node:crypto";
import { badRequest } from "../../errors";

/** A region of a page at the 2x scale the browser cuts at is a few hundred KB; a whole A3 page
 * at 3x as PNG stays under 8 MB. */
export const MAX_CROP_BYTES = 8 * 1024 * 1024;
/** An A0 poster at 2x is 6,741 pixels on its long side. */
export const MAX_CROP_PIXELS_PER_SIDE = 8000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG's bytes from base64, or a 400 saying what is wrong with them. */
export function checkCropPng(base64: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw badRequest("the figure's crop must be a base64 PNG");
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.length > MAX_CROP_BYTES) throw badRequest(`the figure's crop is larger than ${MAX_CROP_BYTES / 1024 / 1024} MB`);
  // Signature, then the IHDR chunk: length 13, type "IHDR", width and height (big-endian).
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPng =
    bytes.length >= 33 &&
    PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) &&
    view.getUint32(8) === 13 &&
    String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";
  if (!isPng) throw badRequest("the figure's crop must be a PNG image");
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width < 1 || height < 1 || width > MAX_CROP_PIXELS_PER_SIDE || height > MAX_CROP_PIXELS_PER_SIDE)
    throw badRequest(`the figure's crop must be between 1 and ${MAX_CROP_PIXELS_PER_SIDE} pixels on each side`);
  return bytes;
}

/** Where a reviewer's crop is stored: named by its content, so the same crop sent twice (an undo,
 * then the same answer again) is one file. */
export function cropImagePath(bytes: Uint8Array): string {
  return `images/review-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.png`;
}
