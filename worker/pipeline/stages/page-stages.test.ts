// The declared page stages: their order and names, and how runPageStages runs any stage (applies,
// the failure stage, skipping, timing).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PAGE_STAGES } from "./page-stages";
import { runPageStages, type PageStage } from "./page-stage";
import type { PageContext } from "./page-context";
import { StageTimer } from "../stage-timer";
import type { SkippableStage } from "../pipeline-types";

test("the stages, in order, with the failure stage each records", () => {
  assert.deepEqual(
    PAGE_STAGES.map((stage) => [stage.name, stage.failsAs, stage.skippable ?? null, stage.timing ?? "stage"]),
    [
      ["ocr", "ocr", null, "parts"],
      ["scan", "scan", null, "stage"],
      ["assemble", "assemble", null, "parts"],
      ["vision-start", "structure", null, "stage"],
      ["structure", "structure", "structure", "parts"],
      ["ocr-cells", "ocr", null, "parts"],
      ["ocr-standing", "ocr", null, "stage"],
      ["ocr-scripts", "ocr", null, "stage"],
      ["vision", "reconcile", "reconcile", "stage"],
      ["reconcile", "reconcile", "reconcile", "stage"],
      ["scan-tie-break", "reconcile", "reconcile", "stage"],
      ["structure:vision", "structure-vote", "structure", "stage"],
      ["structure-vote", "structure-vote", "structure-vote", "stage"],
      ["boundary-vote", "structure-vote", "structure-vote", "stage"],
      ["to-page", "structure-vote", null, "stage"],
      ["vision-review", "structure-vote", "reconcile", "stage"],
      ["continuation", "structure-vote", null, "stage"],
      ["crops", "figures", "crops", "parts"],
    ],
  );
});

/** A context with only what runPageStages reads: the timer and the switched-off stages. */
function contextWith(skip: SkippableStage[]): PageContext {
  return { timer: new StageTimer(), run: { skip: new Set(skip) } } as unknown as PageContext;
}

test("a stage that applies sets the failure stage, runs and is timed; one that does not is passed over", async () => {
  const ran: string[] = [];
  const labels: string[] = [];
  const stages: PageStage[] = [
    { name: "a", failsAs: "first", run: () => void ran.push("a") },
    { name: "b", failsAs: "second", applies: () => false, run: () => void ran.push("b") },
    { name: "c", failsAs: "third", timing: "parts", run: () => void ran.push("c") },
  ];
  const ctx = contextWith([]);
  await runPageStages(stages, ctx, (failsAs) => labels.push(failsAs));
  assert.deepEqual(ran, ["a", "c"]);
  assert.deepEqual(labels, ["first", "third"]);
  // Timed under its name; a stage that times its parts adds no entry of its own.
  assert.deepEqual(Object.keys(ctx.timer.seconds), ["a"]);
});

test("a switched-off stage sets its failure stage but does not run; a failure stops the page", async () => {
  const ran: string[] = [];
  const labels: string[] = [];
  const stages: PageStage[] = [
    { name: "crops", failsAs: "figures", skippable: "crops", run: () => void ran.push("crops") },
    {
      name: "boom",
      failsAs: "assemble",
      run: () => {
        throw new Error("broken page");
      },
    },
    { name: "after", failsAs: "later", run: () => void ran.push("after") },
  ];
  await assert.rejects(
    runPageStages(stages, contextWith(["crops"]), (failsAs) => labels.push(failsAs)),
    /broken page/,
  );
  assert.deepEqual(ran, []);
  assert.deepEqual(labels, ["figures", "assemble"]);
});
