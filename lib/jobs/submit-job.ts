// POST /v1/parse after the upload has landed on disk: validate, inspect, create the job (which
// is also its queue entry) in one transaction, answer 202 (DESIGN.md §3 step 1).
import fs from "node:fs";
import type { Caller } from "../auth/resolve-caller";
import { callerUserId } from "../auth/resolve-caller";
import { assertCanPayForOnePage, holdFunds } from "../billing/hold-funds";
import { pricePerPageMicros } from "../billing/prices";
import { getDb } from "../db";
import { getEnv } from "../env";
import { badRequest } from "../errors";
import { newJobId } from "../ids";
import { inspectPdfIsolated } from "../pdf/isolated-inspect";
import { PdfOpenError } from "../pdf/open-pdf";
import { storage } from "../storage/storage";
import type { ReceivedUpload } from "../upload/receive-upload";
import { sniffFormat } from "../upload/sniff-format";
import { assertTrialAvailable, reserveTrialPages } from "../quota/trial";
import { withSubmissionSlot } from "../db/submission-gate";
import type { Job } from "@prisma/client";

export interface SubmitOptions {
  caller: Caller;
  upload: ReceivedUpload;
  /** "api" or "web": which free-trial quota an anonymous submission counts against. */
  channel: "api" | "web";
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

/** The checks that cost one indexed read and no parsing (issue 14), run before the upload is
 * opened: a caller with no trial or no money left is refused without its PDF ever reaching
 * pdf.js. Not before the body is read: a request body nobody reads yet is buffered by the
 * framework (a 40 MB upload grew the web process by 25 MB while one query ran). */
export async function admitSubmission(caller: Caller, channel: "api" | "web", mode: "realtime" | "batch" = "batch"): Promise<void> {
  const db = getDb();
  if (caller.kind === "anonymous") await assertTrialAvailable(db, caller.address, channel);
  else await assertCanPayForOnePage(db, caller.userId, pricePerPageMicros(mode));
}

export async function submitJob({ caller, upload, channel }: SubmitOptions): Promise<Job> {
  const env = getEnv();
  try {
    const requestedPages = parsePagesField(upload.fields.pages);
    const mode = parseModeField(upload.fields.mode);
    await admitSubmission(caller, channel, mode);
    const format = await sniffFormat(upload.filePath);
    if (format.kind === "switched-off") {
      throw badRequest(`${format.label} files are supported by the pipeline but switched off; only PDF is accepted for now`);
    }
    if (format.kind === "unrecognised") throw badRequest("unrecognised format: only PDF is accepted");

    let inspection;
    try {
      inspection = await inspectPdfIsolated(upload.filePath, requestedPages === null ? null : Math.min(requestedPages, env.PDFPAGES_MAX_PAGES));
    } catch (error) {
      if (error instanceof PdfOpenError) throw badRequest(error.message);
      throw error;
    }
    const pages = Math.min(requestedPages ?? inspection.pageCount, inspection.pageCount, env.PDFPAGES_MAX_PAGES);

    const id = newJobId();
    const userId = callerUserId(caller);
    const price = userId ? pricePerPageMicros(mode) : 0n;
    const held = price * BigInt(pages);
    await storage.ensureDir(storage.jobDir(id));
    await fs.promises.rename(upload.filePath, storage.inputPath(id));
    try {
      // The job row is also its queue entry: creating it, paying for it (hold or trial pages)
      // and enqueueing it are one transaction, so a refusal leaves nothing behind.
      return await withSubmissionSlot(() => getDb().$transaction(async (tx) => {
        const trialDay = caller.kind === "anonymous" ? await reserveTrialPages(tx, caller.address, channel, pages) : null;
        if (userId) await holdFunds(tx, userId, id, held);
        return tx.job.create({
          data: {
            id,
            userId,
            anonAddress: caller.kind === "anonymous" ? caller.address : null,
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
          },
        });
      }));
    } catch (error) {
      await storage.removeJobFiles(id);
      throw error;
    }
  } finally {
    await fs.promises.rm(upload.filePath, { force: true });
  }
}
