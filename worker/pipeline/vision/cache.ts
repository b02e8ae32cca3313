// Vision answers cached like OCR readings (ocr/ocr-cache.ts, the same store): one JSON file per
// (file sha256, page, reader, model, prompt version, what was asked), so a re-run of the same file
// makes no call. Failures are never cached: a retry may succeed.
import { createHash } from "node:crypto";
import { localOcrCache } from "../../../lib/storage/job-files";
import type { OcrCacheDir } from "../ocr/ocr-cache";
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

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function visionCacheName(key: VisionCacheKey): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([key.model, key.promptVersion, key.asked]))
    .digest("hex")
    .slice(0, 32);
  return `p${key.pageNumber}.${key.role}.${digest}.json`;
}

const storeOf = (cacheDir: OcrCacheDir) => (typeof cacheDir === "string" ? localOcrCache(cacheDir) : cacheDir);

export async function readVisionCache(cacheDir: OcrCacheDir | null, key: VisionCacheKey): Promise<CachedAnswer | null> {
  if (!cacheDir || !SHA256_HEX.test(key.fileSha256)) return null;
  try {
    const text = await storeOf(cacheDir).read(key.fileSha256, visionCacheName(key));
    return text === null ? null : (JSON.parse(text) as CachedAnswer);
  } catch {
    return null;
  }
}

export async function writeVisionCache(cacheDir: OcrCacheDir | null, key: VisionCacheKey, answer: CachedAnswer): Promise<void> {
  if (!cacheDir || !SHA256_HEX.test(key.fileSha256)) return;
  try {
    await storeOf(cacheDir).write(key.fileSha256, visionCacheName(key), JSON.stringify(answer));
  } catch {
    // A cache that cannot be written costs a call next time, never the page.
  }
}
