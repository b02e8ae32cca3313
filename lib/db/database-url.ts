// Where the database is: DATABASE_URL when set, otherwise the embedded server that `npm start`
// is running (it records its address in DATA_DIR, since its port is chosen at start-up).
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env";

export function runningDatabaseFile(): string {
  return path.join(getEnv().dataDir, "run", "database-url");
}

export function recordRunningDatabase(url: string): void {
  fs.mkdirSync(path.dirname(runningDatabaseFile()), { recursive: true });
  fs.writeFileSync(runningDatabaseFile(), url, { mode: 0o600 });
}

export function resolveDatabaseUrl(): string | null {
  const configured = getEnv().DATABASE_URL;
  if (configured) return configured;
  try {
    return fs.readFileSync(runningDatabaseFile(), "utf8").trim() || null;
  } catch {
    return null;
  }
}
