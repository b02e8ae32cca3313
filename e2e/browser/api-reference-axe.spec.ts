// The API reference with every operation opened (parameters, responses, schemas shown): no
// serious axe finding, colour contrast included (Swagger UI's own colours are not all readable).
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test("the API reference, every operation open: no serious axe finding", async ({ page }) => {
  await page.goto("/api-reference");
  const ui = page.getByTestId("swagger-ui");
  await expect(ui.getByText("/v1/parse", { exact: true }).first()).toBeVisible();
  const summaries = ui.locator(".opblock-summary-control");
  const count = await summaries.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) await summaries.nth(i).click();
  await expect(ui.locator(".opblock.is-open")).toHaveCount(count);
  // The schemas at the bottom, opened too.
  const models = ui.locator(".models-control");
  if (await models.count()) await models.first().click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 6)
          .map((n) => `${n.target.join(" ")} ${n.any.map((c) => c.message).join(" ")}`)
          .join(" | ")}`,
    );
  expect(serious).toEqual([]);
});
