// Browser journeys (e2e/browser): the real web and worker processes over a throwaway embedded
// Postgres (global-setup.ts), driven through Debian's Chromium (`apt-get install chromium`):
// Playwright's own browser download is not reachable from these machines.
import { defineConfig } from "@playwright/test";

const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e/browser",
  testMatch: "*.spec.ts",
  globalSetup: "./e2e/browser/global-setup.ts",
  outputDir: "test-results",
  // One stack (web + worker) per worker process; the journeys are few, so one worker is fastest.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
