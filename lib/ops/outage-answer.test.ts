// A response about to start as a 500 is held while the database is asked: it goes out as it was
// when the database answers, as a 503 with Retry-After when it does not. Real HTTP on loopback.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { answerOutageFor500, OUTAGE_RETRY_AFTER_SECONDS } from "./outage-answer";

/** A server whose handler answers `status` with a body, the way Next does (statusCode, then end)
 * or with an explicit writeHead, and counts the database checks made. */
async function serve(options: { status: number; explicit?: boolean; databaseAnswers: boolean }) {
  let checks = 0;
  const server = http.createServer((request, response) => {
    answerOutageFor500(request, response, async () => {
      checks++;
      return options.databaseAnswers;
    });
    response.setHeader("x-from-app", "yes");
    if (options.explicit) response.writeHead(options.status, { "content-type": "text/plain" });
    else {
      response.statusCode = options.status;
      response.setHeader("content-type", "text/plain");
    }
    response.write("app ");
    response.end("body");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, checks: () => checks, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test("a 500 while the database is away is a 503 page with Retry-After; under /v1/ a JSON {detail}", async () => {
  for (const explicit of [false, true]) {
    const app = await serve({ status: 500, explicit, databaseAnswers: false });
    const page = await fetch(`${app.base}/jobs/abc`);
    assert.equal(page.status, 503);
    assert.equal(page.headers.get("retry-after"), String(OUTAGE_RETRY_AFTER_SECONDS));
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    assert.equal(page.headers.get("x-from-app"), null);
    assert.match(await page.text(), /Briefly unavailable/);
    const api = await fetch(`${app.base}/v1/parse/abc`);
    assert.equal(api.status, 503);
    const body = (await api.json()) as { detail: string };
    assert.equal(typeof body.detail, "string");
    assert.doesNotMatch(body.detail, /postgres|ECONN|127\.0\.0\.1/i);
    assert.equal(app.checks(), 2);
    await app.close();
  }
});

test("a 500 while the database answers goes out unchanged", async () => {
  for (const explicit of [false, true]) {
    const app = await serve({ status: 500, explicit, databaseAnswers: true });
    const response = await fetch(`${app.base}/jobs/abc`);
    assert.equal(response.status, 500);
    assert.equal(response.headers.get("x-from-app"), "yes");
    assert.equal(await response.text(), "app body");
    assert.equal(app.checks(), 1);
    await app.close();
  }
});

test("any other status never asks the database", async () => {
  for (const status of [200, 404, 503]) {
    const app = await serve({ status, databaseAnswers: false });
    const response = await fetch(`${app.base}/jobs/abc`);
    assert.equal(response.status, status);
    assert.equal(await response.text(), "app body");
    assert.equal(app.checks(), 0);
    await app.close();
  }
});
