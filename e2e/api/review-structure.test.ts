// The structure endpoint: POST /jobs/{id}/review/structure reshapes a table for the
// job's owner; GET /v1/parse/{id} shows it at once; every change is a StructureEdit row; a change
// against a stale structure version is 409 and changes nothing, and so is a value edit whose cell
// references are from before the change; an edit that does not fit the table is 400 {detail};
// undo takes the latest change back; another account 404, no session 401, another site 403.
// Header cells merge and split; confirming a table's structure makes its cells `confirmed` with
// `human-review` except those whose readings disagree about the value (API, csv and xlsx).
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { after, before, describe, test } from "node:test";
import type { Result } from "../../lib/result/schema";
import { createKey, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeDisputed, tablePdfBytes } from "../support/review";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let key: string;
let owner: string;
let jobId: string;

function post(path: "structure" | "cells", body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${stack.baseUrl}/jobs/${jobId}/review/${path}`, {
    method: "POST",
    headers: { "user-agent": USER_AGENT, "content-type": "application/json", origin: stack.baseUrl, cookie: owner, ...headers },
    body: JSON.stringify(body),
  });
}

async function tables(): Promise<Result["tables"]> {
  const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
  return (job.body.result as Result).tables;
}

const values = (result: Result["tables"]) => result.map((t) => t.rows.map((row) => row.map((cell) => cell.value)));

before(async () => {
  stack = await startStack();
  key = await createKey(stack, "shaper@example.com");
  owner = await signIn(stack, "shaper@example.com");
  const accepted = await submit(stack, { bytes: await tablePdfBytes(), name: "ruled.pdf", headers: { authorization: `Bearer ${key}` } });
  assert.equal(accepted.status, 202);
  jobId = String(accepted.body.id);
  assert.equal((await waitForJob(stack, jobId, { authorization: `Bearer ${key}` })).body.status, "done");
});

after(async () => {
  await stack?.stop();
});

describe("review structure", () => {
  test("split a table: the API shows two tables; a stale change or value edit is 409 and changes nothing; undo restores", async () => {
    assert.deepEqual(values(await tables()), [
      [
        ["Apples", "3", "1.20"],
        ["Pears", "12", "0.80"],
        ["Plums", "7", "2.10"],
      ],
    ]);
    const split = await post("structure", { version: 0, op: { kind: "split-table", page: 1, table: 0, row: 2 } });
    assert.equal(split.status, 200);
    const answer = (await split.json()) as { structure: number; tables: Result["tables"] };
    assert.equal(answer.structure, 1);
    assert.deepEqual(values(answer.tables), [
      [
        ["Apples", "3", "1.20"],
        ["Pears", "12", "0.80"],
      ],
      [["Plums", "7", "2.10"]],
    ]);
    assert.deepEqual(values(await tables()), values(answer.tables));

    const stale = await post("structure", { version: 0, op: { kind: "merge-next", page: 1, table: 0 } });
    assert.equal(stale.status, 409);
    assert.match(((await stale.json()) as { detail: string }).detail, /reload the page/);
    const staleCell = await post("cells", { cell: "1:1:0:0", version: 0, structure: 0, action: "confirm" });
    assert.equal(staleCell.status, 409);
    assert.equal((await tables()).length, 2);

    // A value edit at the current version lands on the new table's cell.
    const cell = await post("cells", { cell: "1:1:0:0", version: 0, structure: 1, action: "confirm", value: "Plums!" });
    assert.equal(cell.status, 200);
    assert.equal((await tables())[1]!.rows[0]![0]!.value, "Plums!");

    const undo = await post("structure", { version: 1, action: "revert" });
    assert.equal(undo.status, 200);
    assert.deepEqual(values(await tables()), [
      [
        ["Apples", "3", "1.20"],
        ["Pears", "12", "0.80"],
        ["Plums", "7", "2.10"],
      ],
    ]);
    const rows = await stack.query<{ version: number; action: string; userId: string | null }>(
      `SELECT version, action, "userId" FROM "StructureEdit" WHERE "jobId" = $1 ORDER BY version`,
      [jobId],
    );
    assert.deepEqual(
      rows.map((r) => [r.version, r.action]),
      [
        [1, "apply"],
        [2, "revert"],
      ],
    );
    assert.ok(rows.every((r) => r.userId !== null));
    const nothing = await post("structure", { version: 2, action: "revert" });
    assert.equal(nothing.status, 409);
  });

  test("an edit that does not fit is 400 {detail}; another account 404; no session 401; another site 403", async () => {
    const misfit = await post("structure", { version: 2, op: { kind: "split-table", page: 1, table: 0, row: 3 } });
    assert.equal(misfit.status, 400);
    assert.match(((await misfit.json()) as { detail: string }).detail, /split before its second row/);
    const noTable = await post("structure", { version: 2, op: { kind: "mark-header", page: 4, table: 0 } });
    assert.equal(noTable.status, 400);
    assert.deepEqual(await noTable.json(), { detail: "there is no table 1 on page 4" });
    assert.equal((await post("structure", { version: 2, op: { kind: "explode" } })).status, 400);
    const stranger = await signIn(stack, "stranger@example.com");
    const other = await post("structure", { version: 2, op: { kind: "unmark-header", page: 1, table: 0 } }, { cookie: stranger });
    assert.equal(other.status, 404);
    assert.equal((await post("structure", { version: 2, action: "revert" }, { cookie: "" })).status, 401);
    assert.equal((await post("structure", { version: 2, action: "revert" }, { origin: "http://evil.example" })).status, 403);
    const edits = await stack.query(`SELECT id FROM "StructureEdit" WHERE "jobId" = $1`, [jobId]);
    assert.equal(edits.length, 2, "refused changes leave no row");
  });

  test("a value edit made before a structure change can be undone once the change is undone, and not while the cell under its name is another", async () => {
    const [version] = await stack.query<{ max: number }>(`SELECT max(version) AS max FROM "StructureEdit" WHERE "jobId" = $1`, [jobId]);
    let structure = Number(version!.max);
    const confirm = await post("cells", { cell: "1:0:1:0", version: 0, structure, action: "confirm", value: "Birnen" });
    assert.equal(confirm.status, 200);
    // Delete the first row: "1:0:1:0" now names Plums, not the edited cell.
    assert.equal((await post("structure", { version: structure, op: { kind: "delete-row", page: 1, table: 0, row: 0 } })).status, 200);
    structure += 1;
    assert.deepEqual(values(await tables()), [
      [
        ["Birnen", "12", "0.80"],
        ["Plums", "7", "2.10"],
      ],
    ]);
    const wrongCell = await post("cells", { cell: "1:0:1:0", version: 1, structure, action: "revert" });
    assert.equal(wrongCell.status, 409);
    assert.equal((await tables())[0]!.rows[1]![0]!.value, "Plums");
    // Undo the deletion: the name means the edited cell again, and its edit can be undone.
    assert.equal((await post("structure", { version: structure, action: "revert" })).status, 200);
    structure += 1;
    const undo = await post("cells", { cell: "1:0:1:0", version: 1, structure, action: "revert" });
    assert.equal(undo.status, 200);
    assert.deepEqual(values(await tables()), [
      [
        ["Apples", "3", "1.20"],
        ["Pears", "12", "0.80"],
        ["Plums", "7", "2.10"],
      ],
    ]);
  });

  test("header cells merge and split; confirming the structure settles every cell but those whose readings disagree; csv and xlsx show it", async () => {
    const disputed = makeDisputed(stack, jobId);
    const [version] = await stack.query<{ max: number }>(`SELECT max(version) AS max FROM "StructureEdit" WHERE "jobId" = $1`, [jobId]);
    let structure = Number(version!.max);
    const apply = async (op: Record<string, unknown>) => {
      const response = await post("structure", { version: structure, op: { page: 1, table: 0, ...op } });
      if (response.status === 200) structure += 1;
      return response;
    };
    assert.equal((await apply({ kind: "merge-cells", row: "h", col: 0 })).status, 200);
    assert.deepEqual((await tables())[0]!.header, ["Item Qty", "", "Price"]);
    assert.equal((await apply({ kind: "split-cell", row: "h", col: 0, parts: ["Item", "Qty"] })).status, 200);
    assert.deepEqual((await tables())[0]!.header, ["Item", "Qty", "Price"]);
    // Merged down, the first row joins the header (names on two lines); undone, it is data again.
    assert.equal((await apply({ kind: "merge-cells", row: "h", col: 0, direction: "down" })).status, 200);
    const twoLines = (await tables())[0]!;
    assert.deepEqual(twoLines.header, ["Item Apples", "Qty 3", "Price 1.20"]);
    assert.equal(twoLines.rows.length, 2);
    assert.equal((await post("structure", { version: structure, action: "revert" })).status, 200);
    structure += 1;
    assert.deepEqual((await tables())[0]!.header, ["Item", "Qty", "Price"]);

    const stale = await post("structure", { version: structure - 1, op: { kind: "confirm-structure", page: 1, table: 0 } });
    assert.equal(stale.status, 409);
    assert.equal((await apply({ kind: "confirm-structure" })).status, 200);
    const [table] = await tables();
    const level = (ref: string) => {
      const [, , row, col] = ref.split(":");
      return row === "h" ? table!.header_cells[Number(col)]! : table!.rows[Number(row)]![Number(col)]!;
    };
    for (const ref of [disputed.disputed, disputed.second]) {
      assert.equal(level(ref).confidence, "disputed", `${ref}: its readings disagree, so confirming the structure leaves it to a person`);
      assert.equal(level(ref).provisional, true);
    }
    const others = [...table!.header_cells, ...table!.rows.flat()].filter((cell) => cell.confidence !== "disputed");
    assert.equal(others.length, 10);
    for (const cell of others) {
      assert.equal(cell.confidence, "confirmed");
      assert.ok(cell.sources.includes("human-review"));
    }
    assert.equal((await apply({ kind: "confirm-structure" })).status, 400, "nothing left to settle");
    const rows = await stack.query<{ op: { kind: string } | null }>(
      `SELECT op FROM "StructureEdit" WHERE "jobId" = $1 ORDER BY version DESC LIMIT 1`,
      [jobId],
    );
    assert.equal(rows[0]!.op!.kind, "confirm-structure");

    const csv = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=csv`, {
      headers: { authorization: `Bearer ${key}`, "user-agent": USER_AGENT },
    });
    assert.equal((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")[0], "Item,Qty,Price");
    const xlsx = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=xlsx`, {
      headers: { authorization: `Bearer ${key}`, "user-agent": USER_AGENT },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const audit: string[][] = [];
    book.getWorksheet("cells")!.eachRow((row) => audit.push((row.values as unknown[]).slice(1, 7).map((value) => String(value ?? ""))));
    assert.deepEqual(audit.filter((row) => row[5] === "confirmed").length, 10);
    assert.deepEqual(
      audit.filter((row) => row[5] === "disputed").map((row) => row.slice(2, 4)),
      [
        ["0", "2"],
        ["1", "2"],
      ],
    );
    assert.ok(audit.some((row) => row[2] === "header" && row[4] === "Qty" && row[5] === "confirmed"));

    // Undone: the cells are as they were before the confirmation.
    assert.equal((await post("structure", { version: structure, action: "revert" })).status, 200);
    assert.equal((await tables())[0]!.rows[2]![0]!.confidence, "unverified");
  });
});
