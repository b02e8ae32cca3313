// Stripe top-ups: Checkout Session creation through the real SDK against a local
// stand-in for the Stripe API, and webhooks signed with real signatures: a valid one credits
// once, a duplicate or a racing delivery changes nothing, a bad signature is 400.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import Stripe from "stripe";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { createKey, signIn, USER_AGENT } from "../support/api";
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
      received.push({
        path: request.url ?? "",
        body: new URLSearchParams(body),
        idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      });
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
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: userId,
        amount_total: amountCents,
        currency: "usd",
        payment_status: paymentStatus,
        metadata: { userId },
      },
    },
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
  const [row] = await stack.query<{ id: string; balanceMicros: string }>(`SELECT id, "balanceMicros" FROM "User" WHERE email = $1`, [
    email,
  ]);
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
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(8).fill(200),
    );
    assert.equal(answers.filter((answer) => answer.body.outcome === "credited").length, 1);
    assert.equal((await account("racer-topup@example.com")).balance, 10_000_000n);
  });

  test("a bad signature is 400 and credits nothing", async () => {
    await createKey(stack, "forger@example.com", 0);
    const { id } = await account("forger@example.com");
    const forged = await deliver(checkoutEvent("checkout.session.completed", "cs_forged", id, 100_000), "whsec_not_ours");
    assert.equal(forged.status, 400);
    assert.match(String(forged.body.detail), /signature/);
    const unsigned = await fetch(`${stack.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      body: "{}",
      headers: { "user-agent": USER_AGENT },
    });
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
    const session = await createTopupSession({
      userId: "user_123",
      email: "a@example.com",
      amountUsd: 12.5,
      origin: "https://pdftables.example",
      requestId: "form-0001",
    });
    assert.equal(session.url, `http://127.0.0.1:${standInPort}/pay/${session.id}`);
    const call = received[before]!;
    assert.equal(call.path, "/v1/checkout/sessions");
    assert.equal(call.body.get("mode"), "payment");
    assert.equal(call.body.get("line_items[0][price_data][unit_amount]"), "1250");
    assert.equal(call.body.get("line_items[0][price_data][currency]"), "usd");
    assert.equal(call.body.get("client_reference_id"), "user_123");
    assert.equal(call.body.get("success_url"), "https://pdftables.example/account?topup=success");
    assert.equal(call.idempotencyKey, "topup:user_123:1250:form-0001");
  });

  test("below the minimum top-up (3.50 USD): refused before Stripe is called", async () => {
    const { createTopupSession } = await import("../../lib/billing/stripe-checkout");
    const before = received.length;
    await assert.rejects(
      createTopupSession({ userId: "u", email: null, amountUsd: 3.49, origin: "https://x", requestId: "form-0002" }),
      /smallest top-up is 3\.50 USD/,
    );
    await assert.rejects(
      createTopupSession({ userId: "u", email: null, amountUsd: 5.001, origin: "https://x", requestId: "form-0003" }),
      /whole cents/,
    );
    assert.equal(received.length, before);
  });
});

describe("the account page's top-up form (POST /account/topup)", () => {
  async function postTopup(fields: Record<string, string>, headers: Record<string, string>) {
    return fetch(`${stack.baseUrl}/account/topup`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: { "user-agent": USER_AGENT, origin: stack.baseUrl, ...headers },
    });
  }

  test("redirects a signed-in user to Checkout for the amount; the same form sent twice is one session", async () => {
    const cookie = await signIn(stack, "form-topper@example.com");
    const { id: userId, balance: balanceBefore } = await account("form-topper@example.com");
    const before = received.length;
    const first = await postTopup({ amount_usd: "25.40", request_id: "form-abcdef12" }, { cookie });
    assert.equal(first.status, 303);
    assert.match(first.headers.get("location") ?? "", new RegExp(`^http://127\\.0\\.0\\.1:${standInPort}/pay/cs_test_\\d+$`));
    const again = await postTopup({ amount_usd: "25.40", request_id: "form-abcdef12" }, { cookie });
    assert.equal(again.status, 303);
    const calls = received.slice(before);
    assert.equal(calls.length, 2);
    assert.equal(calls[0]!.body.get("line_items[0][price_data][unit_amount]"), "2540");
    assert.equal(calls[0]!.body.get("client_reference_id"), userId);
    assert.equal(calls[0]!.body.get("customer_email"), "form-topper@example.com");
    // Stripe answers a repeated idempotency key with the first session: one payment page, not two.
    assert.equal(calls[0]!.idempotencyKey, `topup:${userId}:2540:form-abcdef12`);
    assert.equal(calls[1]!.idempotencyKey, calls[0]!.idempotencyKey);
    // Nothing is credited by creating a session: only the signed webhook does that.
    assert.equal(balanceBefore, 0n);
    assert.equal((await account("form-topper@example.com")).balance, 0n);
  });

  test("an amount below the minimum or not in whole cents goes back to the account page, Stripe untouched", async () => {
    const cookie = await signIn(stack, "topper2@example.com");
    const before = received.length;
    for (const amount of ["3.49", "5.001", "", "1e3", "12,50"]) {
      const response = await postTopup({ amount_usd: amount, request_id: "form-abcdef13" }, { cookie });
      assert.equal(response.status, 303, amount);
      assert.equal(
        new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search,
        "/account?topup=invalid",
      );
    }
    assert.equal(received.length, before);
  });

  test("without a session 401, from another site 403, both as {detail} and with no call to Stripe", async () => {
    const cookie = await signIn(stack, "topper3@example.com");
    const before = received.length;
    const anonymous = await postTopup({ amount_usd: "10", request_id: "form-abcdef14" }, {});
    assert.equal(anonymous.status, 401);
    assert.deepEqual(Object.keys((await anonymous.json()) as object), ["detail"]);
    const crossSite = await postTopup({ amount_usd: "10", request_id: "form-abcdef14" }, { cookie, origin: "https://evil.example" });
    assert.equal(crossSite.status, 403);
    assert.deepEqual(Object.keys((await crossSite.json()) as object), ["detail"]);
    assert.equal(received.length, before);
  });
});
