// GET / - what the service does, and the uploader: anonymous visitors on the web trial, signed-in
// visitors on their balance (with the price before they submit)
import { headers } from "next/headers";
import { UploadForm, type UploadFormProps } from "@/components/uploader/upload-form";
import { acceptedNote, pickerAccept } from "@/lib/upload/accepted-formats";
import { ConfidenceLegend } from "@/components/result/confidence-legend";
import { getBalanceUsd } from "@/lib/account/history";
import { CLIENT_ADDRESS_HEADER } from "@/lib/auth/resolve-caller";
import { findSessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isStripeConfigured } from "@/lib/billing/stripe";
import { trialPagesLeft } from "@/lib/quota/trial";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";

export default function HomePage() {
  return unlessDatabaseAway(() => HomePageContent());
}

async function HomePageContent() {
  const requestHeaders = await headers();
  const env = getEnv();
  const user = await findSessionUser(requestHeaders);
  // Signed in or not, the web trial of this address is offered: an account whose balance does
  // not cover a document keeps it (lib/billing/web-payer.ts).
  const trial = {
    pagesLeft: await trialPagesLeft(getDb(), requestHeaders.get(CLIENT_ADDRESS_HEADER) ?? "unknown", "web"),
    pagesPerDay: env.WEB_TRIAL_PAGES_PER_DAY,
  };
  const account = user
    ? {
        balanceUsd: await getBalanceUsd(user.id),
        priceUsd: env.PRICE_PER_PAGE_USD,
        batchPriceUsd: env.BATCH_PRICE_PER_PAGE_USD,
        paymentsEnabled: isStripeConfigured(),
      }
    : null;
  const props: UploadFormProps = {
    account,
    trial,
    maxPages: env.PDFPAGES_MAX_PAGES,
    formats: { accept: pickerAccept(env.ACCEPT_FORMATS), note: acceptedNote(env.ACCEPT_FORMATS), kinds: [...env.ACCEPT_FORMATS] },
  };

  return (
    <main className="page">
      {/* On a phone: the pitch, then the uploader, then the details; on a wide screen the uploader
          sits in its own column beside both. */}
      <div className="grid gap-x-8 gap-y-4 md:grid-cols-[1fr_minmax(0,26rem)] md:grid-rows-[auto_1fr] md:items-start">
        <section className="md:col-start-1 md:row-start-1">
          <h1 className="text-3xl">Tables you can trust, from any PDF</h1>
          <p className="m-0 text-lg">
            Send a PDF; get back its tables, headings, paragraphs and figures, as a spreadsheet, CSV or JSON. Every cell says how sure we
            are and which independent readings back it.
          </p>
        </section>
        <section className="card md:col-start-2 md:row-span-2 md:row-start-1" aria-labelledby="upload-heading">
          <h2 id="upload-heading">Extract a PDF</h2>
          <UploadForm {...props} />
        </section>
        <section className="md:col-start-1 md:row-start-2">
          <ul className="stack pl-5">
            <li>
              <strong>Cross-checked, not guessed.</strong> The PDF&apos;s own text, its ruling lines and OCR read each page separately; a
              cell is <em>verified</em> only when they agree.
            </li>
            <li>
              <strong>Disagreements stay visible.</strong> When readings differ the cell is marked <em>disputed</em>, with every reading
              beside it. We never quietly pick one.
            </li>
            <li>
              <strong>You settle the rest.</strong> Signed in, you check disputed cells side by side with the original page, keyboard first,
              and every export shows your decisions.
            </li>
          </ul>
          <h2 className="mt-6 text-base">What the colours mean</h2>
          <ConfidenceLegend />
          <p className="muted mt-6">
            Developers: <code>POST /v1/parse</code> with the PDF in a part named <code>file</code>, then poll{" "}
            <code>GET /v1/parse/&#123;id&#125;</code>. See the <a href="/api-reference">API reference</a>.
          </p>
        </section>
      </div>
    </main>
  );
}
