import assert from "node:assert/strict";
import { test } from "node:test";
import { AppError } from "../errors";
import { assertSameOrigin } from "./same-origin";

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/account/keys", { method: "POST", headers });
const isRefused = (headers: Record<string, string>) => {
  try {
    assertSameOrigin(post(headers));
    return false;
  } catch (error) {
    assert.ok(error instanceof AppError && error.status === 403);
    return true;
  }
};

test("a post from this site's own pages passes, by Origin or by Referer", () => {
  assert.equal(isRefused({ host: "localhost:3000", origin: "http://localhost:3000" }), false);
  assert.equal(isRefused({ host: "127.0.0.1:4000", origin: "http://127.0.0.1:4000", "sec-fetch-site": "same-origin" }), false);
  assert.equal(isRefused({ host: "localhost:3000", referer: "http://localhost:3000/account" }), false);
});

test("cross-site, opaque or unattributed posts are refused", () => {
  assert.equal(isRefused({ host: "localhost:3000", origin: "http://evil.example" }), true);
  assert.equal(isRefused({ host: "localhost:3000", origin: "null" }), true);
  assert.equal(isRefused({ host: "localhost:3000" }), true);
  assert.equal(isRefused({ host: "localhost:3000", referer: "http://evil.example/localhost:3000" }), true);
  // Same host, other port or scheme: another origin.
  assert.equal(isRefused({ host: "localhost:3000", origin: "http://localhost:3001" }), true);
  assert.equal(isRefused({ host: "localhost:3000", origin: "https://localhost:3000" }), true);
  // The browser says cross-site even though the Origin was forged by something else: refused.
  assert.equal(isRefused({ host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "cross-site" }), true);
});
