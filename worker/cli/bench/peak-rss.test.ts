import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { peakRssMb } from "./peak-rss";

test("a process's peak RSS is its own, not that of the larger process that spawned it", (t) => {
  if (process.platform !== "linux") return t.skip("VmHWM is Linux's");
  // Make this process large (every page touched), then spawn a small one.
  const ballast = Buffer.alloc(300 * 1024 * 1024);
  ballast.fill(1);
  const parent = peakRssMb();
  assert.ok(parent >= 300, `parent ${parent} MB`);
  const child = Number(
    execFileSync(
      process.execPath,
      ["--import", "tsx", "-e", `import("${import.meta.dirname}/peak-rss.ts").then((m) => console.log(m.peakRssMb()))`],
      {
        encoding: "utf8",
      },
    ).trim(),
  );
  assert.ok(child > 10 && child < parent - 150, `child ${child} MB, parent ${parent} MB`);
  // getrusage's maxrss, read the same way in a child, counts the parent's 300 MB: why VmHWM is used.
  const rusage = Number(
    execFileSync(process.execPath, ["-e", "console.log(Math.round(process.resourceUsage().maxRSS / 1024))"], { encoding: "utf8" }).trim(),
  );
  assert.ok(rusage >= 300, `getrusage ${rusage} MB, parent ${parent} MB`);
  ballast.fill(0);
});
