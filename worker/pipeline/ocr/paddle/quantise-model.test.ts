// The quantised line recognition (quantise-model.ts): the move to operator set 13 alone changes
// nothing; the quantised model reads a dense page's text-layer lines as the float model and the
// text layer do; a fresh calibration on a few generated documents gives ranges that do the same;
// and a ranges file that does not match the model is refused by name.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { openPdf } from "../../../../lib/pdf/open-pdf";
import { renderPageForOcr, type PageRender } from "../../render/render-page";
import { readPdfGraphics } from "../../readers/pdf-graphics";
import { readPdfText } from "../../readers/pdf-text";
import { SETTINGS } from "../../settings";
import type { BBox } from "../../../../lib/result/schema";
import type { Word as PageWord } from "../../types";
import { makeDenseTablePdf } from "../../../../tests/pdf/ocr-test-pdfs";
import { FAMILIES, generateCorpus } from "../../../../tests/pdf/corpus/generate";
import { OCR_SETTINGS } from "../settings";
import { foldModel } from "./fold-model";
import { withBestClassOutput } from "./best-class-output";
import { paddleModelDir } from "./model-dir";
import { loadActivationRanges, PaddleEngine } from "./paddle-engine";
import {
  activationParameters,
  calibrationTensors,
  quantiseModel,
  toOpset13,
  UNSIGNED_WEIGHT_ZERO_POINT,
  weightTypeForThisCpu,
} from "./quantise-model";
import { attributes, ELEM, opsetVersion, readModel, writeModel, type GraphNode } from "./onnx-graph";
import { ATTRIBUTE, decode, TENSOR, type Field } from "./onnx-proto";
import { planCropRecognition, planLineRecognition, recognitionInput } from "./recognition-plan";
import { textLayerLineBoxes } from "./text-layer-lines";
import { calibrateLineRecognition } from "./calibrate-quantised";

const recognitionModel = () =>
  withBestClassOutput(foldModel(fs.readFileSync(path.join(paddleModelDir(), "ch_PP-OCRv4_rec_infer.onnx"))).bytes);
const lineSettings = { ...OCR_SETTINGS.textLayerLines, enabled: true };
const sessionOptions: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" };

let work: string;
let render: PageRender;
let words: PageWord[];
let lines: BBox[];
let engine: PaddleEngine;

before(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "quantise-model-test-"));
  const file = path.join(work, "dense.pdf");
  await fs.promises.writeFile(file, await makeDenseTablePdf(1));
  const opened = await openPdf(file, { rendersEveryPage: true });
  const page = await opened.doc.getPage(1);
  await readPdfGraphics(page, SETTINGS);
  words = (await readPdfText(page, SETTINGS)).words;
  lines = textLayerLineBoxes(words, lineSettings);
  render = await renderPageForOcr(page, 1);
  await opened.close();
  engine = await PaddleEngine.create();
});

after(async () => {
  await engine?.release();
  await fs.promises.rm(work, { recursive: true, force: true });
});

/** The text-layer words whose centre lies in a word's box, joined (what the crop should read). */
function textLayerUnder(word: { bbox: BBox }): string {
  const [x0, y0, x1, y1] = word.bbox;
  return words
    .filter((w) => {
      const cx = (w.box[0] + w.box[2]) / 2;
      const cy = (w.box[1] + w.box[3]) / 2;
      return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    })
    .map((w) => w.text)
    .join("");
}

test("the model at operator set 13 gives the same classes and probabilities, bit for bit", async () => {
  const float = recognitionModel();
  const model = readModel(float);
  toOpset13(model);
  assert.equal(opsetVersion(model), 13);
  assert.equal(model.nodes.filter((n) => n.opType === "Slice" || n.opType === "Squeeze").length, 17);
  const [a, b] = [
    await ort.InferenceSession.create(float, sessionOptions),
    await ort.InferenceSession.create(writeModel(model), sessionOptions),
  ];
  try {
    const [batch] = planCropRecognition(render, lines, OCR_SETTINGS.paddle);
    const { data, dims } = recognitionInput(render, batch!, OCR_SETTINGS.paddle.recHeight);
    const feed = { x: new ort.Tensor("float32", data, dims) };
    const [oa, ob] = [await a.run(feed), await b.run(feed)];
    assert.deepEqual(ob.best_class!.data, oa.best_class!.data);
    assert.deepEqual(ob.best_prob!.data, oa.best_prob!.data);
    assert.ok(
      (oa.best_class!.data as Int32Array).some((c) => c !== 0),
      "the batch read nothing: the crops missed the text",
    );
  } finally {
    await Promise.all([a.release(), b.release()]);
  }
});

test("every pointwise and full convolution is quantised, from the committed ranges", async () => {
  const ranges = await loadActivationRanges();
  const model = readModel(recognitionModel());
  toOpset13(model);
  // PP-OCRv4 recognition: 51 convolutions, of which 27 are depthwise (kept in float).
  assert.deepEqual(Object.keys(ranges).sort(), calibrationTensors(model).sort());
  const { bytes, convolutions } = quantiseModel(recognitionModel(), ranges, OCR_SETTINGS.paddle.quantisedLineRecognition);
  assert.equal(convolutions, 24);
  const quantised = readModel(bytes);
  assert.equal(quantised.nodes.filter((n) => n.opType === "Conv").length, 51);
  // Each quantised convolution is the middle of a unit ONNX Runtime fuses into QLinearConv: its
  // input, weights (and bias) come out of DequantizeLinear, and its output goes only into
  // QuantizeLinear.
  const producer = new Map(quantised.nodes.flatMap((n) => n.output.map((o) => [o, n] as const)));
  const readers = (name: string) => quantised.nodes.filter((n) => n.input.includes(name));
  const units = quantised.nodes.filter((n) => n.opType === "Conv" && producer.get(n.input[1]!)?.opType === "DequantizeLinear");
  assert.equal(units.length, 24);
  for (const conv of units) {
    for (const input of conv.input) assert.equal(producer.get(input)?.opType, "DequantizeLinear", `${conv.output[0]} reads ${input}`);
    assert.deepEqual(
      readers(conv.output[0]!).map((n) => n.opType),
      ["QuantizeLinear"],
      conv.output[0],
    );
  }
});

test("the dense page's text-layer lines read the same with the quantised model as in float, and as the text layer", async () => {
  // As the pipeline reads them (readLines: crops no wider than floatMaxColumns stay in float),
  // against every crop in float.
  const quantisedCrops = planLineRecognition(render, lines, OCR_SETTINGS.paddle)
    .filter((b) => b.session === "line-recognition")
    .reduce((n, b) => n + b.batch.length, 0);
  assert.equal(lines.length, 370);
  assert.ok(quantisedCrops >= 300, `${quantisedCrops} of 370 crops quantised`);
  const float = await engine.readCrops(render, lines);
  const quantised = (await engine.readLines(render, lines, Infinity))!.words;
  assert.deepEqual(
    quantised.map((w) => w.text),
    float.map((w) => w.text),
  );
  const disagreeing = quantised.filter((w) => w.text.replace(/\s+/g, "") !== textLayerUnder(w));
  assert.deepEqual(
    disagreeing.map((w) => w.text),
    [],
  );
});

/** A Constant node's tensor: its element type and raw bytes. */
function constantBytes(node: { fields: Field[] } & { opType: string }): { type: number; raw: Uint8Array } {
  const tensor = decode(
    attributes(node)
      .get("value")!
      .find((f) => f.no === ATTRIBUTE.t)!.value as Uint8Array,
  );
  return {
    type: tensor.find((f) => f.no === TENSOR.dataType)!.value as number,
    raw: tensor.find((f) => f.no === TENSOR.rawData)!.value as Uint8Array,
  };
}

test("unsigned weights are the signed ones shifted by their zero point of 128: the same function", async () => {
  const ranges = await loadActivationRanges();
  const models = (["int8", "uint8"] as const).map((weightType) =>
    readModel(quantiseModel(recognitionModel(), ranges, { ...OCR_SETTINGS.paddle.quantisedLineRecognition, weightType }).bytes),
  );
  const [signed, unsigned] = models.map((m) => new Map(m.nodes.filter((n) => n.opType === "Constant").map((n) => [n.output[0]!, n])));
  const weights = [...signed!.keys()].filter((name) => name.endsWith("__q") && constantBytes(signed!.get(name)!).type === ELEM.INT8);
  assert.equal(weights.length, 24);
  for (const name of weights) {
    const [a, b] = [constantBytes(signed!.get(name)!), constantBytes(unsigned!.get(name)!)];
    assert.equal(b.type, ELEM.UINT8, name);
    // A signed byte v is stored as v & 255; its unsigned twin is v + 128: the byte with its top bit flipped.
    assert.deepEqual(
      b.raw,
      a.raw.map((byte) => byte ^ 0x80),
      name,
    );
    const zero = name.replace(/__q$/, "__zero");
    assert.ok(
      constantBytes(signed!.get(zero)!).raw.every((z) => z === 0),
      zero,
    );
    assert.ok(
      constantBytes(unsigned!.get(zero)!).raw.every((z) => z === UNSIGNED_WEIGHT_ZERO_POINT),
      zero,
    );
  }
  // Everything else (scales, biases, activations' pairs) is the same.
  const others = (m: Map<string, GraphNode>) =>
    [...m.entries()].filter(([name]) => !weights.includes(name) && !weights.includes(name.replace(/__zero$/, "__q")));
  assert.deepEqual(
    others(unsigned!).map(([name, node]) => [name, constantBytes(node)]),
    others(signed!).map(([name, node]) => [name, constantBytes(node)]),
  );
  assert.match(weightTypeForThisCpu(), /^u?int8$/);
});

test("an int8 activation covers zero exactly, whatever the range", () => {
  for (const range of [
    [-1, 3],
    [0.5, 2],
    [-7, -2],
    [-0.013, 41.7],
  ] as const) {
    const { scale, zeroPoint } = activationParameters(range);
    assert.ok(Number.isInteger(zeroPoint) && zeroPoint >= 0 && zeroPoint <= 255);
    // Every value of the range is within half a step of a level.
    const lo = Math.min(0, range[0]);
    const hi = Math.max(0, range[1]);
    assert.ok(Math.abs((0 - zeroPoint) * scale - lo) <= scale / 2 + 1e-9, JSON.stringify(range));
    assert.ok(Math.abs((255 - zeroPoint) * scale - hi) <= scale / 2 + 1e-9, JSON.stringify(range));
  }
  assert.deepEqual(activationParameters([0.5, 2]).zeroPoint, 0);
  assert.deepEqual(activationParameters([-7, -2]).zeroPoint, 255);
});

test("ranges that do not name a tensor of the model are refused, naming it", async () => {
  const ranges = { ...(await loadActivationRanges()) };
  const [first] = Object.keys(ranges);
  delete ranges[first!];
  assert.throws(
    () => quantiseModel(recognitionModel(), ranges, OCR_SETTINGS.paddle.quantisedLineRecognition),
    new RegExp(`no calibrated range for tensor "${first}"`),
  );
});

test("ranges calibrated afresh on four generated documents read the dense page as the text layer does", async () => {
  const dir = path.join(work, "corpus");
  const families = FAMILIES.filter((f) => ["column-ruled", "zebra-shading", "indented-groups", "currency-columns"].includes(f.name));
  assert.equal(families.length, 4);
  const docs = await generateCorpus({ outDir: dir, seed: 77, variants: 1, families });
  const calibration = await calibrateLineRecognition(docs.map((d) => path.join(dir, `${d.name}.pdf`)));
  assert.equal(calibration.pages, 4);
  assert.ok(calibration.crops > 40, `${calibration.crops} crops`);
  for (const [name, [lo, hi]] of Object.entries(calibration.tensors))
    assert.ok(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi, name);
  const fresh = await PaddleEngine.create(OCR_SETTINGS.paddle, { activationRanges: calibration.tensors });
  try {
    const read = (await fresh.readLines(render, lines, Infinity))!.words;
    const disagreeing = read.filter((w) => w.text.replace(/\s+/g, "") !== textLayerUnder(w));
    assert.ok(read.length >= lines.length, `${read.length} words from ${lines.length} lines`);
    assert.ok(disagreeing.length <= 2, JSON.stringify(disagreeing.map((w) => w.text)));
  } finally {
    await fresh.release();
  }
});
