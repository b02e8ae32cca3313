// Decides a file's format from its bytes, never its name.
import { fileTypeFromBuffer } from "file-type";
import type { ByteSource } from "../storage/job-files";

export type SniffedFormat =
  | { kind: "pdf" }
  | { kind: "switched-off"; label: string }
  | { kind: "unrecognised" };

const IMAGE_MIMES: Record<string, string> = {
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/tiff": "TIFF image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
};
const SPREADSHEET_MIMES: Record<string, string> = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "XLSX spreadsheet",
  "application/vnd.ms-excel": "XLS spreadsheet",
  "application/x-cfb": "XLS spreadsheet",
  "application/vnd.oasis.opendocument.spreadsheet": "ODS spreadsheet",
};
/** PDF readers accept the header anywhere in the first 1024 bytes (PDF 1.7 implementation note). */
const PDF_HEADER_WINDOW = 1024;
const CSV_SAMPLE_BYTES = 64 * 1024;

/** Reads only the first bytes of the stored upload (a ranged read on S3). */
export async function sniffFormat(source: ByteSource): Promise<SniffedFormat> {
  const head = Buffer.from(await source.read(0, CSV_SAMPLE_BYTES));
  if (head.subarray(0, PDF_HEADER_WINDOW).includes("%PDF-")) return { kind: "pdf" };
  // file-type's signatures (zip containers included) sit in the first few kilobytes.
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected) {
    const label = IMAGE_MIMES[detected.mime] ?? SPREADSHEET_MIMES[detected.mime];
    if (label) return { kind: "switched-off", label };
    return { kind: "unrecognised" };
  }
  if (looksLikeCsv(head)) return { kind: "switched-off", label: "CSV spreadsheet" };
  return { kind: "unrecognised" };
}

/** Text whose first lines split into the same number (>= 2) of fields on one delimiter. */
export function looksLikeCsv(sample: Buffer): boolean {
  const text = sample.toString("utf8");
  // eslint-disable-next-line no-control-regex -- control bytes are what tells binary from text here
  if (text.includes("\uFFFD") || /[\x00-\x08\x0E-\x1F]/.test(text)) return false;
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  // The sample may end mid-line; only judge complete lines.
  if (sample.length === CSV_SAMPLE_BYTES) lines.pop();
  if (lines.length < 2) return false;
  return [",", ";", "\t"].some((delimiter) => {
    const counts = lines.slice(0, 20).map((line) => line.split(delimiter).length);
    return counts[0]! >= 2 && counts.every((count) => count === counts[0]);
  });
}
