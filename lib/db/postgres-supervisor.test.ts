import assert from "node:assert/strict";
import { test } from "node:test";
import { restartDelay } from "./postgres-supervisor";
import { maskDatabasePassword } from "./mask-database-url";

test("restart back-off doubles from the minimum to the ceiling", () => {
  const backoff = { minDelayMs: 1000, maxDelayMs: 30_000 };
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 10].map((failures) => restartDelay(failures, backoff)),
    [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000],
  );
});

test("database addresses in log lines lose their password, nothing else", () => {
  assert.equal(
    maskDatabasePassword("postgresql://postgres:s3cr%2Ft@10.0.0.5:5432/pdftables"),
    "postgresql://postgres:****@10.0.0.5:5432/pdftables",
  );
  assert.equal(
    maskDatabasePassword("DATABASE_URL for other machines: postgres://app:pw@db.example.com/x (this machine only: ...)"),
    "DATABASE_URL for other machines: postgres://app:****@db.example.com/x (this machine only: ...)",
  );
  assert.equal(maskDatabasePassword("postgresql://postgres@127.0.0.1:5432/pdftables"), "postgresql://postgres@127.0.0.1:5432/pdftables");
});
