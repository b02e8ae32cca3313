// Streams a multipart upload to a file in DATA_DIR while hashing it: constant memory whatever
// the file's size (a 600 MB upload is never held in memory).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError, badRequest } from "../errors";

export interface ReceivedUpload {
  /** Temporary file holding the upload; the caller moves or removes it. */
  filePath: string;
  fileName: string;
  bytes: number;
  sha256: string;
  fields: Record<string, string>;
}

/** Room for the multipart framing and the small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 1024;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

function makeParser(contentType: string, maxBytes: number): busboy.Busboy {
  return busboy({
    headers: { "content-type": contentType },
    // File names are UTF-8 in every current browser and HTTP client; busboy's default is latin1,
    // which garbles "Übersicht.pdf" (issue 14).
    defParamCharset: "utf8",
    // One byte past the limit, so a file of exactly maxBytes is accepted and one more byte is not:
    // busboy flags the limit when it is reached, and we judge by our own count.
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES },
  });
}

export async function receiveUpload(request: Request, uploadsDir: string, maxBytes: number): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest("send the PDF as multipart/form-data with a part named file");
  }
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw badRequest(`the file is too large: the limit is ${formatBytes(maxBytes)}`);
  }
  if (!request.body) throw badRequest("the request has no body; send the PDF in a part named file");

  await fs.promises.mkdir(uploadsDir, { recursive: true });
  const filePath = path.join(uploadsDir, `${randomBytes(12).toString("hex")}.upload`);
  let fileName = "";
  let bytes = 0;
  let tooLarge = false;
  let sawFile = false;
  const hash = createHash("sha256");
  const writes: Promise<void>[] = [];

  let parser: busboy.Busboy;
  try {
    parser = makeParser(contentType, maxBytes);
  } catch {
    // busboy throws at construction on a content type it cannot use (no boundary).
    throw badRequest("the multipart/form-data content type has no boundary; let your HTTP client build the form");
  }
  const fields: Record<string, string> = {};
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || sawFile) {
      stream.resume(); // not ours: discard without keeping it
      return;
    }
    sawFile = true;
    fileName = info.filename ?? "";
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > maxBytes) tooLarge = true;
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const write = pipeline(stream, counter, fs.createWriteStream(filePath));
    // An aborted upload rejects this as well as the request pipeline below, which is the one we
    // report; without a handler here it would be an unhandledRejection (issue 14).
    write.catch(() => undefined);
    writes.push(write);
  });

  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), parser);
    await Promise.all(writes);
  } catch (error) {
    await fs.promises.rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw badRequest("the upload could not be read as multipart/form-data");
  }

  if (!sawFile) throw badRequest("no file: send the PDF in a multipart part named file");
  if (tooLarge) {
    await fs.promises.rm(filePath, { force: true });
    throw badRequest(`the file is too large: the limit is ${formatBytes(maxBytes)}`);
  }
  if (bytes === 0) {
    await fs.promises.rm(filePath, { force: true });
    throw badRequest("the file is empty");
  }
  return { filePath, fileName, bytes, sha256: hash.digest("hex"), fields };
}
