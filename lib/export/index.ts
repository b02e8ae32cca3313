// The export library: formats, download names and one entry point per format.
// Routes call parseExportFormat, then createExportStream (or writeExport) and contentDisposition.
import { PassThrough, type Readable, type Writable } from "node:stream";
import type { Result } from "../result/schema";
import { writeCsv } from "./csv";
import { UnsupportedExportFormatError } from "./errors";
import { writeJson } from "./json";
import { writeXlsx } from "./xlsx";
import { planBundle, writeZip, type BundleImages } from "./zip";

export * from "./errors";
export { readDataset, DEFAULT_EXPORT_BODY_LIMIT_BYTES } from "./parse-dataset";

export const EXPORT_FORMATS = ["xlsx", "csv", "json", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** POST /v1/export: a dataset sent by the client has no image files, and json would be an echo. */
export const STATELESS_EXPORT_FORMATS = ["xlsx", "csv"] as const satisfies readonly ExportFormat[];
export type StatelessExportFormat = (typeof STATELESS_EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  zip: "application/zip",
};

export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  xlsx: ".xlsx",
  csv: ".csv",
  json: ".json",
  zip: ".zip",
};

export interface ExportOptions {
  /** zip only: the job's images: a directory (image paths resolve against it) or stored images. */
  imageDir?: BundleImages;
  /** csv: start with a UTF-8 BOM (default true, for Excel). */
  csvBom?: boolean;
  /** json and the zip's dataset.json: 2-space indentation (default false: compact). */
  jsonPretty?: boolean;
}

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

/** The uploaded name without directories, extension or control characters; "result" if empty. */
function baseName(uploadedName: string | null | undefined): string {
  let name = (uploadedName ?? "").split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  name = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  name = name.replace(/\.(pdf|xlsx|csv|json|zip)$/i, "").trim();
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
  switch (format) {
    case "xlsx":
      return writeXlsx(result, out);
    case "csv":
      return writeCsv(result, out, { bom: options.csvBom });
    case "json":
      return writeJson(result, out, { pretty: options.jsonPretty });
    case "zip":
      if (options.imageDir === undefined) throw new Error("zip export needs imageDir");
      return writeZip(result, out, { imageDir: options.imageDir, pretty: options.jsonPretty });
  }
}

/**
 * The export as a readable stream for a response body (Readable.toWeb for a route handler).
 * The checks that can fail with a status (no figures, a missing image) run before this resolves,
 * so the route can still answer {detail}; an error later, mid-stream, destroys the stream.
 */
export async function createExportStream(format: ExportFormat, result: Result, options: ExportOptions = {}): Promise<Readable> {
  if (format === "zip") {
    if (options.imageDir === undefined) throw new Error("zip export needs imageDir");
    await planBundle(result, options.imageDir);
  }
  const out = new PassThrough();
  writeExport(format, result, out, options).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
