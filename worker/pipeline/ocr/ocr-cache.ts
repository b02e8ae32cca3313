// The OCR cache: one JSON file per (file sha256, page, reader, OCR settings version) under a
// directory the caller owns (DESIGN.md §4), so a re-queued job or a repeat of the same file skips
// OCR. Failures are never cached: a retry may succeed. Deleting the last job of a file deletes
// `<cacheDir>/<sha256>/` (storage.removeCache in lib/storage).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { OCR_SETTINGS_VERSION } from "./settings";
import type { OcrPageReading, OcrReaderName } from "./types";

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface OcrCacheKey {
  fileSha256: string;
  pageNumber: number;
  reader: OcrReaderName;
  settingsVersion?: string;
}

export function ocrCachePath(cacheDir: string, key: OcrCacheKey): string {
  if (!SHA256_HEX.test(key.fileSha256)) throw new Error("fileSha256 must be 64 lowercase hex digits");
  if (!Number.isInteger(key.pageNumber) || key.pageNumber < 1) throw new Error("pageNumber must be a positive integer");
  const version = (key.settingsVersion ?? OCR_SETTINGS_VERSION).replace(/[^A-Za-z0-9._-]/g, "_");
  return path.join(cacheDir, key.fileSha256, `p${key.pageNumber}.${key.reader}.${version}.json`);
}

type Stored = Omit<OcrPageReading, "fromCache">;

export async function readOcrCache(cacheDir: string, key: OcrCacheKey): Promise<OcrPageReading | null> {
  try {
    const stored = JSON.parse(await fs.promises.readFile(ocrCachePath(cacheDir, key), "utf8")) as Stored;
    if (!Array.isArray(stored.words) || !Array.isArray(stored.nonTextRegions)) return null;
    return { ...stored, fromCache: true };
  } catch {
    // Missing or unreadable (a crash mid-write leaves only a temp file): a miss, OCR runs again.
    return null;
  }
}

export async function writeOcrCache(cacheDir: string, key: OcrCacheKey, reading: OcrPageReading): Promise<void> {
  const target = ocrCachePath(cacheDir, key);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const { fromCache: _fromCache, ...stored } = reading;
  const temp = `${target}.${randomUUID()}.tmp`;
  await fs.promises.writeFile(temp, JSON.stringify(stored));
  await fs.promises.rename(temp, target);
}
