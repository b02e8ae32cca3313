// GET /v1/parse/{id}/export: a finished job's result as a download.
import { Readable } from "node:stream";
import type { Job } from "@prisma/client";
import { AppError } from "../errors";
import { contentDisposition, createExportStream, exportFileKind, parseExportFormat, type ExportFormat } from "../export";
import type { Result } from "../result/schema";
import { getJobFiles, type JobImages } from "../storage/job-files";
import { readResult } from "./job-view";

export async function exportJob(job: Job, formatParam: string | null): Promise<Response> {
  const format = parseExportFormat(formatParam);
  if (job.state === "failed")
    throw new AppError("conflict", "the extraction failed, so there is nothing to export; submit the document again");
  if (job.state !== "done") throw new AppError("conflict", "the extraction is not finished yet; poll until status is done");
  const result = await readResult(job.id);
  return exportResponse(format, result, job.fileName, getJobFiles().images(job.id));
}

/** A streamed download; the checks that can fail with a status run before the first byte. */
export async function exportResponse(format: ExportFormat, result: Result, fileName: string, images?: JobImages): Promise<Response> {
  const stream = await createExportStream(format, result, { imageDir: images });
  // CSV of several tables is a zip of one CSV per table (lib/export/csv-files.ts).
  const kind = exportFileKind(format, result);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      "content-type": kind.contentType,
      "content-disposition": contentDisposition(fileName, kind.extension),
      "cache-control": "no-store",
    },
  });
}
