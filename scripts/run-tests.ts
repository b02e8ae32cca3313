// The test command's engine: starts a throwaway embedded Postgres server for the run, then runs
// every test file with Node's test runner. API tests create their own database on that server
// and their own web and worker processes (e2e/support/stack.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";

const root = path.resolve(import.meta.dirname, "..");

function listTests(dir: string, suffix: string): string[] {
  const found: string[] = [];
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(suffix)) found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = only.length
    ? only
    : [
        ...listTests(path.join(root, "lib"), ".test.ts"),
        ...listTests(path.join(root, "components"), ".test.ts"),
        ...listTests(path.join(root, "worker"), ".test.ts"),
        ...listTests(path.join(root, "e2e", "api"), ".test.ts"),
      ];
  // The compiled entry points (the worker's pipeline process and the web's PDF inspectors run from
  // dist/, scripts/build-entries.mjs) are built once here when a source changed, rather than by
  // the first of many processes the tests start at once (each would build on demand).
  const entries = await import("./build-entries.mjs");
  if (entries.isStale()) await entries.buildEntries();
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-test-pg-"));
  const postgres = await startEmbeddedPostgres(pgDir, (line) => console.error(line));
  let code: number;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=1", ...files], {
        cwd: root,
        env: { ...process.env, TEST_DATABASE_URL: postgres.url, NEXT_TELEMETRY_DISABLED: "1" },
        stdio: "inherit",
      });
      child.on("exit", (exitCode) => resolve(exitCode ?? 1));
    });
  } finally {
    await postgres.stop().catch(() => undefined);
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  process.exit(code);
}

void main();
