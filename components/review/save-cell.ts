// The review page's one request: confirm a cell, or undo the latest change to it, naming the
// version the reviewer saw (POST /jobs/{id}/review/cells; a stale version is answered 409).
import type { Cell } from "@/lib/result/schema";

export type SaveAnswer = { ok: true; version: number; cell: Cell } | { ok: false; status: number; detail: string };

export async function saveCell(jobId: string, body: { cell: string; version: number; action: "confirm" | "revert"; value?: string }): Promise<SaveAnswer> {
  let response: Response;
  try {
    response = await fetch(`/jobs/${jobId}/review/cells`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, detail: "the server could not be reached; check your connection and try again" };
  }
  const answer = (await response.json().catch(() => ({}))) as { version?: number; cell?: Cell; detail?: string };
  if (response.ok && answer.cell && typeof answer.version === "number") return { ok: true, version: answer.version, cell: answer.cell };
  return { ok: false, status: response.status, detail: answer.detail ?? `the save was refused (${response.status})` };
}
