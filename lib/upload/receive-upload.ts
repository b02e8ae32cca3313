// Streams a multipart upload into storage as the new job's input while hashing it (lib/storage:
// a file in DATA_DIR, or an S3 multipart upload): constant memory whatever the file's size (a
// 600 MB upload is never held in memory).
import { createHash } from "node:crypto";
import { once } from "node:events";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError, badRequest } from "../errors";
import { newJobId } from "../ids";
import { getJobFiles } from "../storage/job-files";

export interface ReceivedUpload {
  /** The id the job will have: the upload is stored as its input. The caller creates the job or
   * deletes the job's files. */
  jobId: string;
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
    // which garbles "Übersicht.pdf".
    defParamCharset: "utf8",
    // One byte past the limit, so a file of exactly maxBytes is accepted and one more byte is not:
    // busboy flags the limit when it is reached, and we judge by our own count.
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES },
  });
}

/** Writes the request's body into the parser, with backpressure, until the body ends or the parser
 * stops (a refusal past the size limit, a malformed form). A stopped parser leaves the rest of
 * the body unread without cancelling it: cancelling the body destroys the request, and with it
 * the socket the refusal is about to be written to (the client then saw the answer's headers and
 * no body). The front server closes such a connection once the answer is out (web-server.ts). */
async function feedParser(body: ReadableStream<Uint8Array>, parser: busboy.Busboy): Promise<void> {
  const stopped = new Promise<void>((resolve, reject) => {
    parser.once("error", reject);
    parser.once("close", resolve);
  });
  stopped.catch(() => undefined);
  const reader = body.getReader();
  try {
    for (;;) {
      if (parser.destroyed) break;
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        break;
      }
      if (parser.destroyed) break;
      if (!parser.write(value)) await Promise.race([once(parser, "drain"), stopped]);
    }
  } catch (error) {
    // The body broke off (the client went away): stop the parser so its file streams end.
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    reader.releaseLock();
  }
  await stopped;
}

export async function receiveUpload(request: Request, maxBytes: number): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest("send the PDF as multipart/form-data with a part named file");
  }
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw badRequest(`the file is too large: the limit is ${formatBytes(maxBytes)}`);
  }
  if (!request.body) throw badRequest("the request has no body; send the PDF in a part named file");

  const files = getJobFiles();
  const jobId = newJobId();
  const discard = () => files.deleteJob(jobId).catch(() => undefined);
  const fields: Record<string, string> = {};
  let fileName = "";
  let bytes = 0;
  let tooLarge = false;
  let sawFile = false;
  const hash = createHash("sha256");
  const writes: Promise<void>[] = [];
  const bodies: PassThrough[] = [];
  let storeFailed = false;

  let parser: busboy.Busboy;
  try {
    parser = makeParser(contentType, maxBytes);
  } catch {
    // busboy throws at construction on a content type it cannot use (no boundary).
    throw badRequest("the multipart/form-data content type has no boundary; let your HTTP client build the form");
  }
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
        if (bytes > maxBytes) {
          // Refused at the first byte past the limit: the rest of the body is not read (the web
          // front closes the connection, scripts/web-server.ts), nor stored.
          tooLarge = true;
          const refusal = badRequest(`the file is too large: the limit is ${formatBytes(maxBytes)}`);
          callback(refusal);
          parser.destroy(refusal);
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const body = new PassThrough();
    bodies.push(body);
    const piped = pipeline(stream, counter, body);
    // An aborted upload rejects these as well as the request pipeline below, which is the one we
    // report; without a handler on each they would be unhandledRejections.
    piped.catch(() => undefined);
    writes.push(piped);
    // A store that fails stops reading: end the upload's stream too, or busboy would wait forever.
    const stored = files.writeInput(jobId, body).catch((error: unknown) => {
      storeFailed = true;
      body.destroy();
      throw error;
    });
    stored.catch(() => undefined);
    writes.push(stored);
  });

  try {
    await feedParser(request.body, parser);
    await Promise.all(writes);
  } catch (error) {
    // A broken request: end the store's upload (an S3 multipart upload is aborted) and wait for
    // it, so nothing is left running or rejecting unobserved, then remove what was stored.
    for (const body of bodies) body.destroy(new Error("the upload was interrupted"));
    await Promise.allSettled(writes);
    await discard();
    if (error instanceof AppError) throw error;
    // Our storage failing is not the client's fault: 500, not "bad multipart".
    if (storeFailed) throw new AppError("internal", "the file could not be stored; please try again later");
    throw badRequest("the upload could not be read as multipart/form-data");
  }

  if (!sawFile) throw badRequest("no file: send the PDF in a multipart part named file");
  if (tooLarge) {
    await discard();
    throw badRequest(`the file is too large: the limit is ${formatBytes(maxBytes)}`);
  }
  if (bytes === 0) {
    await discard();
    throw badRequest("the file is empty");
  }
  return { jobId, fileName, bytes, sha256: hash.digest("hex"), fields };
}
