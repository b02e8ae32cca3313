import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { DatabaseReachability, isPageRequest, unavailablePage } from "./page-gate";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** Every route under app/ whose folder holds `file`, as a URL with each [param] filled in and
 * route groups "(name)" left out. */
function routesWith(file: string): string[] {
  return fs
    .readdirSync(appDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === file)
    .map((entry) => {
      const segments = path
        .relative(appDir, entry.parentPath)
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment))
        .map((segment) => (segment.startsWith("[...") ? "a/b" : segment.startsWith("[") ? "x1" : segment));
      return `/${segments.join("/")}`;
    });
}

test("every page of app/ is gated, and no route handler is", () => {
  const pages = routesWith("page.tsx");
  assert.ok(pages.length >= 8, `pages found: ${pages.join(", ")}`);
  for (const page of pages) {
    assert.ok(isPageRequest("GET", page), `page ${page} is not gated`);
    assert.ok(isPageRequest("GET", `${page}?_rsc=abc`), `page ${page} with a query is not gated`);
  }
  const handlers = routesWith("route.ts");
  assert.ok(handlers.length >= 10);
  for (const handler of handlers) assert.ok(!isPageRequest("GET", handler), `route handler ${handler} is gated`);
});

test("only GET and HEAD of a page are gated; assets and unknown paths are not", () => {
  assert.ok(isPageRequest("HEAD", "/jobs/abc"));
  assert.ok(isPageRequest("GET", "/account/"));
  assert.ok(!isPageRequest("POST", "/jobs/abc"));
  assert.ok(!isPageRequest("GET", "/_next/static/chunks/main.js"));
  assert.ok(!isPageRequest("GET", "/favicon.ico"));
  assert.ok(!isPageRequest("GET", "/jobs/abc/pages"));
  assert.ok(!isPageRequest("GET", "/no/such/page"));
});

test("checks in flight are shared, failures remembered for a while, successes never", async () => {
  let now = 0;
  let calls = 0;
  let up = true;
  let release: () => void = () => undefined;
  const reachability = new DatabaseReachability(
    () => {
      calls++;
      return new Promise<void>((resolve, reject) => {
        release = () => (up ? resolve() : reject(new Error("connect ECONNREFUSED")));
      });
    },
    { rememberFailureMs: 1000 },
    () => now,
  );
  const first = [reachability.reachable(), reachability.reachable(), reachability.reachable()];
  assert.equal(calls, 1, "three pages at once ask once");
  release();
  assert.deepEqual(await Promise.all(first), [true, true, true]);

  const second = reachability.reachable();
  assert.equal(calls, 2, "a success is not remembered");
  up = false;
  release();
  assert.equal(await second, false);

  now = 999;
  assert.equal(await reachability.reachable(), false);
  assert.equal(calls, 2, "a failure is remembered for rememberFailureMs");
  now = 1000;
  up = true;
  const third = reachability.reachable();
  assert.equal(calls, 3, "then asked again");
  release();
  assert.equal(await third, true);
});

test("the 503 page says when it retries and nothing about the server", () => {
  const page = unavailablePage(5);
  assert.match(page, /<meta http-equiv="refresh" content="5">/);
  assert.match(page, /tries again in 5 seconds/);
  assert.doesNotMatch(page, /postgres|database_url|\/work|\/tmp|stack/i);
});
