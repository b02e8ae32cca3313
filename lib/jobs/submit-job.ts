// POST /v1/parse after the upload has landed in storage: validate, inspect, create the job (which
// is also its queue entry) in one transaction, answer 202 (DESIGN.md §3 step 1).
import type { Caller } from "../auth/resolve-caller";
import { callerUserId } from "../auth/resolve-caller";
import { holdFunds } from "../billing/hold-funds";
import { pricePerPageMicros } from "../billing/prices";
import { getDb } from "../db";
import { getEnv } from "../env";
import { badRequest } from "../errors";
import { inspectPdf } from "../pdf/inspect-pdf";
import { PdfOpenError } from "../pdf/open-pdf";
import { getJobFiles } from "../storage/job-files";
import type { ReceivedUpload } from "../upload/receive-upload";
import { sniffFormat } from "../upload/sniff-format";
import { reserveTrialPages, trialPagesLeft } from "../quota/trial";
import type { Job, Prisma } from "@prisma/client";
import { webPayer } from "../billing/web-payer";

/** A burst of submissions queues for the pool's connections and, anonymous ones from one
 * address, behind the trial row's lock: Prisma's defaults (2 s to get a connection, 5 s to run)
 * turned a burst of 40 at once into 500s on a loaded 2-core machine (e2e/api/load.test.ts). A
 * submission that waits is better than one refused after its upload was accepted. */
const SUBMIT_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

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

export async function submitJob({ caller, upload, channel, browserTokenDigest = null }: SubmitOptions): Promise<Job> {
  const env = getEnv();
  const files = getJobFiles();
  const id = upload.jobId;
  let created = false;
  try {
    const requestedPages = parsePagesField(upload.fields.pages);
    const mode = parseModeField(upload.fields.mode);
    // Read where it is stored, by byte ranges: the head to sniff, the tail and a few objects to
    // inspect (ranged GETs on S3), never the whole file.
    const input = await files.openInput(id);
    const format = await sniffFormat(input).catch(async (error: unknown) => {
      await input.close();
      throw error;
    });
    if (format.kind !== "pdf") await input.close();
    if (format.kind === "switched-off") {
      throw badRequest(`${format.label} files are supported by the pipeline but switched off; only PDF is accepted for now`);
    }
    if (format.kind === "unrecognised") throw badRequest("unrecognised format: only PDF is accepted");

    let inspection;
    try {
      inspection = await inspectPdf(input, requestedPages === null ? null : Math.min(requestedPages, env.PDFPAGES_MAX_PAGES));
    } catch (error) {
      if (error instanceof PdfOpenError) throw badRequest(error.message);
      throw error;
    }
    const pages = Math.min(requestedPages ?? inspection.pageCount, inspection.pageCount, env.PDFPAGES_MAX_PAGES);

    const userId = callerUserId(caller);
    const accountPrice = userId ? pricePerPageMicros(mode) : 0n;
    // The job row is also its queue entry: creating it, paying for it (hold or trial pages)
    // and enqueueing it are one transaction, so a refusal leaves nothing behind.
    const job = await getDb().$transaction(async (tx) => {
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
    }, SUBMIT_TRANSACTION);
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
