"use client";
// The landing page's uploader: drop a PDF (or pick one), optionally limit the pages and choose
// batch, see what it costs and who pays (lib/billing/upload-quote.ts: the balance, or the web
// trial, which signed-in accounts without the money keep), take the offer of "the first N pages"
// when the file is larger than what is left, watch the upload, then go to the job's page.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { quoteUpload } from "@/lib/billing/upload-quote";
import { formatFileSize } from "@/lib/format/file-size";
import { countPdfPages } from "../pdf/load-pdfjs";
import { sendUpload } from "./send-upload";
import { kindByName, looksLikePdf, notPdfMessage, severalFilesMessage } from "./check-file";

export interface UploadFormProps {
  /** Signed in: charged to the balance when it covers the document. */
  account: { balanceUsd: number; priceUsd: number; batchPriceUsd: number; paymentsEnabled: boolean } | null;
  /** The web trial of this address: anonymous visitors, and accounts whose balance does not cover a document. */
  trial: { pagesLeft: number; pagesPerDay: number };
  /** PDFPAGES_MAX_PAGES: the most pages the server reads of one document. */
  maxPages: number;
  /** ACCEPT_FORMATS as the picker's `accept` list and the drop zone's note (lib/upload/
   * accepted-formats.ts); absent: PDF only. */
  formats?: { accept: string; note: string; kinds?: readonly string[] };
}

/** "$0.06", "$0.036", "$12.40": cents, and more digits only where the amount has them. */
function usd(value: number): string {
  const cents = value.toFixed(2);
  return Math.abs(Number(cents) - value) < 1e-9 ? `$${cents}` : `$${Number(value.toFixed(4))}`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The web trial's refusal when nothing is left (the API's words speak of pages= and seconds). */
const TRIAL_USED_UP =
  "You have used today's free pages on the web trial. Sign in to go on with a balance, or come back after midnight UTC.";

export function UploadForm({ account, trial, maxPages, formats = { accept: "application/pdf,.pdf", note: "PDF only" } }: UploadFormProps) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [pagesWanted, setPagesWanted] = useState("");
  const [batch, setBatch] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [trialLeft, setTrialLeft] = useState(trial.pagesLeft);

  const [notice, setNotice] = useState<string | null>(null);
  const problemBox = useRef<HTMLParagraphElement>(null);
  // A refusal takes the focus (the Extract button was disabled while sending, which dropped it):
  // a keyboard or screen-reader user lands on what went wrong, and Tab goes on from there.
  useEffect(() => {
    if (problem) problemBox.current?.focus();
  }, [problem]);

  async function choose(files: readonly File[]) {
    setProblem(null);
    setNotice(null);
    const chosen = files[0];
    if (!chosen) return;
    // A file that is not a PDF is refused now, not when Extract is pressed.
    if (!looksLikePdf(new Uint8Array(await chosen.slice(0, 1024).arrayBuffer()))) {
      // An image or spreadsheet this service takes (ACCEPT_FORMATS) is sent as it is; the server
      // reads its pages from the bytes.
      const kind = kindByName(chosen.name, chosen.type);
      if (kind && formats.kinds?.includes(kind)) {
        if (files.length > 1) setNotice(severalFilesMessage(files.length, chosen.name));
        setFile(chosen);
        setPageCount(null);
        return;
      }
      setFile(null);
      setPageCount(null);
      setProblem(notPdfMessage(chosen.name, chosen.type));
      return;
    }
    if (files.length > 1) setNotice(severalFilesMessage(files.length, chosen.name));
    setFile(chosen);
    setPageCount(null);
    setPageCount(await countPdfPages(chosen));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void choose([...event.dataTransfer.files]);
  }

  const wanted = /^\d+$/.test(pagesWanted.trim()) && Number(pagesWanted.trim()) >= 1 ? Number(pagesWanted.trim()) : null;
  const unitPrice = account ? (batch ? account.batchPriceUsd : account.priceUsd) : 0;
  const quote = quoteUpload({
    documentPages: pageCount,
    wantedPages: wanted,
    maxPages,
    account: account ? { balanceUsd: account.balanceUsd, pricePerPageUsd: unitPrice } : null,
    trialPagesLeft: trialLeft,
  });
  const uploading = progress !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setProblem("Choose a PDF first: drop it on the box or use the button.");
      return;
    }
    setProblem(null);
    setProgress(0);
    const form = new FormData();
    if (pagesWanted.trim() !== "") form.append("pages", pagesWanted.trim());
    if (batch) form.append("mode", "batch");
    form.append("file", file, file.name);
    try {
      const answer = await sendUpload(form, setProgress);
      if (answer.status === 202 && answer.body.url) {
        setProgress(1);
        router.push(answer.body.url);
        return;
      }
      // The trial's 429 says "N left today", or "used them all" when none is left (lib/quota/trial.ts).
      const detail = answer.body.detail ?? "";
      const left = answer.status !== 429 ? null : (/(\d+) left today/.exec(detail)?.[1] ?? (/used them all/.test(detail) ? "0" : null));
      if (left !== null) {
        // The trial moved since the page was drawn (another tab): show the offer with the server's number.
        setTrialLeft(Number(left));
        if (Number(left) === 0) setProblem(TRIAL_USED_UP);
      } else {
        setProblem(answer.body.detail ? capitalise(answer.body.detail) : `The upload was refused (${answer.status}).`);
      }
    } catch (error) {
      setProblem(capitalise(error instanceof Error ? error.message : "the upload failed"));
    }
    setProgress(null);
  }

  const pagesText = quote.pages !== null ? plural(quote.pages, "page") : null;
  const topUp = account?.paymentsEnabled ? (
    <>
      {" "}
      <a href="/account">Top up on your account page</a>.
    </>
  ) : null;

  return (
    <form onSubmit={submit} className="stack" aria-describedby="upload-help">
      <div
        data-testid="drop-zone"
        className={`rounded-lg border-2 border-dashed p-6 text-center transition-colors ${dragging ? "border-accent bg-conf-confirmed" : "border-[#8a949e] bg-white"}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="m-0 text-lg font-semibold break-words">{file ? file.name : "Drop a PDF here"}</p>
        <p id="upload-help" className="muted mt-1 mb-3" data-testid="file-facts">
          {file
            ? `${formatFileSize(file.size)}${pageCount !== null ? `, ${plural(pageCount, "page")}` : ""}`
            : `or choose one from your computer. ${formats.note}, up to 600 MB.`}
        </p>
        <button type="button" className="button button-secondary" onClick={() => input.current?.click()} disabled={uploading}>
          {file ? "Choose another PDF" : "Choose a PDF"}
        </button>
        <input
          ref={input}
          type="file"
          accept={formats.accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="PDF file"
          data-testid="file-input"
          onChange={(event) => void choose([...(event.target.files ?? [])])}
        />
      </div>

      <div className="row">
        <div className="grow">
          <label htmlFor="pages">Pages (optional)</label>
          <input
            id="pages"
            type="number"
            min={1}
            max={maxPages}
            inputMode="numeric"
            placeholder="all pages"
            value={pagesWanted}
            onChange={(event) => setPagesWanted(event.target.value)}
            aria-describedby="pages-help"
          />
          <p id="pages-help" className="muted m-0 text-sm">
            Only the first N pages are read (at most {maxPages} of any document).
          </p>
        </div>
        <div className="grow">
          <label className="flex items-center gap-2 font-semibold" style={{ minHeight: 44 }}>
            <input type="checkbox" checked={batch} onChange={(event) => setBatch(event.target.checked)} className="h-5 w-5" />
            Batch mode {account ? `(${usd(account.batchPriceUsd)} a page)` : null}
          </label>
          <p className="muted m-0 text-sm">Cheaper, slower: minutes to hours instead of seconds.</p>
        </div>
      </div>

      <div data-testid="quote" className="rounded-md bg-[#f5f7f9] p-3" aria-live="polite">
        {quote.cappedAtMax && pageCount !== null ? (
          <span className="mb-1 block" data-testid="capped">
            This document has {pageCount} pages; only the first {maxPages} are read (the most per document).
          </span>
        ) : null}
        {quote.payer === "balance" && account ? (
          <>
            <strong>{pagesText ? `This costs ${usd(quote.costUsd)}` : `${usd(unitPrice)} per page`}</strong>
            {pagesText ? ` (${pagesText} × ${usd(unitPrice)})` : ""}, charged to your balance of {usd(account.balanceUsd)}. Pages that fail
            are never charged.
          </>
        ) : (
          <>
            <strong data-testid="trial-left">
              {trialLeft} of {trial.pagesPerDay} free pages left today
            </strong>{" "}
            on the web trial
            {quote.pages !== null && quote.fits ? (quote.pages === 1 ? ": this page is free" : `: these ${pagesText} are free`) : ""}.
            {account ? (
              <>
                {" "}
                Beyond it, {usd(unitPrice)} a page from your balance of {usd(account.balanceUsd)}.
              </>
            ) : (
              <>
                {" "}
                <a href="/sign-in?callbackUrl=%2F">Sign in</a> to keep your documents and review cells; with a balance you can go beyond it.
              </>
            )}
          </>
        )}
        {!quote.fits ? (
          <span className="mt-2 block" data-testid="over-limit">
            <span className="block text-[#8c1d18]">
              {quote.payer === "balance"
                ? `Your balance covers ${plural(Math.floor(account && unitPrice > 0 ? account.balanceUsd / unitPrice + 1e-9 : 0), "page")}, not ${pagesText}.`
                : trialLeft === 0
                  ? "No free pages are left today."
                  : `This is ${pagesText}; ${plural(trialLeft, "free page")} ${trialLeft === 1 ? "is" : "are"} left today.`}
              {quote.payer === "balance" || account ? topUp : null}
            </span>
            {quote.offerPages !== null ? (
              <button
                type="button"
                className="button button-secondary mt-2"
                onClick={() => setPagesWanted(String(quote.offerPages))}
                data-testid="offer-first-pages"
              >
                Extract the first {plural(quote.offerPages, "page")}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>

      {notice ? (
        <p role="status" className="notice notice-warn m-0" data-testid="upload-notice">
          {notice}
        </p>
      ) : null}

      {problem ? (
        <p role="alert" className="notice notice-error m-0" tabIndex={-1} ref={problemBox} data-testid="upload-problem">
          {problem}
        </p>
      ) : null}

      {uploading ? (
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span>{progress < 1 ? "Uploading…" : "Uploaded; starting the extraction…"}</span>
            <span>{Math.round(progress * 100)}%</span>
          </div>
          <progress className="h-3 w-full" max={1} value={progress} aria-label="Upload progress" />
        </div>
      ) : null}

      <button type="submit" className="button button-block" disabled={uploading}>
        {uploading ? "Uploading…" : "Extract tables"}
      </button>
    </form>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
