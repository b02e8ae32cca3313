// `npm start` supervises the web process like the workers: killed with -9, it is
// started again and the site answers again; Ctrl-C (SIGTERM) still stops everything.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import pg from "pg";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { USER_AGENT } from "../support/api";

const root = path.resolve(import.meta.dirname, "..", "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-supervision-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freshDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: run the tests through `npm test`");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The child of `parent` whose command line mentions `script`. */
function childPid(parent: number, script: string): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(script)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return null;
}

async function waitUntilAnswering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { headers: { "user-agent": USER_AGENT } })).ok) return;
    } catch {
      // not listening
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("the web process killed with -9 is restarted; SIGTERM stops everything", async () => {
  const port = await findFreePort();
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: await freshDatabase(),
      DATA_DIR: dataDir,
      PORT: String(port),
      WORKERS: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  start.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
  try {
    const url = `http://127.0.0.1:${port}/v1/openapi.json`;
    await waitUntilAnswering(url, 60_000);
    const first = childPid(start.pid!, "web-server.ts");
    assert.ok(first, output);
    process.kill(first, "SIGKILL");
    await waitUntilAnswering(url, 60_000);
    const second = childPid(start.pid!, "web-server.ts");
    assert.ok(second && second !== first, `web pid ${first} -> ${second}\n${output}`);
    assert.match(output, /web exited \(SIGKILL\); restarting it/);
    // SIGTERM stops the supervisor and the web process with it (the exit code is embedded-postgres'
    // exit hook's 143 or our 0, depending on which runs first: both mean a clean stop).
    const web = childPid(start.pid!, "web-server.ts")!;
    start.kill("SIGTERM");
    assert.ok([0, 143].includes((await exited) ?? -1), output);
    const alive = () => {
      try {
        process.kill(web, 0);
        return true;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 10_000;
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alive(), false, "the web process outlived its supervisor");
  } finally {
    if (start.exitCode === null) start.kill("SIGKILL");
  }
});
