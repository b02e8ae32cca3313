// Decides a file's format from its bytes, never its name.
import { fileTypeFromBuffer } from "file-type";
import type { ByteSource } from "../storage/job-files";
import { sniffCsv } from "./csv-text";

/** The kinds of input ACCEPT_FORMATS switches on (lib/env.ts). */
export type InputKind = "pdf" | "image" | "spreadsheet";

/** `readable`: the pipeline reads this format when its kind is switched on; GIF is read as its
 * first frame; XLS (the binary Excel 97-2003 format) and ODS are recognised but not read. */
export type SniffedFormat =
  { kind: "pdf" } | { kind: "image" | "spreadsheet"; format: string; label: string; readable: boolean } | { kind: "unrecognised" };

const IMAGES: Record<string, [format: string, label: string]> = {
  "image/png": ["png", "PNG image"],
  "image/jpeg": ["jpeg", "JPEG image"],
  "image/tiff": ["tiff", "TIFF image"],
  "image/gif": ["gif", "GIF image"],
  "image/webp": ["webp", "WebP image"],
};
const SPREADSHEETS: Record<string, [format: string, label: string, readable: boolean]> = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx", "XLSX spreadsheet", true],
  "application/vnd.ms-excel": ["xls", "XLS spreadsheet", false],
  "application/x-cfb": ["xls", "XLS spreadsheet", false],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods", "ODS spreadsheet", false],
};
/** PDF readers accept the header anywhere in the first 1024 bytes (PDF 1.7 implementation note). */
const PDF_HEADER_WINDOW = 1024;
/** Enough text to judge a CSV by its first records (csv-text.ts CSV_TEXT.sampleRecords). */
const CSV_SAMPLE_BYTES = 64 * 1024;

const TIFF_MAGIC = [Buffer.from("49492a00", "hex"), Buffer.from("4d4d002a", "hex")];

/** Reads only the first bytes of the stored upload (a ranged read on S3). */
export async function sniffFormat(source: ByteSource): Promise<SniffedFormat> {
  const head = Buffer.from(await source.read(0, CSV_SAMPLE_BYTES));
  if (head.subarray(0, PDF_HEADER_WINDOW).includes("%PDF-")) return { kind: "pdf" };
  // file-type's signatures (zip containers included) sit in the first few kilobytes.
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected) {
    const image = IMAGES[detected.mime];
    if (image) return { kind: "image", format: image[0], label: image[1], readable: true };
    const sheet = SPREADSHEETS[detected.mime];
    if (sheet) return { kind: "spreadsheet", format: sheet[0], label: sheet[1], readable: sheet[2] };
    return { kind: "unrecognised" };
  }
  // A TIFF's first directory may sit after its pixels, past the sample (libtiff writes it last),
  // where file-type looks for it: its byte-order mark and magic number decide it then.
  if (TIFF_MAGIC.some((magic) => head.subarray(0, 4).equals(magic)))
    return { kind: "image", format: "tiff", label: "TIFF image", readable: true };
  if (sniffCsv(head, head.length < CSV_SAMPLE_BYTES || source.size <= CSV_SAMPLE_BYTES))
    return { kind: "spreadsheet", format: "csv", label: "CSV spreadsheet", readable: true };
  return { kind: "unrecognised" };
}
