// Real errors, not hand-made ones: a port nobody listens on, a server that takes the connection
// and never answers (what a frozen Postgres looks like from outside), through pg, through
// Prisma's pg adapter, and the test Postgres itself for errors that must NOT count as an outage.
import assert from "node:assert/strict";
import net from "node:net";
import { after, test } from "node:test";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { findFreePort } from "./embedded-postgres";
import { isDatabaseUnavailable } from "./database-unavailable";

const silent = net.createServer(() => undefined); // accepts, never answers
after(() => silent.close());

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

test("nobody listening: pg's and Prisma's errors both count as the database being unavailable", async () => {
  const port = await findFreePort();
  const url = `postgresql://postgres:secret@127.0.0.1:${port}/nothing`;
  const client = new pg.Client({ connectionString: url });
  assert.equal(isDatabaseUnavailable(await caught(client.connect())), true);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, connectionTimeoutMillis: 1000 }) });
  const error = await caught(prisma.$queryRaw`SELECT 1`);
  assert.equal(isDatabaseUnavailable(error), true, String(error));
  await prisma.$disconnect().catch(() => undefined);
});

test("a server that never answers: the connect timeout counts as unavailable", async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
  const port = (silent.address() as net.AddressInfo).port;
  const url = `postgresql://postgres:secret@127.0.0.1:${port}/frozen`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 300 });
  assert.equal(isDatabaseUnavailable(await caught(client.connect())), true);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, connectionTimeoutMillis: 300 }) });
  const error = await caught(prisma.$queryRaw`SELECT 1`);
  assert.equal(isDatabaseUnavailable(error), true, String(error));
  await prisma.$disconnect().catch(() => undefined);
});

test(
  "errors of a working database are not outages: bad SQL, a missing table, a statement timeout",
  { skip: !process.env.TEST_DATABASE_URL },
  async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, statement_timeout: 100 });
    await client.connect();
    try {
      assert.equal(isDatabaseUnavailable(await caught(client.query("SELEKT 1"))), false);
      assert.equal(isDatabaseUnavailable(await caught(client.query("SELECT * FROM no_such_table"))), false);
      assert.equal(
        isDatabaseUnavailable(await caught(client.query("SELECT pg_sleep(1)"))),
        false,
        "57014 is 'busy', answered by the busy rule",
      );
    } finally {
      await client.end();
    }
  },
);

test("a connection the server ends (a fast shutdown's 57P01) counts as unavailable", { skip: !process.env.TEST_DATABASE_URL }, async () => {
  const victim = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  victim.on("error", () => undefined);
  await victim.connect();
  const [{ pid }] = (await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
  const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await killer.connect();
  const pending = caught(victim.query("SELECT pg_sleep(5)"));
  await new Promise((resolve) => setTimeout(resolve, 200));
  await killer.query("SELECT pg_terminate_backend($1)", [pid]);
  await killer.end();
  assert.equal(isDatabaseUnavailable(await pending), true);
});
