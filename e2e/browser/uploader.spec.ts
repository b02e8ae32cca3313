// The uploader's first-use rough edges: a file that is not a PDF is refused the moment it is
// dropped, in plain words (an image, a spreadsheet, anything else), with the focus on the message;
// Extract then asks for a PDF instead of sending the file; two PDFs dropped at once say which one
// is kept; a refusal from the server after Extract takes the focus too.
import type { Page } from "@playwright/test";
import { makeTextPdf } from "../support/pdfs";
import { dropPdf, expect, stackTest } from "./fixtures";

const test = stackTest({ WEB_TRIAL_PAGES_PER_DAY: "10" });

/** Drops files of any type on the uploader, as a desktop drop does. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; bytes: Uint8Array }>): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list)
        transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: Buffer.from(f.bytes).toString("base64") })),
  );
  await page.dispatchEvent('[data-testid="drop-zone"]', "dragover", { dataTransfer });
  await page.dispatchEvent('[data-testid="drop-zone"]', "drop", { dataTransfer });
}

test("a dropped .txt, CSV or PNG is refused at once in plain words, with the focus on the message", async ({ page }) => {
  await page.goto("/");
  const problem = page.getByTestId("upload-problem");
  for (const [file, words] of [
    [{ name: "notes.txt", type: "text/plain", bytes: new TextEncoder().encode("just some notes\n") }, /“notes\.txt” is not a PDF/],
    [
      { name: "data.csv", type: "text/csv", bytes: new TextEncoder().encode("name,amount\nalpha,1\nbeta,2\n") },
      /“data\.csv” is a spreadsheet/,
    ],
    [
      { name: "scan.png", type: "image/png", bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) },
      /“scan\.png” is an image/,
    ],
  ] as const) {
    await dropFiles(page, [file]);
    await expect(problem).toHaveText(words);
    await expect(problem).not.toContainText("switched off");
    await expect(problem).toBeFocused();
    // Nothing was taken: the drop zone still asks for a PDF.
    await expect(page.getByTestId("drop-zone")).toContainText("Drop a PDF here");
  }
  // Extract with nothing accepted asks for a PDF; nothing is sent, and the focus is on the message.
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(problem).toHaveText(/Choose a PDF first/);
  await expect(problem).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
});

test("two PDFs dropped at once: the first is kept and the page says so", async ({ page }) => {
  await page.goto("/");
  const one = await makeTextPdf(1);
  const two = await makeTextPdf(2);
  await dropFiles(page, [
    { name: "first.pdf", type: "application/pdf", bytes: one },
    { name: "second.pdf", type: "application/pdf", bytes: two },
  ]);
  await expect(page.getByTestId("upload-notice")).toHaveText(/2 files were dropped.*only “first\.pdf” is kept/);
  await expect(page.getByTestId("drop-zone")).toContainText("first.pdf");
  await expect(page.getByTestId("file-facts")).toContainText("1 page");
  // A single PDF dropped afterwards clears the notice.
  await dropPdf(page, two, "second.pdf");
  await expect(page.getByTestId("upload-notice")).toHaveCount(0);
  await expect(page.getByTestId("file-facts")).toContainText("2 pages");
});
