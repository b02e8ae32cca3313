// Stripe top-ups (issue 5): Checkout Session creation through the real SDK against a local
// stand-in for the Stripe API, and webhooks signed with real signatures: a valid one credits
// once, a duplicate or a racing delivery changes nothing, a bad signature is 400.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import Stripe from "stripe";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { createKey, USER_AGENT } from "../support/api";
import { startStack, type Stack } from "../support/stack";

const WEBHOOK_SECRET = "whsec_test_secret_for_signatures";
let stack: Stack;
let standIn: http.Server;
let standInPort: number;
const received: { path: string; body: URLSearchParams; idempotencyKey: string | undefined }[] = [];

before(async () => {
  standInPort = await findFreePort();
  standIn = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", body: new URLSearchParams(body), idempotencyKey: request.headers["idempotency-key"] as string | undefined });
      const id = `cs_test_${received.length}`;
      response.writeHead(200, { "content-type": "application/json", "request-id": `req_${received.length}` });
      response.end(JSON.stringify({ id, object: "checkout.session", url: `http://127.0.0.1:${standInPort}/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(standInPort, "127.0.0.1", () => resolve()));
  const stripeEnv = {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(standInPort),
    STRIPE_API_PROTOCOL: "http",
  };
  Object.assign(process.env, stripeEnv);
  stack = await startStack({ env: stripeEnv });
});
after(async () => {
  await stack?.stop();
  standIn?.close();
});

const signer = new Stripe("sk_test_unused");

function checkoutEvent(type: string, sessionId: string, userId: string, amountCents: number, paymentStatus = "paid") {
  return JSON.stringify({
    id: `evt_${sessionId}_${type}`,
    object: "event",
    type,
    data: { object: { id: sessionId, object: "checkout.session", client_reference_id: userId, amount_total: amountCents, currency: "usd", payment_status: paymentStatus, metadata: { userId } } },
  });
}

async function deliver(payload: string, secret = WEBHOOK_SECRET) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${stack.baseUrl}/api/stripe/webhook`, {
    method: "POST",
    body: payload,
    headers: { "user-agent": "Stripe/1.0", "content-type": "application/json", "stripe-signature": signature },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function account(email: string) {
  const [row] = await stack.query<{ id: string; balanceMicros: string }>(`SELECT id, "balanceMicros" FROM "User" WHERE email = $1`, [email]);
  return { id: row!.id, balance: BigInt(row!.balanceMicros) };
}

describe("webhook", () => {
  test("a paid checkout.session.completed credits the account once, even delivered twice", async () => {
    await createKey(stack, "topper@example.com", 0);
    const { id } = await account("topper@example.com");
    const payload = checkoutEvent("checkout.session.completed", "cs_live_1", id, 500);
    const first = await deliver(payload);
    assert.equal(first.status, 200);
    assert.equal(first.body.outcome, "credited");
    assert.equal((await account("topper@example.com")).balance, 5_000_000n);
    const again = await deliver(payload);
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, "already-credited");
    assert.equal((await account("topper@example.com")).balance, 5_000_000n);
    const rows = await stack.query(`SELECT id FROM "LedgerEntry" WHERE "idempotencyKey" = 'stripe:cs_live_1'`);
    assert.equal(rows.length, 1);
  });

  test("racing deliveries of one session credit it once", async () => {
    await createKey(stack, "racer-topup@example.com", 0);
    const { id } = await account("racer-topup@example.com");
    const payload = checkoutEvent("checkout.session.completed", "cs_live_race", id, 1000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    assert.deepEqual(answers.map((answer) => answer.status), Array(8).fill(200));
    assert.equal(answers.filter((answer) => answer.body.outcome === "credited").length, 1);
    assert.equal((await account("racer-topup@example.com")).balance, 10_000_000n);
  });

  test("a bad signature is 400 and credits nothing", async () => {
    await createKey(stack, "forger@example.com", 0);
    const { id } = await account("forger@example.com");
    const forged = await deliver(checkoutEvent("checkout.session.completed", "cs_forged", id, 100_000), "whsec_not_ours");
    assert.equal(forged.status, 400);
    assert.match(String(forged.body.detail), /signature/);
    const unsigned = await fetch(`${stack.baseUrl}/api/stripe/webhook`, { method: "POST", body: "{}", headers: { "user-agent": USER_AGENT } });
    assert.equal(unsigned.status, 400);
    assert.equal((await account("forger@example.com")).balance, 0n);
  });

  test("a delayed payment credits on async_payment_succeeded, not before", async () => {
    await createKey(stack, "slowpay@example.com", 0);
    const { id } = await account("slowpay@example.com");
    const completed = await deliver(checkoutEvent("checkout.session.completed", "cs_async", id, 700, "unpaid"));
    assert.equal(completed.body.outcome, "not-paid");
    assert.equal((await account("slowpay@example.com")).balance, 0n);
    const failed = await deliver(checkoutEvent("checkout.session.async_payment_failed", "cs_async", id, 700, "unpaid"));
    assert.equal(failed.body.outcome, "not-paid");
    const succeeded = await deliver(checkoutEvent("checkout.session.async_payment_succeeded", "cs_async", id, 700));
    assert.equal(succeeded.body.outcome, "credited");
    assert.equal((await account("slowpay@example.com")).balance, 7_000_000n);
  });
});

describe("Checkout Session", () => {
  test("a top-up creates a session for the amount, tied to the account", async () => {
    const { createTopupSession } = await import("../../lib/billing/stripe-checkout");
    const before = received.length;
    const session = await createTopupSession({ userId: "user_123", email: "a@example.com", amountUsd: 12.5, origin: "https://pdftables.example" });
    assert.equal(session.url, `http://127.0.0.1:${standInPort}/pay/${session.id}`);
    const call = received[before]!;
    assert.equal(call.path, "/v1/checkout/sessions");
    assert.equal(call.body.get("mode"), "payment");
    assert.equal(call.body.get("line_items[0][price_data][unit_amount]"), "1250");
    assert.equal(call.body.get("line_items[0][price_data][currency]"), "usd");
    assert.equal(call.body.get("client_reference_id"), "user_123");
    assert.equal(call.body.get("success_url"), "https://pdftables.example/account?topup=success");
    assert.ok(call.idempotencyKey?.startsWith("topup:user_123:1250:"));
  });

  test("below the minimum top-up (3.50 USD): refused before Stripe is called", async () => {
    const { createTopupSession } = await import("../../lib/billing/stripe-checkout");
    const before = received.length;
    await assert.rejects(createTopupSession({ userId: "u", email: null, amountUsd: 3.49, origin: "https://x" }), /smallest top-up is 3\.50 USD/);
    await assert.rejects(createTopupSession({ userId: "u", email: null, amountUsd: 5.001, origin: "https://x" }), /whole cents/);
    assert.equal(received.length, before);
  });
});
