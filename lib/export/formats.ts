// The export formats registry: one entry per format, everything else derived from it (the formats
// the API accepts, those POST /v1/export accepts, content types, file extensions, the downloads
// the result page offers, the OpenAPI document's enums). Adding a format is a writer module plus
// an entry here. The writers are imported when a format is first written, so a page that only
// lists the formats does not load them (exceljs for xlsx).
import type { Writable } from "node:stream";
import type { Result } from "../result/schema";
import type { BundleImages } from "./zip";

export interface ExportOptions {
  /** zip only: the job's images: a directory (image paths resolve against it) or stored images. */
  imageDir?: BundleImages;
  /** csv: start with a UTF-8 BOM (default true, for Excel). */
  csvBom?: boolean;
  /** json and the zip's dataset.json: 2-space indentation (default false: compact). */
  jsonPretty?: boolean;
}

export interface ExportFormatEntry {
  contentType: string;
  extension: string;
  /** Accepted by POST /v1/export: a dataset sent by the client has no image files, and json
   * would be an echo. */
  stateless: boolean;
  /** Offered for a result only when it has figures (it bundles their image files). */
  needsImages: boolean;
  /** Checks that can fail with a status (no figures, a missing image), run before the body starts
   * streaming so the route can still answer {detail}. */
  prepare?: (result: Result, options: ExportOptions) => Promise<void>;
  /** Writes the export into `out` and ends it. Throws the typed errors of ./errors. */
  write: (result: Result, out: Writable, options: ExportOptions) => Promise<void>;
}

export const EXPORT_FORMAT_REGISTRY = {
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extension: ".xlsx",
    stateless: true,
    needsImages: false,
    write: async (result, out) => (await import("./xlsx")).writeXlsx(result, out),
  },
  csv: {
    contentType: "text/csv; charset=utf-8",
    extension: ".csv",
    stateless: true,
    needsImages: false,
    // One CSV file for one table, a zip of CSV files for several (csv-files.ts).
    write: async (result, out, options) => (await import("./csv-files")).writeCsvExport(result, out, { bom: options.csvBom }),
  },
  json: {
    contentType: "application/json; charset=utf-8",
    extension: ".json",
    stateless: false,
    needsImages: false,
    write: async (result, out, options) => (await import("./json")).writeJson(result, out, { pretty: options.jsonPretty }),
  },
  zip: {
    contentType: "application/zip",
    extension: ".zip",
    stateless: false,
    needsImages: true,
    prepare: async (result, options) => {
      await (await import("./zip")).planBundle(result, imagesOf(options));
    },
    write: async (result, out, options) =>
      (await import("./zip")).writeZip(result, out, { imageDir: imagesOf(options), pretty: options.jsonPretty }),
  },
} as const satisfies Record<string, ExportFormatEntry>;

export type ExportFormat = keyof typeof EXPORT_FORMAT_REGISTRY;
/** Every format, in the registry's order. */
export const EXPORT_FORMATS = Object.keys(EXPORT_FORMAT_REGISTRY) as ExportFormat[];

export type StatelessExportFormat = {
  [F in ExportFormat]: (typeof EXPORT_FORMAT_REGISTRY)[F]["stateless"] extends true ? F : never;
}[ExportFormat];
export const STATELESS_EXPORT_FORMATS = EXPORT_FORMATS.filter(
  (format) => EXPORT_FORMAT_REGISTRY[format].stateless,
) as StatelessExportFormat[];

export const EXPORT_CONTENT_TYPES = Object.fromEntries(
  EXPORT_FORMATS.map((format) => [format, EXPORT_FORMAT_REGISTRY[format].contentType]),
) as Record<ExportFormat, string>;
export const EXPORT_EXTENSIONS = Object.fromEntries(
  EXPORT_FORMATS.map((format) => [format, EXPORT_FORMAT_REGISTRY[format].extension]),
) as Record<ExportFormat, string>;

/** The formats a result can be downloaded in (those that need figures only when it has cropped
 * ones: a figure a reviewer marked has no image file). */
export function formatsFor(result: Pick<Result, "images">): ExportFormat[] {
  const cropped = result.images.some((image) => !image.uncropped);
  return EXPORT_FORMATS.filter((format) => cropped || !EXPORT_FORMAT_REGISTRY[format].needsImages);
}

function imagesOf(options: ExportOptions): BundleImages {
  if (options.imageDir === undefined) throw new Error("zip export needs imageDir");
  return options.imageDir;
}
