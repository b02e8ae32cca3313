"use client";
// The landing page's uploader: drop a PDF (or pick one), optionally limit the pages and choose
// batch, see what it costs (signed in) or how many free pages are left (anonymous), watch the
// upload, then go to the job's page.
import { useRouter } from "next/navigation";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { countPdfPages } from "../pdf/load-pdfjs";
import { sendUpload } from "./send-upload";

export interface UploadFormProps {
  /** Signed in: charged to the balance. */
  account: { balanceUsd: number; priceUsd: number; batchPriceUsd: number } | null;
  /** Anonymous: the web trial. */
  trial: { pagesLeft: number; pagesPerDay: number } | null;
}

/** "$0.06", "$0.036", "$12.40": cents, and more digits only where the amount has them. */
function usd(value: number): string {
  const cents = value.toFixed(2);
  return Math.abs(Number(cents) - value) < 1e-9 ? `$${cents}` : `$${Number(value.toFixed(4))}`;
}

/** The web trial's refusal in the visitor's terms (the API's words speak of pages= and seconds). */
const TRIAL_USED_UP = "You have used today's free pages on the web trial. Sign in to go on with a balance, or come back after midnight UTC.";

export function UploadForm({ account, trial }: UploadFormProps) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [pagesWanted, setPagesWanted] = useState("");
  const [batch, setBatch] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(chosen: File | undefined) {
    setProblem(null);
    if (!chosen) return;
    setFile(chosen);
    setPageCount(null);
    setPageCount(await countPdfPages(chosen));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  const wanted = /^\d+$/.test(pagesWanted.trim()) ? Number(pagesWanted.trim()) : null;
  const pages = pageCount === null ? wanted : Math.min(wanted ?? pageCount, pageCount);
  const unitPrice = account ? (batch ? account.batchPriceUsd : account.priceUsd) : 0;
  const cost = account && pages !== null ? pages * unitPrice : null;
  const overTrial = trial !== null && pages !== null && pages > trial.pagesLeft;
  const overBalance = account !== null && cost !== null && cost > account.balanceUsd + 1e-9;
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
      if (answer.status === 429 && trial) setProblem(TRIAL_USED_UP);
      else setProblem(answer.body.detail ? capitalise(answer.body.detail) : `The upload was refused (${answer.status}).`);
    } catch (error) {
      setProblem(capitalise(error instanceof Error ? error.message : "the upload failed"));
    }
    setProgress(null);
  }

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
        <p className="m-0 text-lg font-semibold">{file ? file.name : "Drop a PDF here"}</p>
        <p id="upload-help" className="muted mt-1 mb-3">
          {file
            ? `${(file.size / 1024 / 1024).toFixed(1)} MB${pageCount !== null ? `, ${pageCount} page${pageCount === 1 ? "" : "s"}` : ""}`
            : "or choose one from your computer. PDF only, up to 600 MB."}
        </p>
        <button type="button" className="button button-secondary" onClick={() => input.current?.click()} disabled={uploading}>
          {file ? "Choose another PDF" : "Choose a PDF"}
        </button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="PDF file"
          data-testid="file-input"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>

      <div className="row">
        <div className="grow">
          <label htmlFor="pages">Pages (optional)</label>
          <input
            id="pages"
            type="number"
            min={1}
            inputMode="numeric"
            placeholder="all pages"
            value={pagesWanted}
            onChange={(event) => setPagesWanted(event.target.value)}
            aria-describedby="pages-help"
          />
          <p id="pages-help" className="muted m-0 text-sm">
            Only the first N pages are read.
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
        {account ? (
          <>
            <strong>
              {cost !== null ? `This costs ${usd(cost)}` : `${usd(unitPrice)} per page`}
            </strong>
            {cost !== null ? ` (${pages} page${pages === 1 ? "" : "s"} × ${usd(unitPrice)})` : ""}, charged to your balance of {usd(account.balanceUsd)}. Pages that fail are
            never charged.
            {overBalance ? (
              <span className="mt-1 block text-[#8c1d18]">
                Your balance is too low for this. <a href="/account">Top up on your account page</a> or ask for fewer pages.
              </span>
            ) : null}
          </>
        ) : trial ? (
          <>
            <strong data-testid="trial-left">
              {trial.pagesLeft} of {trial.pagesPerDay} free pages left today
            </strong>{" "}
            on the web trial. <a href="/sign-in?callbackUrl=%2F">Sign in</a> to go beyond it and to review cells.
            {overTrial ? (
              <span className="mt-1 block text-[#8c1d18]">
                {trial.pagesLeft === 0
                  ? "No free pages are left today."
                  : `This is more pages than you have left today: ask for ${trial.pagesLeft} page${trial.pagesLeft === 1 ? "" : "s"} or fewer.`}
              </span>
            ) : null}
          </>
        ) : null}
      </div>

      {problem ? (
        <p role="alert" className="notice notice-error m-0">
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
