import assert from "node:assert/strict";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { lingerOnClose } from "./lingering-close";

/** A server that refuses every upload at once, before reading its body, and closes the
 * connection: the shape of an upload refused as too large. */
function refusingServer(linger: boolean, options = { maxMs: 2000, maxBytes: 16 * 1024 * 1024 }) {
  return http.createServer((request, response) => {
    if (linger) lingerOnClose(request.socket, options);
    response.writeHead(400, { "content-type": "application/json", connection: "close" });
    response.end(JSON.stringify({ detail: "the file is too large" }));
  });
}

type Upload = {
  /** Bytes of body to send at most. */
  limit: number;
  /** Keep sending after the answer arrived (a client that does not listen). */
  keepSending?: boolean;
  /** Leave what arrives unread in the kernel until the body is sent and a moment has passed:
   * the client busy writing, which is when an abrupt close loses the answer. */
  readAfterSending?: boolean;
};

/** Sends a chunked body as fast as the server takes it until an answer arrives (or `limit` bytes
 * are sent); resolves once the connection has closed, with what was received and sent. */
async function upload(port: number, { limit, keepSending = false, readAfterSending = false }: Upload) {
  const started = Date.now();
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined); // writes after the server closed
  await once(socket, "connect");
  let response = "";
  socket.on("data", (data: Buffer) => (response += data.toString()));
  if (readAfterSending) socket.pause();
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write("POST /upload HTTP/1.1\r\nhost: 127.0.0.1\r\ntransfer-encoding: chunked\r\n\r\n");
  const block = Buffer.alloc(256 * 1024, 0x20);
  const chunk = Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from("\r\n")]);
  let sent = 0;
  while ((keepSending || response === "") && sent < limit && !socket.destroyed) {
    sent += block.length;
    if (!socket.write(chunk)) {
      const drained = await Promise.race([
        once(socket, "drain").then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
      ]);
      if (!drained) break;
    }
  }
  if (readAfterSending) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.resume();
  }
  if (!keepSending) socket.end();
  await closed;
  return { response, sent, ms: Date.now() - started };
}

describe("lingering close", () => {
  let server: http.Server;
  let port: number;
  before(async () => {
    server = refusingServer(true);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as net.AddressInfo).port;
  });
  after(() => server.close());

  test("a client still sending when refused reads the whole answer, every time", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const { response } = await upload(port, { limit: 4 * 1024 * 1024, readAfterSending: trial % 2 === 0 });
      assert.match(response, /^HTTP\/1\.1 400/, `trial ${trial}: ${JSON.stringify(response)}`);
      assert.match(response, /\r\nconnection: close\r\n/i);
      assert.match(response, /too large/);
    }
  });

  test("a client that never stops sending is cut at the byte limit, not read to its end", async () => {
    const small = refusingServer(true, { maxMs: 60_000, maxBytes: 4 * 1024 * 1024 });
    small.listen(0, "127.0.0.1");
    await once(small, "listening");
    try {
      const { response, sent } = await upload((small.address() as net.AddressInfo).port, { limit: 512 * 1024 * 1024, keepSending: true });
      assert.match(response, /^HTTP\/1\.1 400/);
      // The byte limit plus what the two sockets' buffers hold.
      assert.ok(sent < 64 * 1024 * 1024, `${(sent / 1e6).toFixed(0)} MB sent`);
    } finally {
      small.close();
    }
  });

  test("a client that never stops sending is cut at the time limit", async () => {
    const quick = refusingServer(true, { maxMs: 300, maxBytes: Number.MAX_SAFE_INTEGER });
    quick.listen(0, "127.0.0.1");
    await once(quick, "listening");
    try {
      const { response, ms } = await upload((quick.address() as net.AddressInfo).port, {
        limit: 4 * 1024 * 1024 * 1024,
        keepSending: true,
      });
      assert.match(response, /^HTTP\/1\.1 400/);
      assert.ok(ms < 20_000, `the connection stayed open ${ms} ms`);
    } finally {
      quick.close();
    }
  });
});
