// Vision answers cached like OCR readings (ocr/ocr-cache.ts, the same store): one JSON file per
// (file sha256, page, reader, model, prompt version, what was asked), so a re-run of the same file
// makes no call. Failures are never cached: a retry may succeed.
import { createHash } from "node:crypto";
import { readCachedJson, writeCachedJson, type OcrCacheDir } from "../ocr/ocr-cache";
import type { VisionRole } from "./usage";

export interface VisionCacheKey {
  fileSha256: string;
  pageNumber: number;
  role: VisionRole;
  model: string;
  promptVersion: string;
  /** Everything else the answer depends on: the image's resolution and crop, the task text. */
  asked: string;
}

export interface CachedAnswer {
  json: unknown;
  promptTokens: number;
  completionTokens: number;
}

export function visionCacheName(key: VisionCacheKey): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([key.model, key.promptVersion, key.asked]))
    .digest("hex")
    .slice(0, 32);
  return `p${key.pageNumber}.${key.role}.${digest}.json`;
}

export async function readVisionCache(cacheDir: OcrCacheDir | null, key: VisionCacheKey): Promise<CachedAnswer | null> {
  return readCachedJson<CachedAnswer>(cacheDir, key.fileSha256, visionCacheName(key));
}

/** Failures are not thrown: an answer that cannot be cached costs a call next time, never the page. */
export async function writeVisionCache(cacheDir: OcrCacheDir | null, key: VisionCacheKey, answer: CachedAnswer): Promise<void> {
  await writeCachedJson(cacheDir, key.fileSha256, visionCacheName(key), answer);
}
