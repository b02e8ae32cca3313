import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";
import pg from "pg";
import { findFreePort } from "./embedded-postgres";
import { retryWhileUnavailable } from "./retry-while-unavailable";

test("an operation is retried while the database is unreachable, and succeeds once it listens", async () => {
  const port = await findFreePort();
  let outages = 0;
  let recovered = -1;
  // Nothing listens on the port for the first 700 ms; then a server does (what a restart looks like).
  let server: net.Server | null = null;
  setTimeout(() => {
    server = net.createServer((socket) => socket.end());
    server.listen(port, "127.0.0.1");
  }, 700);
  let attempts = 0;
  const value = await retryWhileUnavailable(
    async () => {
      attempts++;
      const client = new pg.Client({ connectionString: `postgresql://u:p@127.0.0.1:${port}/db`, connectionTimeoutMillis: 200 });
      client.on("error", () => undefined);
      try {
        await client.connect();
      } catch (error) {
        // The server that took over the port hangs up at once: stands for "back", as seen here.
        if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") throw error;
      }
      return "done";
    },
    { maxWaitMs: 10_000, onOutage: () => outages++, onRecovered: (ms) => (recovered = ms) },
  );
  (server as net.Server | null)?.close();
  assert.equal(value, "done");
  assert.equal(outages, 1);
  assert.ok(attempts >= 2 && attempts <= 6, `${attempts} attempts`);
  assert.ok(recovered >= 600, `recovered after ${recovered} ms`);
});

test("other errors are not retried, and an outage longer than the wait is given up", async () => {
  let attempts = 0;
  await assert.rejects(
    retryWhileUnavailable(
      async () => {
        attempts++;
        throw new Error("a bug");
      },
      { maxWaitMs: 5000 },
    ),
    /a bug/,
  );
  assert.equal(attempts, 1);
  const port = await findFreePort();
  const started = Date.now();
  await assert.rejects(
    retryWhileUnavailable(() => new pg.Client({ connectionString: `postgresql://u:p@127.0.0.1:${port}/db` }).connect(), {
      maxWaitMs: 1000,
    }),
    (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED",
  );
  assert.ok(Date.now() - started < 1500);
});
