// Browser test fixtures: one real stack (web + worker on their own database) per test worker, the
// browser pointed at it, and signing in by the magic link the web process logs (no SMTP_URL).
import { expect, test as base, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startStack, type Stack } from "../support/stack";

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, "..", "..", "artifacts");

/** Test functions whose worker-scoped stack runs with `env` on top of the test defaults (OCR off,
 * generous trial limits): e.g. `stackTest({ OCR_ENGINES: "ocr-1" })` for journeys through real OCR.
 * `env` may be a function, for settings known only once something else has started. */
export function stackTest(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}) {
  return base.extend<{ siteUrl: string }, { stack: Stack }>({
    stack: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
      async ({}, use) => {
        const stack = await startStack({ workers: 1, env: typeof env === "function" ? await env() : env });
        await use(stack);
        await stack.stop();
      },
      { scope: "worker", timeout: 90_000 },
    ],
    // NEXTAUTH_URL is left unset, so links name the default http://localhost:PORT; the browser uses
    // that same origin so the session cookie it gets is the one it sends.
    siteUrl: async ({ stack }, use) => {
      await use(stack.baseUrl.replace("127.0.0.1", "localhost"));
    },
    baseURL: async ({ siteUrl }, use) => {
      await use(siteUrl);
    },
  });
}

export const test = stackTest();

export { expect };

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`;
}

/** The sign-in link the web process logged for this address (waits for it to appear). */
export async function signInLink(stack: Stack, email: string): Promise<string> {
  const pattern = new RegExp(`\\[auth\\] sign-in link for ${email.replace(/[.+]/g, "\\$&")}: (\\S+)`);
  let link = "";
  await expect
    .poll(
      () => {
        link = pattern.exec(stack.web.output())?.[1] ?? "";
        return link;
      },
      { message: `sign-in link for ${email} in the web log` },
    )
    .not.toBe("");
  return link;
}

/** Signs in through the real form and magic link; lands on the account page. */
export async function signIn(page: Page, stack: Stack, email: string): Promise<void> {
  await page.goto("/sign-in?callbackUrl=%2Faccount");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/verify-request/);
  await page.goto(await signInLink(stack, email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
}

/** Full-page screenshots at desktop and phone widths, into artifacts/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Drops a file on the uploader the way a desktop does: a drop event carrying a DataTransfer. */
export async function dropPdf(page: Page, bytes: Uint8Array, name: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type: "application/pdf" }));
      return transfer;
    },
    { base64: Buffer.from(bytes).toString("base64"), fileName: name },
  );
  await page.dispatchEvent('[data-testid="drop-zone"]', "dragover", { dataTransfer });
  await page.dispatchEvent('[data-testid="drop-zone"]', "drop", { dataTransfer });
}

export function jobIdFrom(page: Page): string {
  const match = /\/jobs\/(job_[A-Za-z0-9_-]{22})/.exec(page.url());
  if (!match) throw new Error(`not on a job page: ${page.url()}`);
  return match[1]!;
}
