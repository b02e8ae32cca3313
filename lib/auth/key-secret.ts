// The server-side secret mixed into API key digests. From KEY_SECRET when set (required when
// several machines share one database); otherwise generated once and kept in DATA_DIR, so a
// self-hosted install works out of the box.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env";

let cached: string | null = null;

export function getKeySecret(): string {
  if (cached) return cached;
  const env = getEnv();
  if (env.KEY_SECRET) return (cached = env.KEY_SECRET);
  const file = path.join(env.dataDir, "key-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const generated = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      cached = generated;
    } catch {
      cached = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return cached;
}
