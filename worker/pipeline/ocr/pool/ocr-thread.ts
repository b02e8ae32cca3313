// One OCR pool thread (ocr-pool.ts): holds its own engines, loaded on its first task of each
// engine, and runs one task at a time. ONNX Runtime's Node binding runs a session synchronously on
// the calling thread, so a second core is used only by a second thread with its own sessions.
// Each task's CPU time on this thread is returned with its result (process.threadCpuUsage), which
// is exact for PaddleOCR; tesseract.js computes in a thread of its own, so a Tesseract task shows
// only its messaging here.
import { parentPort, threadId } from "node:worker_threads";
import { PaddleEngine, type PaddleSessionName, type RecCrop } from "../paddle/paddle-engine";
import { TesseractEngine } from "../tesseract-engine";
import type { PageRender } from "../../render/render-page";
import type { BBox } from "../../../../lib/result/schema";
import type { ThreadReply, ThreadTask } from "./protocol";

let paddle: Promise<PaddleEngine> | null = null;
let tesseract: Promise<TesseractEngine> | null = null;

const getPaddle = () => (paddle ??= PaddleEngine.create());
const getTesseract = () => (tesseract ??= TesseractEngine.create());

async function runTask(task: ThreadTask): Promise<unknown> {
  const render = task.render as PageRender;
  switch (task.op) {
    case "paddle.load":
      await (await getPaddle()).session((task.args as PaddleSessionName | undefined) ?? "recognition");
      return threadId;
    case "paddle.detect":
      return (await getPaddle()).detectPage(render);
    case "paddle.batch":
      return (await getPaddle()).recogniseBatch(render, task.args as RecCrop[]);
    case "paddle.line-batch":
      return (await getPaddle()).recogniseBatch(render, task.args as RecCrop[], "line-recognition");
    case "paddle.marks":
      return (await getPaddle()).readMarks(render, task.args as BBox[]);
    case "paddle.survey":
      return (await getPaddle()).surveyLines(render, task.args as BBox[]);
    case "paddle.crops":
      return (await getPaddle()).readCrops(render, task.args as BBox[]);
    case "tesseract.page":
      return (await getTesseract()).readPage(render);
    case "tesseract.crops":
      return (await getTesseract()).readCrops(render, task.args as BBox[]);
    case "tesseract.crops-in": {
      const { boxes, language } = task.args as { boxes: BBox[]; language: string };
      return (await getTesseract()).readCropsIn(render, boxes, language);
    }
    case "memory":
      return process.memoryUsage();
    case "thread-id":
      return threadId;
    case "exit":
      process.exit(1);
  }
}

if (!parentPort) throw new Error("ocr-thread runs inside a worker thread (ocr-pool.ts)");
const port = parentPort;
port.on("message", (task: ThreadTask) => {
  const cpuBefore = process.threadCpuUsage();
  void runTask(task).then(
    (result) => {
      const cpu = process.threadCpuUsage(cpuBefore);
      port.postMessage({ id: task.id, ok: true, result, cpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies ThreadReply);
    },
    (error: unknown) => {
      port.postMessage({
        id: task.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        cpuSeconds: 0,
      } satisfies ThreadReply);
    },
  );
});
