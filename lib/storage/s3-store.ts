// The S3-compatible backend (AWS S3, MinIO, Cloudflare R2, s3rver in tests): every object is
// `<S3_PREFIX><key>` in S3_BUCKET. Uploads stream as multipart uploads of fixed-size parts, so a
// 600 MB file costs a few parts of memory; pdf.js reads the input by ranged GETs; exports and
// images are streamed from GET bodies. Nothing is kept on the local disk.
// The AWS SDK is loaded on first use (~0.8 s of start-up), so STORAGE=local never pays for it.
import type { S3Client } from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { ByteSource, ObjectStore, StorageErrorListener, StoredStream } from "./object-store";

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Multipart part size: S3's minimum is 5 MiB; 8 MiB parts keep a 600 MB upload at 75 parts
 * (the limit is 10,000) and, with PART_QUEUE parts in flight, ~16 MiB of buffers. */
const PART_BYTES = 8 * 1024 * 1024;
const PART_QUEUE = 2;
/** The head read when an object is opened for ranges: pdf.js's first chunk (RANGE_CHUNK_BYTES in
 * lib/pdf/open-pdf.ts), which also covers the format sniff (64 KiB) and, for files up to this
 * size, the %%EOF check at the end. */
const HEAD_BYTES = 256 * 1024;
/** DeleteObjects takes at most 1000 keys a request (S3 API limit). */
const DELETE_BATCH = 1000;

type Sdk = typeof import("@aws-sdk/client-s3");
type Storage = typeof import("@aws-sdk/lib-storage");
interface Loaded {
  s3: Sdk;
  Upload: Storage["Upload"];
  client: S3Client;
}

export class S3Store implements ObjectStore {
  readonly kind = "s3";
  private loaded: Promise<Loaded> | null = null;

  constructor(
    private readonly settings: S3Settings,
    private readonly onError: StorageErrorListener = () => undefined,
  ) {}

  private load(): Promise<Loaded> {
    this.loaded ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: this.createClient(s3),
    }));
    return this.loaded;
  }

  private createClient(s3: Sdk): S3Client {
    const settings = this.settings;
    return new s3.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // S3-compatible servers (MinIO, R2, s3rver) do not all accept the CRC checksums newer SDKs
      // add to every request; send them only where S3 requires one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private keyOf(key: string): string {
    return this.settings.prefix + key;
  }

  /** Runs one S3 call; a missing object is null, any other failure is counted and rethrown. */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error)) return null;
      this.onError(operation);
      throw error;
    }
  }

  async put(key: string, body: string | Uint8Array): Promise<void> {
    const { s3, client } = await this.load();
    await this.call("put", () => client.send(new s3.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: body })));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const { Upload, client } = await this.load();
    const upload = new Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: this.keyOf(key), Body: body },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
      // A failed upload aborts its multipart upload, so no orphaned parts are billed.
      leavePartsOnError: false,
    });
    await this.call("put", () => upload.done());
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.getStream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<StoredStream | null> {
    const { s3, client } = await this.load();
    const answer = await this.call("get", () =>
      client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) })),
    );
    if (!answer?.Body) return null;
    return { stream: answer.Body as unknown as Readable, size: Number(answer.ContentLength ?? 0) };
  }

  async size(key: string): Promise<number | null> {
    const { s3, client } = await this.load();
    const head = await this.call("head", () =>
      client.send(new s3.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) })),
    );
    return head ? Number(head.ContentLength ?? 0) : null;
  }

  /** One request opens the object: a ranged GET of its head, whose Content-Range gives the size.
   * Sniffing, the %%EOF check and pdf.js's first chunk then read from that head, so a small PDF
   * costs one GET instead of a HEAD and three GETs (measured: 200 submissions at once). */
  async openRanges(key: string): Promise<ByteSource | null> {
    const { s3, client } = await this.load();
    const first = await this.call("get", () =>
      client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Range: `bytes=0-${HEAD_BYTES - 1}` })),
    ).catch(async (error: unknown) => {
      // An empty object has no byte 0 to ask for (416): its size comes from a HEAD instead.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return undefined;
      throw error;
    });
    if (first === null) return null;
    const head = first?.Body ? await first.Body.transformToByteArray() : new Uint8Array(0);
    const total = /\/(\d+)$/.exec(first?.ContentRange ?? "")?.[1];
    const size = total !== undefined ? Number(total) : first ? head.length : ((await this.size(key)) ?? 0);
    return {
      size,
      read: async (begin, end) => {
        const last = Math.min(end, size) - 1;
        if (last < begin) return new Uint8Array(0);
        if (last < head.length) return head.slice(begin, last + 1);
        const answer = await this.call("get", () =>
          client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Range: `bytes=${begin}-${last}` })),
        );
        if (!answer?.Body) throw new Error("the stored object disappeared while it was being read");
        return answer.Body.transformToByteArray();
      },
      close: async () => undefined,
    };
  }

  async list(prefix: string): Promise<string[]> {
    const { s3, client } = await this.load();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.call("list", () =>
        client.send(new s3.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.keyOf(prefix), ContinuationToken: token })),
      );
      for (const item of page?.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.settings.prefix.length));
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const { s3, client } = await this.load();
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: this.keyOf(key) }));
      await this.call("delete", () =>
        client.send(new s3.DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch, Quiet: true } })),
      );
    }
  }

  /** Not through call(): a missing bucket (404) is a failure here, not an empty answer. */
  async ping(): Promise<void> {
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      this.onError("ping");
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        status === 404
          ? "the storage bucket does not exist"
          : status === 403
            ? "the storage bucket refuses our credentials"
            : "the object store cannot be reached",
        { cause: error },
      );
    }
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || (e.$metadata?.httpStatusCode === 404 && e.name !== "NoSuchBucket");
}
