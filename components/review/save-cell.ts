// The review page's requests: confirm a cell, or undo the latest change to it, naming the
// version the reviewer saw (POST /jobs/{id}/review/cells); reshape a table, or undo the latest
// reshaping (POST /jobs/{id}/review/structure). A stale version is answered 409.
import type { Cell, Table } from "@/lib/result/schema";
import type { StructureOpInput } from "@/lib/review/structure/ops";

type Refused = { ok: false; status: number; detail: string };
export type SaveAnswer = { ok: true; version: number; cell: Cell } | Refused;
export type StructureAnswer = { ok: true; structure: number; tables: Table[]; versions: Record<string, number> } | Refused;

async function post<T>(url: string, body: unknown): Promise<{ ok: true; body: T } | Refused> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, detail: "the server could not be reached; check your connection and try again" };
  }
  const answer = (await response.json().catch(() => ({}))) as T & { detail?: string };
  if (response.ok) return { ok: true, body: answer };
  return { ok: false, status: response.status, detail: answer.detail ?? `the save was refused (${response.status})` };
}

export async function saveCell(
  jobId: string,
  body: { cell: string; version: number; structure: number; action: "confirm" | "revert"; value?: string },
): Promise<SaveAnswer> {
  const answer = await post<{ version?: number; cell?: Cell }>(`/jobs/${jobId}/review/cells`, body);
  if (!answer.ok) return answer;
  if (answer.body.cell && typeof answer.body.version === "number")
    return { ok: true, version: answer.body.version, cell: answer.body.cell };
  return { ok: false, status: 500, detail: "the server's answer could not be read" };
}

export async function saveStructure(
  jobId: string,
  body: { version: number; action: "apply" | "revert"; op?: StructureOpInput; image?: string },
): Promise<StructureAnswer> {
  const answer = await post<{ structure?: number; tables?: Table[]; versions?: Record<string, number> }>(
    `/jobs/${jobId}/review/structure`,
    body,
  );
  if (!answer.ok) return answer;
  const { structure, tables, versions } = answer.body;
  if (typeof structure === "number" && tables && versions) return { ok: true, structure, tables, versions };
  return { ok: false, status: 500, detail: "the server's answer could not be read" };
}
