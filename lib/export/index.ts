// The export library: formats, download names and one entry point per format.
// Routes call parseExportFormat, then createExportStream (or writeExport) and contentDisposition.
import { PassThrough, type Readable, type Writable } from "node:stream";
import type { Result } from "../result/schema";
import { csvExportIsZip } from "./csv-files";
import { UnsupportedExportFormatError } from "./errors";
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_EXTENSIONS,
  EXPORT_FORMAT_REGISTRY,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportFormatEntry,
  type ExportOptions,
} from "./formats";

export * from "./errors";
export { readDataset, DEFAULT_EXPORT_BODY_LIMIT_BYTES } from "./parse-dataset";
export {
  EXPORT_CONTENT_TYPES,
  EXPORT_EXTENSIONS,
  EXPORT_FORMAT_REGISTRY,
  EXPORT_FORMATS,
  STATELESS_EXPORT_FORMATS,
  formatsFor,
  type ExportFormat,
  type ExportFormatEntry,
  type ExportOptions,
  type StatelessExportFormat,
} from "./formats";

/** The format from the query string; throws UnsupportedExportFormatError (400) otherwise. */
export function parseExportFormat<F extends ExportFormat = ExportFormat>(
  value: string | null | undefined,
  allowed: readonly F[] = EXPORT_FORMATS as unknown as readonly F[],
): F {
  const format = (value ?? "").trim().toLowerCase();
  if ((allowed as readonly string[]).includes(format)) return format as F;
  throw new UnsupportedExportFormatError(value ?? null, allowed);
}

const MAX_BASE_CHARS = 120;
/** ".pdf" or an export's extension at the end of a name: /\.(pdf|xlsx|csv|json|zip)$/i. */
const UPLOAD_OR_EXPORT_EXTENSION = new RegExp(
  `\\.(pdf|${EXPORT_FORMATS.map((format) => EXPORT_EXTENSIONS[format].slice(1)).join("|")})$`,
  "i",
);

/** The uploaded name without directories, extension or control characters; "result" if empty. */
function baseName(uploadedName: string | null | undefined): string {
  let name = (uploadedName ?? "").split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  name = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  name = name.replace(UPLOAD_OR_EXPORT_EXTENSION, "").trim();
  name = Array.from(name).slice(0, MAX_BASE_CHARS).join("").trim();
  return name === "" || /^\.+$/.test(name) ? "result" : name;
}

/** Download name from the uploaded name: "Q3 report.pdf" -> "Q3 report.xlsx" (Unicode kept). */
export function exportFileName(uploadedName: string | null | undefined, format: ExportFormat): string {
  return baseName(uploadedName) + EXPORT_EXTENSIONS[format];
}

/** The same name in plain ASCII for the filename= parameter: accents dropped, the rest "_". */
export function asciiFileName(uploadedName: string | null | undefined, format: ExportFormat): string {
  let ascii = baseName(uploadedName)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()+-]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[ ._]+|[ ._]+$/g, "");
  if (ascii === "") ascii = "result";
  return ascii + EXPORT_EXTENSIONS[format];
}

/** What a download of `format` is for this result: the CSV export is one CSV file for one table
 * and a zip of CSV files for several (csv-files.ts), so its type and extension depend on it. */
export function exportFileKind(format: ExportFormat, result: Pick<Result, "tables">): { contentType: string; extension: ExportFormat } {
  const extension = format === "csv" && csvExportIsZip(result) ? "zip" : format;
  return { contentType: EXPORT_CONTENT_TYPES[extension], extension };
}

/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987 does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition header: `attachment; filename="ascii"; filename*=UTF-8''utf8`
 * (RFC 6266): old clients use the ASCII name, current browsers and curl -J the exact one.
 */
export function contentDisposition(uploadedName: string | null | undefined, format: ExportFormat): string {
  const ascii = asciiFileName(uploadedName, format);
  const exact = exportFileName(uploadedName, format);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(exact)}`;
}

/** Writes the export into `out` and ends it. Throws the typed errors of ./errors. */
export async function writeExport(format: ExportFormat, result: Result, out: Writable, options: ExportOptions = {}): Promise<void> {
  return EXPORT_FORMAT_REGISTRY[format].write(result, out, options);
}

/**
 * The export as a readable stream for a response body (Readable.toWeb for a route handler).
 * The checks that can fail with a status (no figures, a missing image) run before this resolves,
 * so the route can still answer {detail}; an error later, mid-stream, destroys the stream.
 */
export async function createExportStream(format: ExportFormat, result: Result, options: ExportOptions = {}): Promise<Readable> {
  const entry: ExportFormatEntry = EXPORT_FORMAT_REGISTRY[format];
  await entry.prepare?.(result, options);
  const out = new PassThrough();
  writeExport(format, result, out, options).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
