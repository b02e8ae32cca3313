// A real S3-compatible server for the object-storage tests: s3rver (from npm, runs offline) on a
// free loopback port, its objects in a temporary folder, with one bucket. The tests read the
// bucket through the real AWS SDK to check what the service left behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export interface S3Server {
  /** The settings a service needs to use it (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Every key under the service's prefix (without it). */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes (key without the prefix). */
  get(key: string): Promise<Buffer>;
  stop(): Promise<void>;
}

const BUCKET = "pdftables-test";
const PREFIX = "svc/";

export async function startS3(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver accepts its documented fixed credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  return {
    env: {
      STORAGE: "s3",
      S3_BUCKET: BUCKET,
      S3_PREFIX: PREFIX,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async keys(prefix = "") {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX + prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) keys.push(item.Key!.slice(PREFIX.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: PREFIX + key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
