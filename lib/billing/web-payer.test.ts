import assert from "node:assert/strict";
import { test } from "node:test";
import { webPayer } from "./web-payer";

const usd = (value: number) => BigInt(Math.round(value * 1_000_000));

test("the balance pays whenever it covers the document", () => {
  assert.equal(webPayer({ balanceMicros: usd(1), costMicros: usd(0.96), pages: 16, trialPagesLeft: 10 }), "balance");
  assert.equal(webPayer({ balanceMicros: usd(0.06), costMicros: usd(0.06), pages: 1, trialPagesLeft: 10 }), "balance");
  assert.equal(webPayer({ balanceMicros: 0n, costMicros: 0n, pages: 1, trialPagesLeft: 0 }), "balance");
});

test("an account with no or too little money keeps the web trial when the pages fit", () => {
  assert.equal(webPayer({ balanceMicros: 0n, costMicros: usd(0.3), pages: 5, trialPagesLeft: 10 }), "trial");
  assert.equal(webPayer({ balanceMicros: usd(0.1), costMicros: usd(0.3), pages: 5, trialPagesLeft: 5 }), "trial");
});

test("when neither covers it, a customer with money hears about the balance, one without about the trial", () => {
  assert.equal(webPayer({ balanceMicros: usd(0.1), costMicros: usd(0.96), pages: 16, trialPagesLeft: 5 }), "balance");
  assert.equal(webPayer({ balanceMicros: 0n, costMicros: usd(0.96), pages: 16, trialPagesLeft: 5 }), "trial");
});
