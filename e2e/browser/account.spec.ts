// The account journey in a real browser: sign in by magic link, create an API key and
// see it once, use it with the API, see usage and ledger, revoke it (401 at once); the account
// page refuses anonymous visitors and cross-site posts. Screenshots go to artifacts/.
import { admin, submit, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { expect, screenshots, signIn, signInLink, test, uniqueEmail } from "./fixtures";

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

test("anonymous visitors are sent to sign-in and come back to the account page", async ({ page, stack }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // GitHub is offered only when configured; this stack has no GITHUB_ID.
  await expect(page.getByRole("button", { name: /GitHub/ })).toHaveCount(0);
  await screenshots(page, "sign-in");

  const email = uniqueEmail("new");
  await signIn(page, stack, email);
  // Signing in created the account.
  const users = await stack.query(`SELECT id FROM "User" WHERE email = $1`, [email]);
  expect(users).toHaveLength(1);
  await expect(page.getByRole("main").getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toContainText(email);
  await expect(page.getByTestId("balance")).toHaveText("$0.00");

  // Signing out ends the session (its row is deleted); the used link does not sign in again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);
  await page.goto(await signInLink(stack, email));
  await expect(page.getByText("That sign-in link has expired or was already used")).toBeVisible();
});

test("a key is created, shown once, listed, used with the API and revoked", async ({ page, stack }) => {
  const email = uniqueEmail("keys");
  await signIn(page, stack, email);

  await page.getByLabel("Key name").fill("invoice importer");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key").locator("code");
  await expect(shown).toHaveText(/^pk_live_[A-Za-z0-9_-]{20,}$/);
  const key = (await shown.textContent())!.trim();
  await screenshots(page, "account-new-key");
  const keysTable = page.getByRole("table", { name: "API keys" });
  const row = keysTable.getByRole("row").filter({ hasText: "invoice importer" });
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).toContainText("active");
  // Only a digest is stored: the plaintext is nowhere in the database.
  const stored = await stack.query<{ digest: string; prefix: string }>(`SELECT digest, prefix FROM "ApiKey"`);
  expect(stored.some((entry) => entry.digest === key)).toBe(false);

  // Shown once: after a reload the list has the prefix only.
  await page.reload();
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  await admin(stack, ["credit", "--email", email, "--usd", "10"]);
  const answer = await submit(stack, { bytes: await makeTextPdf(1, "Quarterly figures"), name: "quarterly.pdf", headers: auth(key) });
  expect(answer.status).toBe(202);
  const done = await waitForJob(stack, String(answer.body.id), auth(key));
  expect(done.body.status).toBe("done");

  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText("$9.94");
  const usage = page.getByRole("table", { name: "Usage" });
  await expect(usage.getByRole("row").filter({ hasText: "quarterly.pdf" })).toContainText("$0.06");
  const ledger = page.getByRole("table", { name: "Ledger" });
  await expect(ledger).toContainText("+$10.00");
  await expect(ledger).toContainText("charge");
  await screenshots(page, "account");

  await row.getByRole("button", { name: "Revoke key invoice importer" }).click();
  await expect(page).toHaveURL(/\/account\?revoked=1$/);
  await expect(keysTable.getByRole("row").filter({ hasText: "invoice importer" })).toContainText("revoked");
  const refused = await submit(stack, { bytes: await makeTextPdf(1), headers: auth(key) });
  expect(refused.status).toBe(401);
});

test("the signed-in browser itself submits on the account's balance", async ({ page, stack }) => {
  const email = uniqueEmail("session");
  await signIn(page, stack, email);
  await admin(stack, ["credit", "--email", email, "--usd", "5"]);
  // A cookie counts on /v1 only from this site's own pages: the browser sends their Origin.
  const response = await page.request.post("/v1/parse", {
    headers: { "user-agent": "pdftables-browser-tests/1", origin: new URL(page.url()).origin },
    multipart: { file: { name: "mine.pdf", mimeType: "application/pdf", buffer: Buffer.from(await makeTextPdf(1)) } },
  });
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const [job] = await stack.query<{ email: string | null; anonAddress: string | null }>(
    `SELECT u.email, j."anonAddress" FROM "Job" j LEFT JOIN "User" u ON u.id = j."userId" WHERE j.id = $1`,
    [id],
  );
  expect(job).toEqual({ email, anonAddress: null });
});

test("cross-site posts to the key endpoints are refused", async ({ page, stack, playwright, siteUrl }) => {
  const email = uniqueEmail("csrf");
  await signIn(page, stack, email);
  const keyCount = async () =>
    (await stack.query(`SELECT k.id FROM "ApiKey" k JOIN "User" u ON u.id = k."userId" WHERE u.email = $1`, [email])).length;

  // The browser context carries the session cookie; only the Origin differs.
  const evil = await page.request.post("/account/keys", { headers: { origin: "http://evil.example" }, data: { name: "stolen" } });
  expect(evil.status()).toBe(403);
  expect(await evil.json()).toEqual({ detail: expect.stringContaining("did not come from this site") });
  const evilReferer = await page.request.post("/account/keys", {
    headers: { referer: "http://evil.example/page", "sec-fetch-site": "cross-site" },
    form: { name: "stolen" },
  });
  expect(evilReferer.status()).toBe(403);
  expect(await keyCount()).toBe(0);

  // The same request from this site's own origin works, so the 403 above was the origin check.
  const own = await page.request.post("/account/keys", { headers: { origin: siteUrl }, data: { name: "mine" } });
  expect(own.status()).toBe(201);
  const created = (await own.json()) as { id: string; key: string };
  expect(created.key).toMatch(/^pk_live_/);

  const evilRevoke = await page.request.post(`/account/keys/${created.id}/revoke`, {
    headers: { origin: "http://evil.example" },
    maxRedirects: 0,
  });
  expect(evilRevoke.status()).toBe(403);
  const [live] = await stack.query<{ revokedAt: Date | null }>(`SELECT "revokedAt" FROM "ApiKey" WHERE id = $1`, [created.id]);
  expect(live?.revokedAt).toBeNull();

  // Same origin but no session: 401, nothing created.
  const anonymous = await playwright.request.newContext({ baseURL: siteUrl });
  const noSession = await anonymous.post("/account/keys", { headers: { origin: siteUrl }, data: { name: "nobody" } });
  expect(noSession.status()).toBe(401);
  await anonymous.dispose();
  expect(await keyCount()).toBe(1);
});
