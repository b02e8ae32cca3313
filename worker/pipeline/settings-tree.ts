// The settings tree: every tuning value of the pipeline in one object, checked once when the
// pipeline is loaded (a process's start-up: the worker, its page hosts and the command lines all
// load run-pipeline.ts before their first page), and the one version every result records.
//
// The values stay in the modules that use them (each with where it came from); this module only
// gathers them. The versions the caches are keyed by stay what they are (COMPONENT_VERSIONS: a
// cached OCR reading is keyed by the OCR, scan preparation, reading-frame and re-read versions
// only, so retuning table layout never throws them away). PIPELINE_VERSION, recorded with every
// result, is the pipeline's own version followed by a digest of the whole tree and every
// component version: any value changed anywhere gives another version, even one nobody bumped.
import { createHash } from "node:crypto";
import { SETTINGS, SETTINGS_VERSION, type Settings } from "./settings";
import { STRUCTURE_SETTINGS, STRUCTURE_SETTINGS_VERSION } from "./structure/settings";
import { RECONCILE_SETTINGS } from "./reconcile/settings";
import { LEGACY_READ_VERSION, OCR_SETTINGS, OCR_SETTINGS_VERSION } from "./ocr/settings";
import { RENDER_SETTINGS } from "./render/settings";
import {
  HALF_TURN_SETTINGS,
  IDENTITY_SKEW_BELOW_DEG,
  ORIENTATION_SETTINGS,
  QUARTER_TURN_SETTINGS,
  RAISED_MARK_SETTINGS,
  RASTER_DRAWINGS,
  RASTER_RULINGS,
  RULED_WORD_SETTINGS,
  RULING_GLUE,
  DESPECKLE_SETTINGS,
  SCAN_PREP_SETTINGS,
  SCAN_PREP_VERSION,
  SKEW_SETTINGS,
  STANDING_LINE_SETTINGS,
  UNREAD_BLOCK_SETTINGS,
} from "./scan/settings";
import { READING_FRAME_VERSION } from "./ocr/reading-frame";
import { CELL_READINGS_VERSION } from "./ocr/read-page-ocr";
import { SCAN_REREADS } from "./scan/scan-rereads";

export const SETTINGS_TREE = {
  pipeline: SETTINGS,
  structure: STRUCTURE_SETTINGS,
  reconcile: RECONCILE_SETTINGS,
  ocr: OCR_SETTINGS,
  render: RENDER_SETTINGS,
  scan: {
    prep: SCAN_PREP_SETTINGS,
    despeckle: DESPECKLE_SETTINGS,
    identitySkewBelowDeg: IDENTITY_SKEW_BELOW_DEG,
    skew: SKEW_SETTINGS,
    orientation: ORIENTATION_SETTINGS,
    halfTurn: HALF_TURN_SETTINGS,
    quarterTurn: QUARTER_TURN_SETTINGS,
    unreadBlocks: UNREAD_BLOCK_SETTINGS,
    standingLines: STANDING_LINE_SETTINGS,
    ruledWords: RULED_WORD_SETTINGS,
    rulingGlue: RULING_GLUE,
    rasterRulings: RASTER_RULINGS,
    rasterDrawings: RASTER_DRAWINGS,
    raisedMarks: RAISED_MARK_SETTINGS,
  },
};

/** The versions things are cached or recorded by, as they were. */
export const COMPONENT_VERSIONS = {
  /** Table layout and the value vote (settings.ts). */
  pipeline: SETTINGS_VERSION,
  /** The structure readers and vote (structure/settings.ts). */
  structure: STRUCTURE_SETTINGS_VERSION,
  /** What an engine returns for a page (ocr/settings.ts, render/settings.ts): the OCR cache key. */
  ocr: OCR_SETTINGS_VERSION,
  /** A scanned page as prepared for OCR (scan/settings.ts): in the cache key of scans. */
  scanPrep: SCAN_PREP_VERSION,
  /** A turned page read in its reading frame (ocr/reading-frame.ts): in the cache key. */
  readingFrame: READING_FRAME_VERSION,
  /** The cascade's crop readings (ocr/read-page-ocr.ts): their cache key. */
  cellReadings: CELL_READINGS_VERSION,
  /** Each scan re-read (scan/scan-rereads.ts): their cache keys. */
  scanRereads: SCAN_REREADS.map((step) => step.version),
  /** The third reading of a scanned cell (ocr/legacy-tesseract.ts): its cache key. */
  tieBreakReadings: LEGACY_READ_VERSION,
};

/** Where the tree holds something other than a finite number, a boolean or a string (arrays of
 * them allowed), as "path: what"; empty when every value is one. */
export function settingsProblems(value: unknown, path = "settings"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path}: ${value} is not a finite number`];
  if (typeof value === "boolean" || typeof value === "string") return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => settingsProblems(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${path}: empty`];
    return entries.flatMap(([key, item]) => settingsProblems(item, `${path}.${key}`));
  }
  return [`${path}: ${value === null ? "null" : typeof value} is not a setting`];
}

/** Throws, naming every bad value, unless the whole tree is well formed. */
export function validateSettingsTree(tree: unknown = SETTINGS_TREE): void {
  const problems = settingsProblems(tree);
  if (problems.length > 0) throw new Error(`invalid settings:\n  ${problems.join("\n  ")}`);
}

/** The version a run with `settings` (the pipeline part of the tree, the default or an eval's
 * override) records: `<SETTINGS_VERSION>+<12 hex digits of the tree's and versions' digest>`. */
export function pipelineVersion(settings: Settings = SETTINGS): string {
  const digest = createHash("sha256")
    .update(JSON.stringify({ tree: { ...SETTINGS_TREE, pipeline: settings }, versions: COMPONENT_VERSIONS }))
    .digest("hex")
    .slice(0, 12);
  return `${SETTINGS_VERSION}+${digest}`;
}

validateSettingsTree();

/** The version every result of the default settings records. */
export const PIPELINE_VERSION = pipelineVersion();
