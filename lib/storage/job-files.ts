// JobFiles: every file of a job, and the OCR cache, through one API. Routes, the
// submission, the worker, exports and deletion call this; none of them knows a path or a key.
// Layout (the same keys in both backends, under DATA_DIR or S3_PREFIX):
//   jobs/<id>/input.pdf        the upload (an image or spreadsheet: the PDF made of it at submission)
//   jobs/<id>/sheets.json      a spreadsheet's tables, read at submission (worker/pipeline/inputs)
//   jobs/<id>/result.json      the worker's result
//   jobs/<id>/images/<name>    cropped figures (result image paths are "images/<name>")
//   jobs/<id>/pages/<n>.json   page n as the worker finished it, while the job runs (lib/result/finished-page.ts)
//   cache/<sha256>/<name>      OCR readings of the file with that hash (any job)
import type { Readable } from "node:stream";
import { getEnv } from "../env";
import { LocalStore } from "./local-store";
import type { ByteSource, ObjectStore, StorageErrorListener, StoredStream } from "./object-store";
import { S3Store } from "./s3-store";
import { storageWrite } from "./storage-write-error";

export type { ByteSource, ObjectStore, StoredStream } from "./object-store";

/** The OCR cache of one backend: a few small JSON texts per (file, page, reader, version). */
export interface OcrCacheStore {
  read(fileSha256: string, name: string): Promise<string | null>;
  write(fileSha256: string, name: string, text: string): Promise<void>;
}

/** Cropped figures of one job, by their result `path` ("images/p1-0.png"); for the zip bundle. */
export interface JobImages {
  size(imagePath: string): Promise<number | null>;
  open(imagePath: string): Promise<Readable>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const JOB_ID = /^job_[A-Za-z0-9_-]{1,64}$/;
/** "images/p1-0.png": one folder, one plain file name; nothing that could climb out of the job. */
const IMAGE_PATH = /^images\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const CACHE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function jobPrefix(jobId: string): string {
  if (!JOB_ID.test(jobId)) throw new Error("invalid job id");
  return `jobs/${jobId}/`;
}

function cachePrefix(fileSha256: string): string {
  if (!SHA256_HEX.test(fileSha256)) throw new Error("fileSha256 must be 64 lowercase hex digits");
  return `cache/${fileSha256}/`;
}

const FINISHED_PAGE_NAME = /^([1-9][0-9]{0,5})\.json$/;

function finishedPageKey(jobId: string, page: number): string {
  if (!Number.isInteger(page) || page < 1 || page > 999_999) throw new Error("invalid page number");
  return `${jobPrefix(jobId)}pages/${page}.json`;
}

export function isImagePath(imagePath: string): boolean {
  return IMAGE_PATH.test(imagePath) && !imagePath.includes("..");
}

export class JobFiles {
  constructor(readonly store: ObjectStore) {}

  /** Streams an upload into the job's input (multipart on S3). */
  async writeInput(jobId: string, body: Readable): Promise<void> {
    await this.store.putStream(`${jobPrefix(jobId)}input.pdf`, body);
  }

  /** The input for ranged reads (pdf.js, sniffing); throws when it is gone. */
  async openInput(jobId: string): Promise<ByteSource> {
    const source = await this.store.openRanges(`${jobPrefix(jobId)}input.pdf`);
    if (!source) throw new Error("the job's input file is missing");
    return source;
  }

  /** The whole input as a stream (the review page's viewer), or null. */
  inputStream(jobId: string): Promise<StoredStream | null> {
    return this.store.getStream(`${jobPrefix(jobId)}input.pdf`);
  }

  /** Replaces the stored upload with the PDF the input layer made of an image or a spreadsheet
   * (worker/pipeline/inputs/convert-upload.ts), before the job exists. */
  async replaceInput(jobId: string, pdf: Uint8Array): Promise<void> {
    await this.store.put(`${jobPrefix(jobId)}input.pdf`, pdf);
  }

  /** A spreadsheet's tables, read from the file at submission; null for any other input. */
  async writeSheets(jobId: string, json: string): Promise<void> {
    await this.store.put(`${jobPrefix(jobId)}sheets.json`, json);
  }

  async readSheets(jobId: string): Promise<string | null> {
    return (await this.store.get(`${jobPrefix(jobId)}sheets.json`))?.toString("utf8") ?? null;
  }

  /** Written whole in one request (S3) or renamed into place (local): never seen half-written. */
  async writeResult(jobId: string, json: string): Promise<void> {
    const key = `${jobPrefix(jobId)}result.json`;
    await storageWrite("the result", () => this.store.put(key, json));
  }

  async readResult(jobId: string): Promise<string | null> {
    return (await this.store.get(`${jobPrefix(jobId)}result.json`))?.toString("utf8") ?? null;
  }

  /** Page `page` of a running job, as the worker finished it (written whole, like the result). */
  async writeFinishedPage(jobId: string, page: number, json: string): Promise<void> {
    const key = finishedPageKey(jobId, page);
    await storageWrite(`page ${page}`, () => this.store.put(key, json));
  }

  async readFinishedPage(jobId: string, page: number): Promise<string | null> {
    return (await this.store.get(finishedPageKey(jobId, page)))?.toString("utf8") ?? null;
  }

  async hasFinishedPage(jobId: string, page: number): Promise<boolean> {
    return (await this.store.size(finishedPageKey(jobId, page))) !== null;
  }

  /** The numbers of the pages finished so far, ascending (one listing of the job's pages folder). */
  async finishedPageNumbers(jobId: string): Promise<number[]> {
    const prefix = `${jobPrefix(jobId)}pages/`;
    const numbers = (await this.store.list(prefix))
      .map((key) => FINISHED_PAGE_NAME.exec(key.slice(key.lastIndexOf("/") + 1))?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    return numbers.sort((a, b) => a - b);
  }

  async writeImage(jobId: string, imagePath: string, bytes: Uint8Array): Promise<void> {
    if (!isImagePath(imagePath)) throw new Error("invalid image path");
    const key = `${jobPrefix(jobId)}${imagePath}`;
    await storageWrite("a figure image", () => this.store.put(key, bytes));
  }

  /** A cropped figure as a stream, or null (also for a path that is not an image path). */
  async imageStream(jobId: string, imagePath: string): Promise<StoredStream | null> {
    if (!isImagePath(imagePath)) return null;
    return this.store.getStream(`${jobPrefix(jobId)}${imagePath}`);
  }

  images(jobId: string): JobImages {
    return {
      size: (imagePath) => (isImagePath(imagePath) ? this.store.size(`${jobPrefix(jobId)}${imagePath}`) : Promise.resolve(null)),
      open: async (imagePath) => {
        const found = await this.imageStream(jobId, imagePath);
        if (!found) throw new Error("the image disappeared while the bundle was being written");
        return found.stream;
      },
    };
  }

  get ocrCache(): OcrCacheStore {
    return {
      read: async (fileSha256, name) => {
        if (!CACHE_NAME.test(name)) throw new Error("invalid cache entry name");
        return (await this.store.get(`${cachePrefix(fileSha256)}${name}`))?.toString("utf8") ?? null;
      },
      write: async (fileSha256, name, text) => {
        if (!CACHE_NAME.test(name)) throw new Error("invalid cache entry name");
        await this.store.put(`${cachePrefix(fileSha256)}${name}`, text);
      },
    };
  }

  /** Everything of the job: input, result, images. */
  async deleteJob(jobId: string): Promise<void> {
    await this.store.deletePrefix(jobPrefix(jobId));
  }

  async deleteCache(fileSha256: string): Promise<void> {
    await this.store.deletePrefix(cachePrefix(fileSha256));
  }

  listJob(jobId: string): Promise<string[]> {
    return this.store.list(jobPrefix(jobId));
  }

  listCache(fileSha256: string): Promise<string[]> {
    return this.store.list(cachePrefix(fileSha256));
  }
}

/** An OCR cache in a plain directory (the CLI tools: eval, bench): `<dir>/<sha256>/<name>`. */
export function localOcrCache(dir: string): OcrCacheStore {
  const store = new LocalStore(dir);
  const keyOf = (fileSha256: string, name: string) => {
    if (!CACHE_NAME.test(name)) throw new Error("invalid cache entry name");
    return `${cachePrefix(fileSha256).slice("cache/".length)}${name}`;
  };
  return {
    read: async (fileSha256, name) => (await store.get(keyOf(fileSha256, name)))?.toString("utf8") ?? null,
    write: (fileSha256, name, text) => store.put(keyOf(fileSha256, name), text),
  };
}

// On globalThis: the web process loads this module twice (its server script and the Next.js
// build), and both must report to the one listener.
const errors = globalThis as typeof globalThis & { __pdftablesStorageErrors?: StorageErrorListener };
/** Metrics register here (lib/metrics): storage stays free of them. */
export function onStorageError(handler: StorageErrorListener): void {
  errors.__pdftablesStorageErrors = handler;
}

let cached: JobFiles | null = null;

/** The configured backend (STORAGE), made once per process. */
export function getJobFiles(): JobFiles {
  if (cached) return cached;
  const env = getEnv();
  const store: ObjectStore =
    env.STORAGE === "s3"
      ? new S3Store(
          {
            bucket: env.S3_BUCKET!,
            prefix: env.S3_PREFIX,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          },
          (operation) => errors.__pdftablesStorageErrors?.(operation),
        )
      : new LocalStore(env.dataDir);
  cached = new JobFiles(store);
  return cached;
}
