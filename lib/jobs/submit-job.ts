// POST /v1/parse after the upload has landed in storage: validate, inspect, create the job (which
// is also its queue entry) in one transaction, answer 202.
import type { Caller } from "../auth/resolve-caller";
import { callerUserId } from "../auth/resolve-caller";
import { holdFunds } from "../billing/hold-funds";
import { pricePerPageMicros } from "../billing/prices";
import { getDb } from "../db";
import { getEnv } from "../env";
import { badRequest } from "../errors";
import { convertUploadIsolated, inspectPdfIsolated } from "../pdf/isolated-inspect";
import { PdfOpenError } from "../pdf/open-pdf";
import { getJobFiles } from "../storage/job-files";
import type { ReceivedUpload } from "../upload/receive-upload";
import { sniffFormat } from "../upload/sniff-format";
import { assertTrialAvailable, reserveTrialPages, trialPagesLeft } from "../quota/trial";
import { withSubmissionSlot } from "../db/submission-gate";
import type { Job, Prisma } from "@prisma/client";
import { webPayer } from "../billing/web-payer";
import { notifyJobQueued } from "./job-wakeup";

export interface SubmitOptions {
  caller: Caller;
  upload: ReceivedUpload;
  /** "api" or "web": which free-trial quota an anonymous submission counts against. */
  channel: "api" | "web";
  /** Digest of the anonymous web uploader's browser token, so its account can claim the job later. */
  browserTokenDigest?: string | null;
}

export function parsePagesField(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) throw badRequest("pages must be a whole number of at least 1");
  const pages = Number(text);
  if (pages < 1) throw badRequest("pages must be at least 1");
  return pages;
}

export function parseModeField(raw: string | undefined): "realtime" | "batch" {
  if (raw === undefined || raw.trim() === "") return "realtime";
  if (raw.trim() === "batch") return "batch";
  throw badRequest("mode must be batch, or left out for realtime");
}

/** The check that costs one indexed read and no parsing, run before the upload is opened: an
 * anonymous caller with no trial left is refused without its PDF ever reaching pdf.js. Not before
 * the body is read: a request body nobody reads yet is buffered by the framework (a 40 MB upload
 * grew the web process by 25 MB while one query ran). An account short of money is refused by
 * the hold, after the isolated inspection has counted the pages: a 402 must say what the whole
 * document costs (a one-page guess told a customer $0.06 for a three-page document). */
export async function admitSubmission(caller: Caller, channel: "api" | "web"): Promise<void> {
  if (caller.kind === "anonymous") await assertTrialAvailable(getDb(), caller.address, channel);
}

export async function submitJob({ caller, upload, channel, browserTokenDigest = null }: SubmitOptions): Promise<Job> {
  const env = getEnv();
  const files = getJobFiles();
  const id = upload.jobId;
  let created = false;
  try {
    const requestedPages = parsePagesField(upload.fields.pages);
    const mode = parseModeField(upload.fields.mode);
    await admitSubmission(caller, channel);
    // Sniffed where it is stored, by byte ranges (ranged GETs on S3), never read whole; opened by
    // pdf.js only in an inspector process (lib/pdf/isolated-inspect.ts), which reads it the same way.
    const input = await files.openInput(id);
    const format = await sniffFormat(input).finally(() => input.close());
    if (format.kind === "unrecognised") throw badRequest(`unrecognised format: ${acceptedFormatsText(env.ACCEPT_FORMATS)}`);
    if (!env.ACCEPT_FORMATS.has(format.kind))
      throw badRequest(switchedOffDetail(format.kind === "pdf" ? "PDF" : format.label, env.ACCEPT_FORMATS));

    let inspection;
    try {
      const maxPages = Math.min(requestedPages ?? env.PDFPAGES_MAX_PAGES, env.PDFPAGES_MAX_PAGES);
      if (format.kind === "pdf") inspection = await inspectPdfIsolated({ jobId: id }, requestedPages === null ? null : maxPages);
      else if (!format.readable)
        throw badRequest(
          `${format.label} files are recognised but not read; save the file as ${format.kind === "image" ? "PNG" : "XLSX or CSV"}`,
        );
      // An image or spreadsheet becomes the job's PDF here (worker/pipeline/inputs), off this process.
      else
        inspection = await convertUploadIsolated(id, {
          kind: format.kind,
          format: format.format,
          maxPages,
          sheetName: sheetNameOf(upload.fileName),
        });
    } catch (error) {
      if (error instanceof PdfOpenError) throw badRequest(error.message);
      throw error;
    }
    const pages = Math.min(requestedPages ?? inspection.pageCount, inspection.pageCount, env.PDFPAGES_MAX_PAGES);

    const userId = callerUserId(caller);
    const accountPrice = userId ? pricePerPageMicros(mode) : 0n;
    // The job row is also its queue entry: creating it, paying for it (hold or trial pages)
    // and enqueueing it are one transaction, so a refusal leaves nothing behind.
    const job = await withSubmissionSlot(() =>
      getDb().$transaction(async (tx) => {
        const onTrial = caller.kind === "anonymous" || (await signedInWebTrial(tx, caller, channel, accountPrice * BigInt(pages), pages));
        const price = onTrial ? 0n : accountPrice;
        const held = price * BigInt(pages);
        const trialDay = onTrial ? await reserveTrialPages(tx, caller.address, channel, pages) : null;
        if (userId && !onTrial) await holdFunds(tx, userId, id, held);
        // Heard by the idle workers when this commits (lib/jobs/job-wakeup.ts).
        await notifyJobQueued(tx);
        return tx.job.create({
          data: {
            id,
            userId,
            anonAddress: onTrial ? caller.address : null,
            channel,
            mode,
            textLayer: inspection.textLayer,
            documentPages: inspection.pageCount,
            pages,
            pagesRequested: requestedPages !== null,
            fileName: upload.fileName || "document.pdf",
            fileSha256: upload.sha256,
            fileBytes: BigInt(upload.bytes),
            pricePerPageMicros: price,
            heldMicros: held,
            trialDay,
            browserTokenDigest: caller.kind === "anonymous" ? browserTokenDigest : null,
          },
        });
      }),
    );
    created = true;
    return job;
  } finally {
    // Refused (bad format, unreadable PDF, no money, over quota): the stored upload goes too.
    if (!created) await files.deleteJob(id).catch(() => undefined);
  }
}

/** A signed-in visitor on the web whose balance does not cover the document keeps the web trial
 * (lib/billing/web-payer.ts). The account row is locked first, as holdFunds does, so the
 * balance read here is the one the hold would see. */
async function signedInWebTrial(
  tx: Prisma.TransactionClient,
  caller: Caller,
  channel: "api" | "web",
  costMicros: bigint,
  pages: number,
): Promise<boolean> {
  if (caller.kind !== "session" || channel !== "web") return false;
  const [account] = await tx.$queryRaw<{ balanceMicros: bigint }[]>`
    SELECT "balanceMicros" FROM "User" WHERE id = ${caller.userId} FOR UPDATE`;
  if (!account) return false;
  const left = await trialPagesLeft(tx, caller.address, "web");
  return webPayer({ balanceMicros: account.balanceMicros, costMicros, pages, trialPagesLeft: left }) === "trial";
}

const KIND_NAMES = { pdf: "PDF", image: "images (PNG, JPEG, TIFF, WebP, GIF)", spreadsheet: "spreadsheets (XLSX, CSV)" } as const;

/** "only PDF is accepted", or the list ACCEPT_FORMATS switches on. */
function acceptedFormatsText(accepted: ReadonlySet<keyof typeof KIND_NAMES>): string {
  const names = (Object.keys(KIND_NAMES) as (keyof typeof KIND_NAMES)[])
    .filter((kind) => accepted.has(kind))
    .map((kind) => KIND_NAMES[kind]);
  return names.length === 1 && accepted.has("pdf") ? "only PDF is accepted" : `accepted are ${names.join(", ")}`;
}

/** The "format that is switched off" refusal: the file is fine, this service does not take it now. */
function switchedOffDetail(label: string, accepted: ReadonlySet<keyof typeof KIND_NAMES>): string {
  return `${label} files are supported by the pipeline but switched off; ${accepted.size === 1 && accepted.has("pdf") ? "only PDF is accepted for now" : acceptedFormatsText(accepted)}`;
}

/** A CSV's one sheet is named after the file, as a spreadsheet names it when it opens one. */
function sheetNameOf(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim();
  return base.slice(0, 100) || "Sheet1";
}
