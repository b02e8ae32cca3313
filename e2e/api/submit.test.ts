// POST /v1/parse: every 400 for submissions, the 202 body, page clamping, and an
// oversize upload refused without the web process's memory growing by the file's size.
import assert from "node:assert/strict";
import { once } from "node:events";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import sharp from "sharp";
import yazl from "yazl";
import { PDFDocument } from "pdf-lib";
import { makePasswordPdf, makeTextPdf } from "../support/pdfs";
import { getJob, peakRss, submit, USER_AGENT, waitForJob } from "../support/api";
import { startStack, type Stack } from "../support/stack";

// Large enough that holding the file would show above the web process's fixed streaming overhead
// (~25 MB of buffers and heap after any large upload): with pdf.js no longer in the web process
// its memory is small, and a 40 MB limit put that overhead above the "half the file" line.
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
let stack: Stack;

before(async () => {
  stack = await startStack({ env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), PDFPAGES_MAX_PAGES: "4" } });
});
after(async () => {
  await stack?.stop();
});

async function image(format: "png" | "jpeg" | "gif" | "tiff" | "webp"): Promise<Uint8Array> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
    .toFormat(format)
    .toBuffer();
}

async function xlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("s").addRow(["a", 1]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function ods(): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from("application/vnd.oasis.opendocument.spreadsheet"), "mimetype", { compress: false });
  zip.addBuffer(Buffer.from("<office:document-content/>"), "content.xml");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const XLS_HEADER = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(4096 - 8)]);

describe("format is decided from the bytes", () => {
  const switchedOff: [string, () => Promise<Uint8Array>, string][] = [
    ["PNG named .pdf", () => image("png"), "PNG"],
    ["JPEG", () => image("jpeg"), "JPEG"],
    ["GIF", () => image("gif"), "GIF"],
    ["TIFF", () => image("tiff"), "TIFF"],
    ["WebP", () => image("webp"), "WebP"],
    ["XLSX", xlsx, "XLSX"],
    ["XLS", async () => XLS_HEADER, "XLS"],
    ["ODS", ods, "ODS"],
    ["CSV", async () => Buffer.from("name,amount\nalpha,1\nbeta,2\n"), "CSV"],
  ];
  for (const [label, make, word] of switchedOff) {
    test(`${label}: 400, supported but switched off`, async () => {
      const answer = await submit(stack, { bytes: await make(), name: "upload.pdf" });
      assert.equal(answer.status, 400);
      assert.match(String(answer.body.detail), new RegExp(`${word}.*switched off`));
      assert.deepEqual(Object.keys(answer.body), ["detail"]);
    });
  }

  test("random bytes: 400 unrecognised format", async () => {
    const answer = await submit(stack, { bytes: Buffer.from([0x00, 0x13, 0x37, 0xff, 0x10, 0x20, 0x00, 0x99]), name: "x.pdf" });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /unrecognised format/);
  });

  test("a PDF named .png is accepted", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(1), name: "picture.png", type: "image/png" });
    assert.equal(answer.status, 202);
  });
});

describe("bad files", () => {
  test("empty file: 400", async () => {
    const answer = await submit(stack, { bytes: new Uint8Array(0) });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /empty/);
  });

  test("no file part: 400", async () => {
    const form = new FormData();
    form.append("pages", "1");
    const response = await fetch(`${stack.baseUrl}/v1/parse`, { method: "POST", body: form, headers: { "user-agent": "t" } });
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { detail: string }).detail, /part named file/);
  });

  test("not multipart: 400", async () => {
    const response = await fetch(`${stack.baseUrl}/v1/parse`, {
      method: "POST",
      body: "{}",
      headers: { "user-agent": "t", "content-type": "application/json" },
    });
    assert.equal(response.status, 400);
  });

  test("password-protected PDF: 400 saying so", async () => {
    const answer = await submit(stack, { bytes: await makePasswordPdf() });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /password/);
  });

  test("truncated PDF: 400", async () => {
    const whole = await makeTextPdf(3);
    const answer = await submit(stack, { bytes: whole.subarray(0, Math.floor(whole.length / 2)) });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /truncated/);
  });

  test("corrupt PDF: 400", async () => {
    const answer = await submit(stack, { bytes: Buffer.from("%PDF-1.7\nthis is not a pdf body\n%%EOF\n") });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /not a readable PDF|corrupt/);
  });

  test("error bodies carry no server path, stack or setting name", async () => {
    const answer = await submit(stack, { bytes: Buffer.from("%PDF-1.7\nbroken\n%%EOF\n") });
    const text = JSON.stringify(answer.body);
    for (const leak of [stack.dataDir, "/work", "node_modules", "at ", "MAX_UPLOAD_BYTES", "DATABASE_URL"]) {
      assert.ok(!text.includes(leak), `error body leaks ${leak}: ${text}`);
    }
  });
});

describe("pages and mode", () => {
  for (const pages of ["0", "-1", "abc", "1.5", "2x"]) {
    test(`pages=${pages}: 400`, async () => {
      const answer = await submit(stack, { bytes: await makeTextPdf(1), fields: { pages } });
      assert.equal(answer.status, 400);
      assert.match(String(answer.body.detail), /pages/);
    });
  }

  test("pages is clamped to the document", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(3), fields: { pages: "50" } });
    assert.equal(answer.status, 202);
    assert.equal(answer.body.pages, 3);
  });

  test("pages is clamped to PDFPAGES_MAX_PAGES (4 here)", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(6) });
    assert.equal(answer.status, 202);
    assert.equal(answer.body.pages, 4);
  });

  test("pages=2 of 3: 202 body, then two pages delivered with source_pages", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(3), fields: { pages: "2" } });
    assert.equal(answer.status, 202);
    assert.deepEqual(Object.keys(answer.body).sort(), ["id", "mode", "pages", "status", "text_layer"]);
    assert.equal(answer.body.status, "queued");
    assert.equal(answer.body.mode, "realtime");
    assert.equal(answer.body.text_layer, true);
    assert.equal(answer.body.pages, 2);
    assert.match(String(answer.body.id), /^job_[A-Za-z0-9_-]{22}$/);
    const done = await waitForJob(stack, String(answer.body.id));
    assert.equal(done.body.status, "done");
    assert.deepEqual(done.body.result.source_pages, [1, 2]);
    assert.deepEqual(
      done.body.result.pages.map((p: { page: number }) => p.page),
      [1, 2],
    );
  });

  test("without pages there is no source_pages", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(2) });
    const done = await waitForJob(stack, String(answer.body.id));
    assert.equal(done.body.status, "done");
    assert.equal("source_pages" in done.body.result, false);
  });

  test("mode=batch is reported as batch; another mode is 400", async () => {
    const batch = await submit(stack, { bytes: await makeTextPdf(1), fields: { mode: "batch" } });
    assert.equal(batch.status, 202);
    assert.equal(batch.body.mode, "batch");
    assert.equal((await getJob(stack, String(batch.body.id))).body.mode, "batch");
    const other = await submit(stack, { bytes: await makeTextPdf(1), fields: { mode: "fast" } });
    assert.equal(other.status, 400);
    assert.match(String(other.body.detail), /mode/);
  });
});

async function paddedPdf(total: number): Promise<Buffer> {
  let padding = total - 2048;
  for (let attempt = 0; attempt < 4; attempt++) {
    const doc = await PDFDocument.load(await makeTextPdf(1));
    doc.context.register(doc.context.stream(new Uint8Array(padding)));
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    if (bytes.length === total) return bytes;
    padding += total - bytes.length;
  }
  throw new Error("could not pad the PDF to the exact size");
}

describe("upload size", () => {
  test("one byte over MAX_UPLOAD_BYTES: 400, and the web process does not hold the file", async () => {
    const pid = stack.web.process.pid!;
    const before = peakRss(pid);
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    bytes.set(Buffer.from("%PDF-1.7\n"));
    const answer = await submit(stack, { bytes });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /too large/);
    const growth = peakRss(pid) - before;
    assert.ok(
      growth < MAX_UPLOAD_BYTES / 2,
      `web peak RSS grew by ${(growth / 1e6).toFixed(1)} MB for a ${MAX_UPLOAD_BYTES / 1e6} MB upload`,
    );
  });

  test("an upload past the limit is refused at once and its connection closed, not read to its end", async () => {
    const socket = net.connect(Number(new URL(stack.baseUrl).port), "127.0.0.1");
    socket.on("error", () => undefined); // our writes after the server closed
    await once(socket, "connect");
    let response = "";
    socket.on("data", (data: Buffer) => (response += data.toString()));
    // A write after the server closed fails (EPIPE): that is the close this test waits for.
    const closed = new Promise((resolve) => socket.once("close", resolve));
    const boundary = "size-boundary";
    const chunked = (data: Buffer | string) => {
      const bytes = Buffer.from(data);
      return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
    };
    socket.write(
      `POST /v1/parse HTTP/1.1\r\nhost: 127.0.0.1\r\nuser-agent: ${USER_AGENT}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ntransfer-encoding: chunked\r\n\r\n`,
    );
    socket.write(
      chunked(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`,
      ),
    );
    // Up to twice the limit, as fast as the server takes it; it stops taking it past the limit.
    const block = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    while (response === "" && sent < 2 * MAX_UPLOAD_BYTES && !socket.destroyed) {
      sent += block.length;
      if (!socket.write(chunked(block))) {
        const drained = await Promise.race([
          once(socket, "drain").then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
        ]);
        if (!drained) break; // the server stopped reading
      }
    }
    await Promise.race([
      closed,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`the connection stayed open after ${sent} bytes: ${response}`)), 15_000),
      ),
    ]);
    assert.match(response, /^HTTP\/1\.1 400/);
    assert.match(response, /\r\nconnection: close\r\n/i);
    assert.match(response, /too large/);
    // What the server took past the limit is what the sockets buffer, not the rest of the body.
    assert.ok(sent < MAX_UPLOAD_BYTES + 48 * 1024 * 1024, `${(sent / 1e6).toFixed(0)} MB sent for a ${MAX_UPLOAD_BYTES / 1e6} MB limit`);
  });

  test("exactly MAX_UPLOAD_BYTES is not refused for size", async () => {
    // A sound PDF of exactly the limit: an unused stream object pads it, so its cross-reference
    // table stays intact (a file padded after its end needs pdf.js to scan it whole).
    const padded = await paddedPdf(MAX_UPLOAD_BYTES);
    assert.equal(padded.length, MAX_UPLOAD_BYTES);
    const answer = await submit(stack, { bytes: padded });
    assert.equal(answer.status, 202, JSON.stringify(answer.body));
  });
});
