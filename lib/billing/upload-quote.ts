// What the uploader says before a file is sent: how many pages will be read, who pays (balance or
// web trial, by the server's own rule in lib/billing/web-payer.ts), what it costs, and, when the
// file is larger than what is left, an offer to extract only the first N pages that fit.
// Pure, so the words on the page are tested against the numbers (upload-quote.test.ts).
import { webPayer } from "./web-payer";

export interface QuoteInput {
  /** Pages in the chosen file; null until counted (or when it could not be counted). */
  documentPages: number | null;
  /** The visitor's "first N pages" field; null when left empty. */
  wantedPages: number | null;
  /** PDFPAGES_MAX_PAGES: the server never reads more. */
  maxPages: number;
  /** Signed in: balance and this mode's price per page. */
  account: { balanceUsd: number; pricePerPageUsd: number } | null;
  /** Web trial pages left today for this address (anonymous visitors, and accounts without the money). */
  trialPagesLeft: number;
}

export interface Quote {
  /** Pages the server will read; null until known. */
  pages: number | null;
  /** True when the document is longer than the server reads (PDFPAGES_MAX_PAGES). */
  cappedAtMax: boolean;
  payer: "balance" | "trial";
  /** Cost charged to the balance (0 on the trial). */
  costUsd: number;
  /** Whether the submission fits what is left (balance or trial). */
  fits: boolean;
  /** The most pages that fit, to offer "extract the first N pages"; null when it fits or nothing fits. */
  offerPages: number | null;
}

const MICROS = 1_000_000;
const micros = (usd: number) => BigInt(Math.round(usd * MICROS));

export function quoteUpload(input: QuoteInput): Quote {
  const { documentPages, wantedPages, maxPages, account, trialPagesLeft } = input;
  const limits = [wantedPages, documentPages, maxPages].filter((value): value is number => value !== null);
  const pages = documentPages === null && wantedPages === null ? null : Math.min(...limits);
  const cappedAtMax = documentPages !== null && documentPages > maxPages && (wantedPages === null || wantedPages > maxPages);
  const price = account ? micros(account.pricePerPageUsd) : 0n;
  const balance = account ? micros(account.balanceUsd) : 0n;
  const payer =
    account && pages !== null
      ? webPayer({ balanceMicros: balance, costMicros: price * BigInt(pages), pages, trialPagesLeft })
      : account
        ? "balance"
        : "trial";
  const costUsd = payer === "balance" && pages !== null ? Number(price * BigInt(pages)) / MICROS : 0;
  const fits = pages === null || (payer === "balance" ? balance >= price * BigInt(pages) : pages <= trialPagesLeft);
  let offerPages: number | null = null;
  if (!fits && pages !== null) {
    const byBalance = account && price > 0n ? Number(balance / price) : 0;
    const most = Math.min(Math.max(byBalance, trialPagesLeft), pages - 1);
    offerPages = most >= 1 ? most : null;
  }
  return { pages, cappedAtMax, payer, costUsd, fits, offerPages };
}
