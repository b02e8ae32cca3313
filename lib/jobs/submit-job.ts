// POST /v1/parse after the upload has landed in storage: validate, inspect, create the job (which
// is also its queue entry) in one transaction, answer 202.
import type { Caller } from "../auth/resolve-caller";
import { callerUserId } from "../auth/resolve-caller";
import { assertCanPayForOnePage, holdFunds } from "../billing/hold-funds";
import { pricePerPageMicros } from "../billing/prices";
import { getDb } from "../db";
import { getEnv } from "../env";
import { badRequest } from "../errors";
import { inspectPdfIsolated } from "../pdf/isolated-inspect";
import { PdfOpenError } from "../pdf/open-pdf";
import { getJobFiles } from "../storage/job-files";
import type { ReceivedUpload } from "../upload/receive-upload";
import { sniffFormat } from "../upload/sniff-format";
import { assertTrialAvailable, reserveTrialPages, trialPagesLeft } from "../quota/trial";
import { withSubmissionSlot } from "../db/submission-gate";
import type { Job, Prisma } from "@prisma/client";
import { webPayer } from "../billing/web-payer";

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

/** The checks that cost one indexed read and no parsing, run before the upload is
 * opened: a caller with no trial or no money left is refused without its PDF ever reaching
 * pdf.js. Not before the body is read: a request body nobody reads yet is buffered by the
 * framework (a 40 MB upload grew the web process by 25 MB while one query ran). */
export async function admitSubmission(caller: Caller, channel: "api" | "web", mode: "realtime" | "batch" = "batch"): Promise<void> {
  const db = getDb();
  if (caller.kind === "anonymous") await assertTrialAvailable(db, caller.address, channel);
  // A signed-in visitor on the web without the money keeps the web trial: the transaction decides.
  else if (!(caller.kind === "session" && channel === "web")) await assertCanPayForOnePage(db, caller.userId, pricePerPageMicros(mode));
}

export async function submitJob({ caller, upload, channel, browserTokenDigest = null }: SubmitOptions): Promise<Job> {
  const env = getEnv();
  const files = getJobFiles();
  const id = upload.jobId;
  let created = false;
  try {
    const requestedPages = parsePagesField(upload.fields.pages);
    const mode = parseModeField(upload.fields.mode);
    await admitSubmission(caller, channel, mode);
    // Sniffed where it is stored, by byte ranges (ranged GETs on S3), never read whole; opened by
    // pdf.js only in an inspector process (lib/pdf/isolated-inspect.ts), which reads it the same way.
    const input = await files.openInput(id);
    const format = await sniffFormat(input).finally(() => input.close());
    if (format.kind === "switched-off") {
      throw badRequest(`${format.label} files are supported by the pipeline but switched off; only PDF is accepted for now`);
    }
    if (format.kind === "unrecognised") throw badRequest("unrecognised format: only PDF is accepted");

    let inspection;
    try {
      inspection = await inspectPdfIsolated({ jobId: id }, requestedPages === null ? null : Math.min(requestedPages, env.PDFPAGES_MAX_PAGES));
    } catch (error) {
      if (error instanceof PdfOpenError) throw badRequest(error.message);
      throw error;
    }
    const pages = Math.min(requestedPages ?? inspection.pageCount, inspection.pageCount, env.PDFPAGES_MAX_PAGES);

    const userId = callerUserId(caller);
    const accountPrice = userId ? pricePerPageMicros(mode) : 0n;
    // The job row is also its queue entry: creating it, paying for it (hold or trial pages)
    // and enqueueing it are one transaction, so a refusal leaves nothing behind.
    const job = await withSubmissionSlot(() => getDb().$transaction(async (tx) => {
      const onTrial = caller.kind === "anonymous" || (await signedInWebTrial(tx, caller, channel, accountPrice * BigInt(pages), pages));
      const price = onTrial ? 0n : accountPrice;
      const held = price * BigInt(pages);
      const trialDay = onTrial ? await reserveTrialPages(tx, caller.address, channel, pages) : null;
      if (userId && !onTrial) await holdFunds(tx, userId, id, held);
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
    }));
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
async function signedInWebTrial(tx: Prisma.TransactionClient, caller: Caller, channel: "api" | "web", costMicros: bigint, pages: number): Promise<boolean> {
  if (caller.kind !== "session" || channel !== "web") return false;
  const [account] = await tx.$queryRaw<{ balanceMicros: bigint }[]>`
    SELECT "balanceMicros" FROM "User" WHERE id = ${caller.userId} FOR UPDATE`;
  if (!account) return false;
  const left = await trialPagesLeft(tx, caller.address, "web");
  return webPayer({ balanceMicros: account.balanceMicros, costMicros, pages, trialPagesLeft: left }) === "trial";
}
