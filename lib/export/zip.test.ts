import assert from "node:assert/strict";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createWriteStream } from "node:fs";
import yauzl from "yauzl";
import { BundleImageMissingError, NoFiguresError } from "./errors";
import { createExportStream } from "./index";
import { EXPORT_FORMATS, formatsFor } from "./formats";
import { jsonChunks } from "./json";
import { makeResult } from "./test-fixture";
import { isSafeBundlePath, writeZip } from "./zip";
import { pipeline } from "node:stream/promises";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
  "hex",
);

async function jobDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "export-zip-"));
  await fs.mkdir(path.join(dir, "images"));
  await fs.writeFile(path.join(dir, "images", "p1-0.png"), PNG);
  return dir;
}

async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const parts: Buffer[] = [];
        stream.on("data", (part: Buffer) => parts.push(part));
        stream.on("end", () => {
          entries.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
        stream.on("error", reject);
      });
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

test("zip bundle: dataset.json equals the result, each image once at its path", async () => {
  const dir = await jobDir();
  const result = makeResult();
  const file = path.join(dir, "bundle.zip");
  await writeZip(result, createWriteStream(file), { imageDir: dir });
  const entries = await unzip(file);
  assert.deepEqual([...entries.keys()].sort(), ["dataset.json", "images/p1-0.png"]);
  assert.deepEqual(JSON.parse(entries.get("dataset.json")!.toString("utf8")), result);
  assert.deepEqual(entries.get("images/p1-0.png"), PNG);
  await fs.rm(dir, { recursive: true });
});

test("zip bundle through createExportStream", async () => {
  const dir = await jobDir();
  const file = path.join(dir, "bundle.zip");
  const stream = await createExportStream("zip", makeResult(), { imageDir: dir });
  await pipeline(stream, createWriteStream(file));
  assert.deepEqual((await unzip(file)).get("images/p1-0.png"), PNG);
  await fs.rm(dir, { recursive: true });
});

test("zip bundle: no figures is a NoFiguresError, before anything is written", async () => {
  const result = { ...makeResult(), images: [] };
  await assert.rejects(createExportStream("zip", result, { imageDir: os.tmpdir() }), NoFiguresError);
  await assert.rejects(createExportStream("zip", result, { imageDir: os.tmpdir() }), (error: Error) => {
    assert.equal((error as NoFiguresError).status, 404);
    return true;
  });
});

test("zip bundle: a figure a reviewer marked (uncropped) is in dataset.json, not a file; alone it is no figure to bundle", async () => {
  const dir = await jobDir();
  const marked = {
    page: 1,
    index: 1,
    path: "",
    confidence: "confirmed" as const,
    bbox: [10, 10, 90, 60] as [number, number, number, number],
    order: 3,
    also_on: [],
    sources: [],
    uncropped: true as const,
  };
  const result = makeResult();
  result.images.push(marked);
  const file = path.join(dir, "bundle.zip");
  await writeZip(result, createWriteStream(file), { imageDir: dir });
  const entries = await unzip(file);
  assert.deepEqual([...entries.keys()].sort(), ["dataset.json", "images/p1-0.png"]);
  assert.deepEqual(JSON.parse(entries.get("dataset.json")!.toString("utf8")).images.at(-1), marked);
  assert.deepEqual(formatsFor(result), EXPORT_FORMATS);
  const onlyMarked = { ...makeResult(), images: [marked] };
  await assert.rejects(createExportStream("zip", onlyMarked, { imageDir: dir }), NoFiguresError);
  assert.equal(formatsFor(onlyMarked).includes("zip"), false);
  await fs.rm(dir, { recursive: true });
});

test("zip bundle: a missing or escaping image path is a BundleImageMissingError without the path", async () => {
  const dir = await jobDir();
  const missing = makeResult();
  missing.images[0]!.path = "images/nope.png";
  await assert.rejects(createExportStream("zip", missing, { imageDir: dir }), (error: Error) => {
    assert.ok(error instanceof BundleImageMissingError);
    assert.equal(error.status, 500);
    assert.doesNotMatch(error.message, /nope|images\//);
    return true;
  });
  const escaping = makeResult();
  escaping.images[0]!.path = "../etc/passwd";
  await assert.rejects(createExportStream("zip", escaping, { imageDir: dir }), BundleImageMissingError);
  await fs.rm(dir, { recursive: true });
});

test("bundle paths must be plain relative paths", () => {
  assert.ok(isSafeBundlePath("images/p1-0.png"));
  for (const bad of ["", "/abs.png", "../x.png", "images/../../x.png", "a//b.png", "./a.png", "C:/x.png", "a\\b.png", "dataset.json"]) {
    assert.equal(isSafeBundlePath(bad), false, bad);
  }
});

test("jsonChunks equal JSON.stringify, compact and pretty", () => {
  const result = { ...makeResult(), source_pages: [4, 5] };
  assert.equal([...jsonChunks(result)].join(""), JSON.stringify(result));
  assert.equal([...jsonChunks(result, { pretty: true })].join(""), JSON.stringify(result, null, 2));
  const empty = { tables: [], prose: [], images: [], pages: [] };
  assert.equal([...jsonChunks(empty, { pretty: true })].join(""), JSON.stringify(empty, null, 2));
  const big = makeResult();
  big.tables = Array.from({ length: 2000 }, () => big.tables[1]!);
  const chunks = [...jsonChunks(big)];
  assert.ok(chunks.length > 10);
  assert.equal(chunks.join(""), JSON.stringify(big));
});
