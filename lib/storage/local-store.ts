// The default backend: objects are files under DATA_DIR, keys are relative paths (the layout
// the service has always used, so an existing DATA_DIR keeps working). Writes go to a temporary
// file first and are renamed into place, so a reader never sees half an object.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteSource, ObjectStore, StoredStream } from "./object-store";

export class LocalStore implements ObjectStore {
  readonly kind = "local";
  constructor(private readonly root: string) {}

  /** A key is a relative path of plain segments; anything that could leave the root is refused. */
  private pathOf(key: string): string {
    const segments = key.split("/");
    if (
      key === "" ||
      segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\\") || segment.includes("\0"))
    ) {
      throw new Error("invalid storage key");
    }
    return path.join(this.root, ...segments);
  }

  private async writeAtomically(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await write(temporary);
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async put(key: string, body: string | Uint8Array): Promise<void> {
    await this.writeAtomically(key, (temporary) => fs.promises.writeFile(temporary, body));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    await this.writeAtomically(key, (temporary) => pipeline(body, fs.createWriteStream(temporary)));
  }

  async get(key: string): Promise<Buffer | null> {
    return fs.promises.readFile(this.pathOf(key)).catch(missingAsNull);
  }

  async getStream(key: string): Promise<StoredStream | null> {
    const file = this.pathOf(key);
    const stat = await fs.promises.stat(file).catch(missingAsNull);
    if (!stat?.isFile()) return null;
    return { stream: fs.createReadStream(file), size: stat.size };
  }

  async size(key: string): Promise<number | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(missingAsNull);
    return stat?.isFile() ? stat.size : null;
  }

  async openRanges(key: string): Promise<ByteSource | null> {
    const handle = await fs.promises.open(this.pathOf(key), "r").catch(missingAsNull);
    if (!handle) return null;
    const { size } = await handle.stat();
    return {
      size,
      async read(begin, end) {
        const length = Math.max(0, Math.min(end, size) - begin);
        const chunk = new Uint8Array(length);
        const { bytesRead } = await handle.read(chunk, 0, length, begin);
        return chunk.subarray(0, bytesRead);
      },
      close: () => handle.close(),
    };
  }

  async deletePrefix(prefix: string): Promise<void> {
    const trimmed = prefix.replace(/\/$/, "");
    await fs.promises.rm(this.pathOf(trimmed), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const dir = this.pathOf(prefix.replace(/\/$/, ""));
    const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(missingAsNull);
    if (!entries) return [];
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }

  async ping(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
  throw error;
}
