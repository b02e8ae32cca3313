// /metrics off the public internet: with METRICS_TOKEN every /metrics (the web's and a worker's)
// answers only a request bearing the token; with METRICS_PORT the web's moves to a private port
// and the public path answers 404.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { USER_AGENT } from "../support/api";
import { startStack, type Stack } from "../support/stack";

const stacks: Stack[] = [];
after(async () => {
  for (const stack of stacks) await stack.stop();
});

async function waitForListening(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      assert.ok(Date.now() < deadline, `${url} never listened`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe("metrics access", () => {
  test("METRICS_TOKEN: 401 without it, 200 with it, on the web and on a worker", async () => {
    const workerPort = await findFreePort();
    const stack = await startStack({ env: { METRICS_TOKEN: "s3cret-metrics-token", WORKER_METRICS_PORT: String(workerPort) } });
    stacks.push(stack);
    const workerUrl = `http://127.0.0.1:${workerPort}/metrics`;
    await waitForListening(workerUrl);
    for (const url of [`${stack.baseUrl}/metrics`, workerUrl]) {
      const anonymous = await fetch(url, { headers: { "user-agent": USER_AGENT } });
      assert.equal(anonymous.status, 401, url);
      assert.match(String(((await anonymous.json()) as { detail: string }).detail), /token/);
      const wrong = await fetch(url, { headers: { "user-agent": USER_AGENT, authorization: "Bearer s3cret-metrics-tokeX" } });
      assert.equal(wrong.status, 401, url);
      const allowed = await fetch(url, { headers: { "user-agent": USER_AGENT, authorization: "Bearer s3cret-metrics-token" } });
      assert.equal(allowed.status, 200, url);
      assert.match(await allowed.text(), /pdftables_queue_depth/);
    }
  });

  test("METRICS_PORT: the public /metrics is 404; the private port serves it", async () => {
    const metricsPort = await findFreePort();
    const stack = await startStack({ workers: 0, env: { METRICS_PORT: String(metricsPort) } });
    stacks.push(stack);
    const publicAnswer = await fetch(`${stack.baseUrl}/metrics`, { headers: { "user-agent": USER_AGENT } });
    assert.equal(publicAnswer.status, 404);
    assert.equal(typeof ((await publicAnswer.json()) as { detail: unknown }).detail, "string");
    const privateUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    await waitForListening(privateUrl);
    const privateAnswer = await fetch(privateUrl);
    assert.equal(privateAnswer.status, 200);
    assert.match(await privateAnswer.text(), /pdftables_queue_depth/);
  });
});
