// The OCR cache: one JSON file per (file sha256, page, engine, OCR settings version) under a
// directory the caller owns, so a re-queued job or a repeat of the same file skips
// OCR. Failures are never cached: a retry may succeed. Deleting the last job of a file deletes
// `<cacheDir>/<sha256>/` (JobFiles.deleteCache in lib/storage). `cacheDir` is a directory (CLI
// tools) or the service's store (JobFiles.ocrCache: DATA_DIR or S3); both go through lib/storage.
import path from "node:path";
import { localOcrCache, type OcrCacheStore } from "../../../lib/storage/job-files";
import { OCR_SETTINGS_VERSION } from "./settings";
import type { OcrPageReading, OcrEngineName } from "./types";

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface OcrCacheKey {
  fileSha256: string;
  pageNumber: number;
  engine: OcrEngineName;
  settingsVersion?: string;
}

export function ocrCachePath(cacheDir: string, key: OcrCacheKey): string {
  if (!SHA256_HEX.test(key.fileSha256)) throw new Error("fileSha256 must be 64 lowercase hex digits");
  if (!Number.isInteger(key.pageNumber) || key.pageNumber < 1) throw new Error("pageNumber must be a positive integer");
  const version = (key.settingsVersion ?? OCR_SETTINGS_VERSION).replace(/[^A-Za-z0-9._-]/g, "_");
  return path.join(cacheDir, key.fileSha256, `p${key.pageNumber}.${key.engine}.${version}.json`);
}

type Stored = Omit<OcrPageReading, "fromCache">;

/** Where the cache lives: a directory, or a store from lib/storage. */
export type OcrCacheDir = string | OcrCacheStore;
const storeOf = (cacheDir: OcrCacheDir): OcrCacheStore => (typeof cacheDir === "string" ? localOcrCache(cacheDir) : cacheDir);

/** One more JSON file kept beside a file's OCR readings (work derived from the same render or
 * page, such as ink-grid's opinions or a vision model's answers), under a `name` its owner
 * derives from what the value depends on. Null when there is no cache, no such file, or it
 * cannot be read or parsed: the work is done again. */
export async function readCachedJson<T>(cacheDir: OcrCacheDir | null, fileSha256: string, name: string): Promise<T | null> {
  if (!cacheDir || !SHA256_HEX.test(fileSha256)) return null;
  try {
    const text = await storeOf(cacheDir).read(fileSha256, name);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Keeps `value` as `name` beside the file's OCR readings (readCachedJson). A cache that cannot be
 * written costs the work again next time, never the page, so a failure is not thrown. */
export async function writeCachedJson(cacheDir: OcrCacheDir | null, fileSha256: string, name: string, value: unknown): Promise<void> {
  if (!cacheDir || !SHA256_HEX.test(fileSha256)) return;
  try {
    await storeOf(cacheDir).write(fileSha256, name, JSON.stringify(value));
  } catch {
    // Not cached: see above.
  }
}

export async function readOcrCache(cacheDir: OcrCacheDir, key: OcrCacheKey): Promise<OcrPageReading | null> {
  try {
    const text = await storeOf(cacheDir).read(key.fileSha256, path.basename(ocrCachePath("", key)));
    if (text === null) return null;
    const stored = JSON.parse(text) as Stored;
    if (!Array.isArray(stored.words) || !Array.isArray(stored.nonTextRegions)) return null;
    return { ...stored, fromCache: true };
  } catch {
    // Missing or unreadable (a crash mid-write leaves only a temp file): a miss, OCR runs again.
    return null;
  }
}

export async function writeOcrCache(cacheDir: OcrCacheDir, key: OcrCacheKey, reading: OcrPageReading): Promise<void> {
  const { fromCache: _fromCache, ...stored } = reading;
  // Both stores write atomically (a temporary file renamed, or one S3 PUT).
  await storeOf(cacheDir).write(key.fileSha256, path.basename(ocrCachePath("", key)), JSON.stringify(stored));
}
