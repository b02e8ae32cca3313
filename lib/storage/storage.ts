// Where files live: uploads, results, cropped figures, the OCR cache. One small module so an
// S3-compatible store can replace the local directory when the service spans machines
// (DESIGN.md §2). Everything is under DATA_DIR.
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env";

const root = () => getEnv().dataDir;

export const storage = {
  uploadsDir: () => path.join(root(), "uploads"),
  jobDir: (jobId: string) => path.join(root(), "jobs", jobId),
  inputPath: (jobId: string) => path.join(root(), "jobs", jobId, "input.pdf"),
  resultPath: (jobId: string) => path.join(root(), "jobs", jobId, "result.json"),
  /** Cropped figures; result image paths ("images/...") are relative to the job directory. */
  outputDir: (jobId: string) => path.join(root(), "jobs", jobId),
  /** The OCR cache: one directory per file, <cacheRoot>/<sha256>/ (worker/pipeline/ocr/ocr-cache.ts). */
  cacheRoot: () => path.join(root(), "cache"),

  async ensureDir(dir: string): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
  },

  /** Writes a file atomically: readers never see half a result. */
  async writeFileAtomic(filePath: string, data: string | Buffer): Promise<void> {
    await fs.promises.mkdir(path.dirname(filePath), { recursive: true });
    const temporary = `${filePath}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, filePath);
  },

  async removeJobFiles(jobId: string): Promise<void> {
    await fs.promises.rm(path.join(root(), "jobs", jobId), { recursive: true, force: true });
  },

  async removeCache(fileSha256: string): Promise<void> {
    await fs.promises.rm(path.join(storage.cacheRoot(), fileSha256), { recursive: true, force: true });
  },
};
