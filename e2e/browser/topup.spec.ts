// Top-up journey: a signed-in user tops up from the account page, lands on "Stripe's"
// payment page (a local stand-in for the Stripe API: the real SDK talks to it), Stripe's signed
// webhook (real signature scheme) arrives, and the balance on the account page changes; the same
// event delivered again changes nothing. The stack here runs with Stripe settings pointing at the
// stand-in.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { Stack } from "../support/stack";
import { expect, screenshots, signIn, stackTest, uniqueEmail } from "./fixtures";

const WEBHOOK_SECRET = "whsec_browser_test_secret";

/** A local stand-in for the Stripe API, one per test worker (module scope): it answers Checkout
 * Session creation and serves the "payment page"; `sessions` records what the SDK sent. */
const sessions: Array<{ id: string; body: URLSearchParams }> = [];
const standIn = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
      const id = `cs_test_browser_${sessions.length + 1}`;
      sessions.push({ id, body: new URLSearchParams(body) });
      response.writeHead(200, { "content-type": "application/json", "request-id": `req_${sessions.length}` });
      response.end(JSON.stringify({ id, object: "checkout.session", url: `${standInUrl()}/pay/${id}` }));
      return;
    }
    if (request.method === "GET" && request.url?.startsWith("/pay/")) {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(`<!doctype html><title>Stripe Checkout (test stand-in)</title><h1>Pay for ${request.url.slice(5)}</h1>`);
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: "not in the stand-in" } }));
  });
});
// Unref'd: Playwright also loads this file to list its tests, where nothing must be kept running.
const listening = new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", () => resolve()));
standIn.unref();
const standInUrl = () => `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;

const test = stackTest(async () => {
  await listening;
  const port = String((standIn.address() as AddressInfo).port);
  return {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: port,
    STRIPE_API_PROTOCOL: "http",
  };
});
test.afterAll(() => {
  standIn.close();
});

/** Stripe's side of a paid session: the signed checkout.session.completed event. */
async function deliverPaid(stack: Stack, sessionId: string, userId: string, amountCents: number) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: userId,
        amount_total: amountCents,
        currency: "usd",
        payment_status: "paid",
        metadata: { userId },
      },
    },
  });
  const signature = new Stripe("sk_test_unused").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await fetch(`${stack.baseUrl}/api/stripe/webhook`, {
    method: "POST",
    body: payload,
    headers: { "user-agent": "Stripe/1.0", "content-type": "application/json", "stripe-signature": signature },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("top up through Checkout and a signed webhook; the balance changes once", async ({ page, stack }) => {
  const email = uniqueEmail("topup");
  await signIn(page, stack, email);
  await expect(page.getByTestId("balance")).toHaveText("$0.00");

  await page.getByLabel("Amount in US dollars").fill("25.40");
  await page.getByRole("button", { name: "Top up" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standInUrl()}/pay/cs_test_browser_\\d+$`));
  const session = sessions.at(-1)!;
  expect(session.body.get("line_items[0][price_data][unit_amount]")).toBe("2540");
  expect(session.body.get("customer_email")).toBe(email);
  const userId = session.body.get("client_reference_id")!;
  const successUrl = session.body.get("success_url")!;
  expect(new URL(successUrl).pathname + new URL(successUrl).search).toBe("/account?topup=success");

  // Nothing is credited before Stripe says the session is paid.
  await page.goto("/account");
  await expect(page.getByTestId("balance")).toHaveText("$0.00");

  const first = await deliverPaid(stack, session.id, userId, 2540);
  expect(first).toEqual({ status: 200, body: expect.objectContaining({ outcome: "credited" }) });
  await page.goto("/account?topup=success");
  await expect(page.getByText("Thank you.")).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText("$25.40");
  await expect(page.getByText("+$25.40").first()).toBeVisible();
  await screenshots(page, "account-topped-up");

  const again = await deliverPaid(stack, session.id, userId, 2540);
  expect(again).toEqual({ status: 200, body: expect.objectContaining({ outcome: "already-credited" }) });
  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText("$25.40");
});
