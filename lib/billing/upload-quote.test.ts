import assert from "node:assert/strict";
import { test } from "node:test";
import { quoteUpload, type QuoteInput } from "./upload-quote";

const anonymous = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  documentPages: 16,
  wantedPages: null,
  maxPages: 500,
  account: null,
  trialPagesLeft: 10,
  ...over,
});

test("anonymous: a file within the trial fits, and costs nothing", () => {
  assert.deepEqual(quoteUpload(anonymous({ documentPages: 3 })), {
    pages: 3,
    cappedAtMax: false,
    payer: "trial",
    costUsd: 0,
    fits: true,
    offerPages: null,
  });
});

test("anonymous with 5 pages left and a 16-page file: offer the first 5 pages, not 'used up'", () => {
  const quote = quoteUpload(anonymous({ trialPagesLeft: 5 }));
  assert.equal(quote.fits, false);
  assert.equal(quote.offerPages, 5);
  // Taking the offer fits.
  assert.equal(quoteUpload(anonymous({ trialPagesLeft: 5, wantedPages: 5 })).fits, true);
});

test("nothing left: no offer", () => {
  assert.equal(quoteUpload(anonymous({ trialPagesLeft: 0 })).offerPages, null);
});

test("a 600-page file is quoted for the 500 pages the server reads", () => {
  const quote = quoteUpload({
    documentPages: 600,
    wantedPages: null,
    maxPages: 500,
    account: { balanceUsd: 100, pricePerPageUsd: 0.06 },
    trialPagesLeft: 10,
  });
  assert.equal(quote.pages, 500);
  assert.equal(quote.cappedAtMax, true);
  assert.equal(quote.payer, "balance");
  assert.equal(quote.costUsd, 30);
  assert.equal(quoteUpload({ documentPages: 600, wantedPages: 20, maxPages: 500, account: null, trialPagesLeft: 10 }).cappedAtMax, false);
});

test("signed in with $0: the web trial pays, with the same offer", () => {
  const account = { balanceUsd: 0, pricePerPageUsd: 0.06 };
  assert.deepEqual(quoteUpload({ documentPages: 4, wantedPages: null, maxPages: 500, account, trialPagesLeft: 10 }), {
    pages: 4,
    cappedAtMax: false,
    payer: "trial",
    costUsd: 0,
    fits: true,
    offerPages: null,
  });
  const over = quoteUpload({ documentPages: 16, wantedPages: null, maxPages: 500, account, trialPagesLeft: 5 });
  assert.equal(over.fits, false);
  assert.equal(over.offerPages, 5);
});

test("signed in with some money: the balance pays when it covers, else the larger of what balance or trial allow is offered", () => {
  const account = { balanceUsd: 0.5, pricePerPageUsd: 0.06 };
  const cheap = quoteUpload({ documentPages: 8, wantedPages: null, maxPages: 500, account, trialPagesLeft: 10 });
  assert.equal(cheap.payer, "balance");
  assert.equal(cheap.costUsd, 0.48);
  const trial = quoteUpload({ documentPages: 9, wantedPages: null, maxPages: 500, account, trialPagesLeft: 10 });
  assert.equal(trial.payer, "trial", "$0.54 is more than the balance, 9 pages fit the trial");
  assert.equal(trial.fits, true);
  const neither = quoteUpload({ documentPages: 30, wantedPages: null, maxPages: 500, account, trialPagesLeft: 5 });
  assert.equal(neither.fits, false);
  assert.equal(neither.payer, "balance");
  assert.equal(neither.offerPages, 8, "floor($0.50 / $0.06)");
});

test("before the pages are counted there is no number to quote", () => {
  const quote = quoteUpload(anonymous({ documentPages: null }));
  assert.equal(quote.pages, null);
  assert.equal(quote.fits, true);
});
