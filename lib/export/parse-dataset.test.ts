import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { test } from "node:test";
import { BodyTooLargeError, InvalidDatasetError } from "./errors";
import { readDataset } from "./parse-dataset";
import { makeResult } from "./test-fixture";

/** The text cut into chunks of `size` bytes, so every token boundary is crossed somewhere. */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

async function invalid(text: string, pattern: RegExp): Promise<void> {
  await assert.rejects(readDataset(chunked(text, 5)), (error: Error) => {
    assert.ok(error instanceof InvalidDatasetError, `${error.name}: ${error.message}`);
    assert.equal(error.status, 400);
    assert.match(error.message, pattern);
    return true;
  });
}

test("reads a dataset in any chunking, compact or pretty, equal to the result", async () => {
  const result = { ...makeResult(), source_pages: [3, 4] };
  for (const text of [JSON.stringify(result), JSON.stringify(result, null, 2), `\uFEFF \n${JSON.stringify(result)}\n`]) {
    for (const size of [1, 3, 7, 64, 1 << 20]) {
      assert.deepEqual(await readDataset(chunked(text, size)), result, `chunk size ${size}`);
    }
  }
});

test("a web ReadableStream body works too", async () => {
  const result = makeResult();
  const body = new Blob([JSON.stringify(result)]).stream();
  assert.deepEqual(await readDataset(body), result);
});

test("over the limit: BodyTooLargeError as soon as the limit is passed, the rest unread", async () => {
  let pulled = 0;
  const total = 1000;
  const body = Readable.from(
    (function* () {
      for (let i = 0; i < total; i++) {
        pulled += 1;
        yield Buffer.alloc(1024, 0x20);
      }
    })(),
    { highWaterMark: 1 },
  );
  await assert.rejects(readDataset(body, { limitBytes: 10 * 1024 }), (error: Error) => {
    assert.ok(error instanceof BodyTooLargeError);
    assert.equal(error.status, 413);
    return true;
  });
  assert.ok(pulled < 20, `pulled ${pulled} of ${total} chunks`);
  // A declared Content-Length over the limit fails before a byte is read.
  let touched = false;
  const untouched = Readable.from(
    (function* () {
      touched = true;
      yield Buffer.from("{}");
    })(),
  );
  await assert.rejects(readDataset(untouched, { limitBytes: 10, contentLength: 11 }), BodyTooLargeError);
  assert.equal(touched, false);
  // Exactly at the limit is accepted.
  const exact = JSON.stringify(makeResult());
  assert.ok(await readDataset(chunked(exact, 100), { limitBytes: Buffer.byteLength(exact) }));
});

test("a dataset that fails the v4 schema names the path and the problem", async () => {
  const result = makeResult() as unknown as { tables: Array<{ rows: Array<Array<{ confidence: string }>> }> };
  result.tables[1]!.rows[1]![1]!.confidence = "maybe";
  await invalid(JSON.stringify(result), /tables\[1\]\.rows\[1\]\[1\]\.confidence/);
  const missing = makeResult() as unknown as Record<string, unknown>;
  delete missing.pages;
  await invalid(JSON.stringify(missing), /pages/);
  await invalid(JSON.stringify({ ...makeResult(), extra: [1, 2] }), /extra/);
  await invalid(JSON.stringify({ ...makeResult(), tables: 5 }), /tables/);
  await invalid(JSON.stringify({ ...makeResult(), prose: [1] }), /prose\[0\]/);
});

test("a body that is not JSON (or not an object) is an InvalidDatasetError", async () => {
  await invalid("", /empty/);
  await invalid("   ", /empty/);
  await invalid("[1,2]", /JSON object/);
  await invalid('{"x":[1,],"tables":[],"prose":[],"images":[],"pages":[]}', /not valid JSON/);
  await invalid('{"x":[,1],"tables":[],"prose":[],"images":[],"pages":[]}', /not valid JSON/);
  await invalid('{"tables":[{"page":1}', /ends before/);
  await invalid('{"x":[{]}],"tables":[],"prose":[],"images":[],"pages":[]}', /not valid JSON/);
  await invalid('{"tables":[],"prose":[],"images":[],"pages":[]} x', /not valid JSON/);
  await invalid('{"tables":[],"prose":[],"images":[],"pages":[]}{}', /not valid JSON/);
  await invalid('{"tables" [],"prose":[],"images":[],"pages":[]}', /not valid JSON/);
  await invalid('{"tables":[}', /not valid JSON/);
  await invalid('{"__proto__":[1],"tables":[],"prose":[],"images":[],"pages":[]}', /__proto__|not valid/);
});

test("strings with brackets, commas, quotes and escapes do not confuse the splitter", async () => {
  const result = makeResult();
  result.tables[0]!.rows[0]![0]!.value = 'a],[{"x":1}\\"\\\\}]';
  result.prose[0]!.text = "\\";
  const text = JSON.stringify(result);
  for (const size of [1, 2, 5]) assert.deepEqual(await readDataset(chunked(text, size)), result);
});
