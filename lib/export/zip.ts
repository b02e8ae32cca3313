// The result bundle: dataset.json plus every cropped image, each at its
// `path` (relative to the bundle, e.g. images/p1-0.png). Streamed with yazl: dataset.json is
// serialised element by element and each image is read from storage (a local directory or the
// object store) only when its turn comes, so memory does not grow with the document.
// Everything that can fail is checked before the first byte is written (no figures -> 404, a
// missing or unsafe image path -> 500), so the route can still answer with a JSON error.
import fs from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { Result } from "../result/schema";
import type { JobImages } from "../storage/job-files";
import { BundleImageMissingError, NoFiguresError } from "./errors";
import { jsonStream, type JsonOptions } from "./json";

export const DATASET_ENTRY = "dataset.json";

/** Where the images are: a directory (each image `path` resolved against it) or a job's stored
 * images (lib/storage). */
export type BundleImages = string | JobImages;

export interface ZipOptions extends JsonOptions {
  imageDir: BundleImages;
}

export interface BundleEntry {
  /** Name inside the zip: the image's `path`. */
  entryName: string;
  size: number;
}

/** A directory as JobImages: only files inside it (paths are checked by isSafeBundlePath). */
function imagesInDirectory(dir: string): JobImages {
  const root = path.resolve(dir);
  const fileOf = (imagePath: string) => {
    const filePath = path.resolve(root, ...imagePath.split("/"));
    return filePath.startsWith(root + path.sep) ? filePath : null;
  };
  return {
    async size(imagePath) {
      const filePath = fileOf(imagePath);
      const stat = filePath ? await fs.promises.stat(filePath).catch(() => null) : null;
      return stat?.isFile() ? stat.size : null;
    },
    async open(imagePath): Promise<Readable> {
      return fs.createReadStream(fileOf(imagePath)!);
    },
  };
}

function asJobImages(images: BundleImages): JobImages {
  return typeof images === "string" ? imagesInDirectory(images) : images;
}

/**
 * An image path is a plain relative path inside the bundle: forward slashes, no "..", no "." or
 * empty segments, not absolute, no drive letter. Anything else is refused (it would escape the
 * job's directory on read, or the extraction directory on unzip).
 */
export function isSafeBundlePath(entryName: string): boolean {
  if (entryName === "" || entryName === DATASET_ENTRY) return false;
  if (entryName.includes("\\") || entryName.includes("\0") || /^[a-zA-Z]:/.test(entryName)) return false;
  return entryName.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/**
 * The image files of the bundle, each once (images copied onto other pages may share a path),
 * checked to exist. Throws NoFiguresError when there are none (a figure a reviewer marked has no
 * file and does not count), BundleImageMissingError when one
 * is missing or its path is unsafe.
 */
export async function planBundle(result: Result, imageDir: BundleImages): Promise<BundleEntry[]> {
  // A figure a reviewer marked has no crop (`uncropped`): dataset.json carries it, no file does.
  const cropped = result.images.filter((image) => !image.uncropped);
  if (cropped.length === 0) throw new NoFiguresError();
  const images = asJobImages(imageDir);
  const entries = new Map<string, BundleEntry>();
  for (const image of cropped) {
    if (entries.has(image.path)) continue;
    if (!isSafeBundlePath(image.path)) throw new BundleImageMissingError(image.path);
    const size = await images.size(image.path);
    if (size === null) throw new BundleImageMissingError(image.path);
    entries.set(image.path, { entryName: image.path, size });
  }
  return [...entries.values()];
}

/** Writes the bundle into `out` and ends it. Checks everything before writing (see planBundle). */
export async function writeZip(result: Result, out: Writable, options: ZipOptions): Promise<void> {
  const files = await planBundle(result, options.imageDir);
  const images = asJobImages(options.imageDir);
  const zip = new yazl.ZipFile();
  zip.addReadStreamLazy(DATASET_ENTRY, (callback) => callback(null, jsonStream(result, options)));
  // PNG and JPEG are already compressed; deflating them again costs time and saves nothing.
  for (const file of files) {
    zip.addReadStreamLazy(file.entryName, { compress: false, size: file.size }, (callback) => {
      images.open(file.entryName).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }
  zip.end();
  await pipeline(zip.outputStream, out);
}
