// Malformed and hostile requests: every answer is JSON {detail}, never a 5xx, never an
// empty body. Multipart without a boundary, malformed %-escapes in dynamic paths, 405 and 431,
// non-ASCII file names, key header combinations, session cookies from other sites, the trial's 429
// (and that it comes before any parsing), aborted uploads, and the sign-in e-mail limit.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { plainPdf, streamBombPdf } from "../../tests/pdf/hostile-pdfs";
import { admin, createKey, signIn, submit, USER_AGENT } from "../support/api";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let key = "";

before(async () => {
  // One free page a day, so the trial's 429 can be reached; everything else uses a key.
  stack = await startStack({
    workers: 0,
    env: { TRIAL_PAGES_PER_DAY: "1", SIGNIN_EMAILS_PER_HOUR: "3", SIGNIN_EMAILS_PER_CLIENT_PER_HOUR: "8" },
  });
  key = await createKey(stack, "requests@example.com", 10);
});
after(async () => {
  await stack?.stop();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request exactly as written (fetch would normalise the path and headers). */
function raw(method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawAnswer> {
  const url = new URL(stack.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { "user-agent": USER_AGENT, ...headers } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function assertJsonDetail(answer: RawAnswer, status: number, pattern?: RegExp): Record<string, unknown> {
  assert.equal(answer.status, status, answer.text);
  assert.match(String(answer.headers["content-type"]), /application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  assert.equal(typeof body.detail, "string");
  if (pattern) assert.match(String(body.detail), pattern);
  return body;
}

describe("malformed requests", () => {
  test("multipart without a boundary: 400 JSON", async () => {
    const answer = await raw("POST", "/v1/parse", { "content-type": "multipart/form-data", authorization: `Bearer ${key}` }, "--x\r\n\r\n");
    assertJsonDetail(answer, 400, /boundary/);
  });

  test("a malformed %-escape in a dynamic path: 400 JSON, on the API and on site pages", async () => {
    assertJsonDetail(await raw("GET", "/v1/parse/%E0%A4%A", {}), 400, /%-escape/);
    assertJsonDetail(await raw("GET", "/v1/parse/abc%zz/export?format=json", {}), 400, /%-escape/);
    assertJsonDetail(await raw("GET", "/jobs/%/review", {}), 400, /%-escape/);
  });

  test("a method an endpoint does not have: 405 JSON with Allow", async () => {
    const put = await raw("PUT", "/v1/parse", {});
    assertJsonDetail(put, 405, /POST/);
    assert.equal(put.headers.allow, "POST");
    const patch = await raw("PATCH", "/v1/parse/job_x", {});
    assertJsonDetail(patch, 405);
    assert.equal(patch.headers.allow, "GET, DELETE");
    assertJsonDetail(await raw("DELETE", "/v1/parse/job_x/export", {}), 405);
  });

  test("headers too large: 431 JSON", async () => {
    assertJsonDetail(await raw("GET", "/v1/openapi.json", { "x-padding": "a".repeat(40_000) }), 431, /headers are too large/);
  });

  test("an aborted upload leaves no unhandled rejection and the site answers", async () => {
    const url = new URL(stack.baseUrl);
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/v1/parse",
        headers: {
          "user-agent": USER_AGENT,
          authorization: `Bearer ${key}`,
          "content-type": "multipart/form-data; boundary=b",
          "content-length": "1000000",
        },
      });
      request.on("error", () => resolve());
      request.write(
        `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n${"x".repeat(50_000)}`,
      );
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 500);
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.doesNotMatch(stack.web.output(), /unhandledRejection|Unhandled Rejection|unhandled error/i);
    assert.equal((await raw("GET", "/v1/openapi.json", {})).status, 200);
  });
});

describe("uploads and keys", () => {
  test("a non-ASCII file name is kept as UTF-8", async () => {
    const name = "Übersicht – März 2026 (東京).pdf";
    const answer = await submit(stack, { bytes: plainPdf(), name, headers: { authorization: `Bearer ${key}` } });
    assert.equal(answer.status, 202, JSON.stringify(answer.body));
    const [row] = await stack.query<{ fileName: string }>(`SELECT "fileName" FROM "Job" WHERE id = $1`, [String(answer.body.id)]);
    assert.equal(row!.fileName, name);
  });

  test("an empty X-API-Key is 401, not the trial; a valid Bearer with another X-API-Key is 401", async () => {
    const empty = await submit(stack, { bytes: plainPdf(), headers: { "x-api-key": "" } });
    assert.equal(empty.status, 401, JSON.stringify(empty.body));
    const mixed = await submit(stack, { bytes: plainPdf(), headers: { authorization: `Bearer ${key}`, "x-api-key": "pk_live_not_a_key" } });
    assert.equal(mixed.status, 401, JSON.stringify(mixed.body));
    assert.match(String(mixed.body.detail), /different keys/);
    const same = await submit(stack, { bytes: plainPdf(), headers: { authorization: `Bearer ${key}`, "x-api-key": key } });
    assert.equal(same.status, 202, JSON.stringify(same.body));
  });
});

describe("session cookies on /v1", () => {
  let cookie = "";
  before(async () => {
    cookie = await signIn(stack, "cookie@example.com");
    await admin(stack, ["credit", "--email", "cookie@example.com", "--usd", "5"]);
  });

  test("a POST from another site (or a sibling subdomain) is 403; from this site it is accepted", async () => {
    const foreign = await submit(stack, { bytes: plainPdf(), headers: { cookie, origin: "http://evil.example" } });
    assert.equal(foreign.status, 403, JSON.stringify(foreign.body));
    const sibling = await submit(stack, { bytes: plainPdf(), headers: { cookie, origin: stack.baseUrl, "sec-fetch-site": "same-site" } });
    assert.equal(sibling.status, 403, JSON.stringify(sibling.body));
    const none = await submit(stack, { bytes: plainPdf(), headers: { cookie } });
    assert.equal(none.status, 403, JSON.stringify(none.body));
    const own = await submit(stack, { bytes: plainPdf(), headers: { cookie, origin: stack.baseUrl } });
    assert.equal(own.status, 202, JSON.stringify(own.body));
    const id = String(own.body.id);
    assertJsonDetail(await raw("GET", `/v1/parse/${id}`, { cookie, origin: "http://evil.example" }), 403);
    assert.equal((await raw("GET", `/v1/parse/${id}`, { cookie, "sec-fetch-site": "same-origin" })).status, 200);
    // An API key needs no Origin: browsers never send one on their own.
    assert.equal(
      (await submit(stack, { bytes: plainPdf(), headers: { authorization: `Bearer ${key}`, origin: "http://evil.example" } })).status,
      202,
    );
  });
});

describe("the trial", () => {
  test("out of trial: 429 before the upload is parsed, and no hint to send pages=0", async () => {
    const first = await submit(stack, { bytes: plainPdf() });
    assert.equal(first.status, 202, JSON.stringify(first.body));
    // A bomb from an address with no trial left is refused by the cheap check, not parsed.
    const bomb = await submit(stack, { bytes: streamBombPdf() });
    assert.equal(bomb.status, 429, JSON.stringify(bomb.body));
    assert.doesNotMatch(String(bomb.body.detail), /pages=0/);
    assert.match(String(bomb.body.detail), /used them all/);
    assert.ok(Number(bomb.headers.get("retry-after")) > 0);
    assert.doesNotMatch(stack.web.output(), /killed the PDF inspector/);
  });
});

describe("sign-in e-mails", () => {
  test("at most SIGNIN_EMAILS_PER_HOUR links an hour to one address", async () => {
    const email = "flooded@example.com";
    const csrf = await fetch(`${stack.baseUrl}/api/auth/csrf`, { headers: { "user-agent": USER_AGENT } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${stack.baseUrl}/api/auth/signin/email`, {
        method: "POST",
        redirect: "manual",
        headers: { "user-agent": USER_AGENT, cookie: cookies, "content-type": "application/x-www-form-urlencoded", origin: stack.baseUrl },
        body: new URLSearchParams({ email, csrfToken, callbackUrl: `${stack.baseUrl}/account`, json: "true" }),
      });
      assert.ok(answer.status < 500, String(answer.status));
    }
    const sent = stack.web.output().split(`[auth] sign-in link for ${email}`).length - 1;
    assert.equal(sent, 3);
  });

  test("at most SIGNIN_EMAILS_PER_CLIENT_PER_HOUR asked for by one client, whatever the recipients; the refusal says when to retry", async () => {
    const csrf = await fetch(`${stack.baseUrl}/api/auth/csrf`, { headers: { "user-agent": USER_AGENT } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const refusals: string[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await fetch(`${stack.baseUrl}/api/auth/signin/email`, {
        method: "POST",
        redirect: "manual",
        headers: { "user-agent": USER_AGENT, cookie: cookies, "content-type": "application/x-www-form-urlencoded", origin: stack.baseUrl },
        body: new URLSearchParams({ email: `stranger${i}@example.com`, csrfToken, callbackUrl: `${stack.baseUrl}/account`, json: "true" }),
      });
      assert.ok(answer.status < 500, String(answer.status));
      const { url } = (await answer.json()) as { url: string };
      if (/error=TooManySignInEmailsFromClient/.test(url)) {
        refusals.push(url);
        assert.ok(Number(answer.headers.get("retry-after")) > 0);
      }
    }
    const sent = Array.from({ length: 10 }, (_, i) =>
      stack.web.output().includes(`[auth] sign-in link for stranger${i}@example.com`),
    ).filter(Boolean).length;
    // Whatever the other tests of this file asked for first, this client's hour holds 8 in all.
    const [usage] = await stack.query<{ count: number }>(`SELECT count FROM "TrialUsage" WHERE channel = 'signin-client'`);
    assert.equal(usage?.count, 8);
    assert.ok(sent >= 1 && sent <= 8, `sent ${sent}`);
    assert.equal(refusals.length, 10 - sent);
    // The sign-in page names the time to try again (the next full UTC hour).
    const retryAt = new URL(refusals[0]!).searchParams.get("retryAt")!;
    assert.equal(new Date(retryAt).getUTCMinutes(), 0);
    assert.ok(new Date(retryAt).getTime() > Date.now());
    const refusal = new URL(refusals[0]!);
    const page = await (
      await fetch(`${stack.baseUrl}${refusal.pathname}${refusal.search}`, { headers: { "user-agent": USER_AGENT } })
    ).text();
    assert.match(page, new RegExp(`from your network in the last hour. Try again after ${retryAt.slice(11, 16)} UTC`));
  });
});
