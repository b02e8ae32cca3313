// PP-OCRv4 recognition with its full convolutions in 8-bit integers. After fold-model.ts, nine
// tenths of recognition's kernel time is convolution in float; ONNX Runtime runs a convolution
// whose input, weights and output are quantised (QuantizeLinear / DequantizeLinear pairs around a
// float Conv, which it fuses into QLinearConv) on 8-bit kernels, several times faster on a CPU with
// AVX-512 VNNI (signed weights there; unsigned elsewhere: QuantiseOptions.weightType). This rewrite, on the model bytes at load time like fold-model.ts:
//   1. moves the graph from operator set 9 to 13 (per-channel DequantizeLinear needs 13): Slice's
//      and Squeeze's attributes become inputs, the only changes between those versions this graph
//      meets (its Softmax runs on the last axis, where 9 and 13 agree);
//   2. quantises every convolution of one group (the pointwise and full ones): weights per output
//      channel to signed integers, symmetric; bias to int32 at the input scale times the weight
//      scale; input and output to unsigned 8 bits over ranges measured on crops of the generated
//      corpus (rec-int8-ranges.json, scripts/calibrate-rec-int8.ts).
// Depthwise convolutions stay in float: ONNX Runtime fuses them with the hardswish after them,
// and quantised they cost more in the quantise and dequantise steps than they save.
import fs from "node:fs";
import { ATTRIBUTE, decode, int64s, NODE, TENSOR, text } from "./onnx-proto";
import {
  attributes,
  constantValue,
  floatConstant,
  constantNode,
  ELEM,
  int64Constant,
  makeNode,
  attrInt,
  opsetVersion,
  readModel,
  topologicalOrder,
  uint8Constant,
  writeModel,
  type EditableModel,
  type GraphNode,
} from "./onnx-graph";

/** `${name}__dq`: the integers (8-bit weights around their zero point, or int32 bias at zero point
 * zero; output channels first) times one scale per output channel. */
function perChannelDequantised(
  name: string,
  dims: readonly number[],
  integers: Int8Array | Uint8Array | Int32Array,
  scales: Float32Array,
): GraphNode[] {
  const elemType = integers instanceof Int32Array ? ELEM.INT32 : integers instanceof Uint8Array ? ELEM.UINT8 : ELEM.INT8;
  const zeros = new Uint8Array(scales.length * integers.BYTES_PER_ELEMENT);
  if (integers instanceof Uint8Array) zeros.fill(UNSIGNED_WEIGHT_ZERO_POINT);
  return [
    constantNode(`${name}__q`, dims, elemType, new Uint8Array(integers.buffer, integers.byteOffset, integers.byteLength)),
    floatConstant(`${name}__scale`, [scales.length], scales),
    constantNode(`${name}__zero`, [scales.length], elemType, zeros),
    makeNode("DequantizeLinear", [`${name}__q`, `${name}__scale`, `${name}__zero`], [`${name}__dq`], [attrInt("axis", 0)]),
  ];
}

/** Unsigned weights are the signed ones shifted by this zero point: the same function. */
export const UNSIGNED_WEIGHT_ZERO_POINT = 128;

/** GraphProto.input and GraphProto.initializer (onnx/onnx.proto). */
const GRAPH_INPUT = 11;
const GRAPH_INITIALIZER = 5;

/** Per tensor name, the least and greatest value seen in calibration. */
export type ActivationRanges = Readonly<Record<string, readonly [number, number]>>;

export interface QuantiseOptions {
  /** Weights are stored in [-weightLevels, weightLevels]. 127 uses all 8 bits. 63 (7 bits) keeps
   * every pair of products within 16 bits, so that CPUs without VNNI (whose 8-bit kernels add
   * pairs of products in 16-bit saturating arithmetic) compute the same sums as those with it,
   * at some cost in precision. */
  weightLevels: number;
  /** How the weights are stored: "int8" (zero point 0) or "uint8" (the same values shifted by 128).
   * ONNX Runtime's kernels for unsigned activations times signed weights add pairs of products in
   * 16-bit saturating arithmetic on CPUs without VNNI (AVX2, AVX-512 without VNNI), so there the
   * model read differently (an AMD EPYC read "Quarterly results, part 1" as "Quarterlyresut,a");
   * its kernels for unsigned weights widen first and never saturate. Both compute the same
   * integers wherever neither saturates; signed is the faster where VNNI adds the pairs in 32 bits.
   * Default: `weightTypeForThisCpu()`. */
  weightType?: WeightType;
}

export type WeightType = "int8" | "uint8";

let cpuWeightType: WeightType | null = null;
/** "int8" on a CPU with VNNI (AVX-512 VNNI or AVX-VNNI, read from /proc/cpuinfo), "uint8" on any
 * other or where the flags cannot be read. */
export function weightTypeForThisCpu(): WeightType {
  if (cpuWeightType === null) {
    let flags = "";
    try {
      flags = fs.readFileSync("/proc/cpuinfo", "utf8");
    } catch {
      // Not Linux: unsigned weights are right on every CPU.
    }
    cpuWeightType = /\b(avx512_vnni|avx_vnni)\b/u.test(flags) ? "int8" : "uint8";
  }
  return cpuWeightType;
}

/** The model rewritten to operator set 13, nothing else changed (its function is the same). */
export function toOpset13(model: EditableModel): void {
  const version = opsetVersion(model);
  if (version === 13) return;
  if (version !== 9) throw new Error(`expected a model at operator set 9, found ${version}`);
  const nodes: GraphNode[] = [];
  for (const node of model.nodes) {
    const noAttributes = node.fields.filter((f) => f.no !== NODE.attribute);
    if (node.opType === "Slice") {
      const attrs = attributes(node);
      const ints = (name: string) => (attrs.has(name) ? int64s(attrs.get(name)!, ATTRIBUTE.ints) : null);
      const base = node.output[0]!;
      const inputs = [int64Constant(`${base}__starts`, ints("starts")!), int64Constant(`${base}__ends`, ints("ends")!)];
      const axes = ints("axes");
      if (axes) inputs.push(int64Constant(`${base}__axes`, axes));
      nodes.push(...inputs, { ...node, input: [node.input[0]!, ...inputs.map((c) => c.output[0]!)], fields: noAttributes });
    } else if (node.opType === "Squeeze") {
      const axes = int64Constant(`${node.output[0]}__axes`, int64s(attributes(node).get("axes")!, ATTRIBUTE.ints));
      nodes.push(axes, { ...node, input: [node.input[0]!, axes.output[0]!], fields: noAttributes });
    } else nodes.push(node);
  }
  model.nodes = nodes;
  model.setOpsetVersion = 13;
}

const intAttribute = (node: GraphNode, name: string, fallback: number): number =>
  (attributes(node)
    .get(name)
    ?.find((f) => f.no === ATTRIBUTE.i)?.value as number | undefined) ?? fallback;

/** The convolutions quantised: one group, weights (and bias) held by Constant nodes. */
export function convolutionsToQuantise(model: EditableModel): GraphNode[] {
  const constants = new Set(model.nodes.filter((n) => n.opType === "Constant").map((n) => n.output[0]!));
  return model.nodes.filter((n) => n.opType === "Conv" && constants.has(n.input[1]!) && intAttribute(n, "group", 1) === 1);
}

/** The tensors whose ranges quantisation needs: each quantised convolution's input and output. */
export function calibrationTensors(model: EditableModel): string[] {
  return [...new Set(convolutionsToQuantise(model).flatMap((conv) => [conv.input[0]!, conv.output[0]!]))];
}

/** The model (operator set 9, as fold-model.ts and best-class-output.ts leave it) at operator set
 * 13 with the calibration tensors as extra outputs, for measuring their ranges. */
export function withCalibrationOutputs(bytes: Uint8Array): { bytes: Uint8Array; tensors: string[] } {
  const model = readModel(bytes);
  toOpset13(model);
  const tensors = calibrationTensors(model);
  return { bytes: writeModel(model, { tensorOutputs: tensors }), tensors };
}

/** Unsigned 8-bit parameters covering [min, max] (and zero, which must be exact: padding). */
export function activationParameters([min, max]: readonly [number, number]): { scale: number; zeroPoint: number } {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  const scale = (hi - lo) / 255 || 1;
  return { scale, zeroPoint: Math.max(0, Math.min(255, Math.round(-lo / scale))) };
}

/** The model (operator set 9, as fold-model.ts and best-class-output.ts leave it) with its
 * convolutions of one group quantised, and how many were. */
export function quantiseModel(
  bytes: Uint8Array,
  ranges: ActivationRanges,
  options: QuantiseOptions,
): { bytes: Uint8Array; convolutions: number } {
  const model = readModel(bytes);
  toOpset13(model);
  const producers = new Map(model.nodes.filter((n) => n.opType === "Constant").map((n) => [n.output[0]!, n]));
  const range = (tensor: string) => {
    const r = ranges[tensor];
    if (!r) throw new Error(`no calibrated range for tensor "${tensor}": the ranges file does not match the model`);
    return activationParameters(r);
  };
  const added: GraphNode[] = [];
  /** Dequantised tensors by name, with their scale. */
  const dequantised = new Map<string, number>();
  const quantisePair = (tensor: string, from: string, into: string) => {
    const { scale, zeroPoint } = range(tensor);
    added.push(
      floatConstant(`${tensor}__scale`, [], Float32Array.of(scale)),
      uint8Constant(`${tensor}__zero`, [], Uint8Array.of(zeroPoint)),
      makeNode("QuantizeLinear", [from, `${tensor}__scale`, `${tensor}__zero`], [`${tensor}__q`]),
      makeNode("DequantizeLinear", [`${tensor}__q`, `${tensor}__scale`, `${tensor}__zero`], [into]),
    );
    dequantised.set(into, scale);
  };
  const unsigned = (options.weightType ?? weightTypeForThisCpu()) === "uint8";
  const shift = unsigned ? UNSIGNED_WEIGHT_ZERO_POINT : 0;
  const convolutions = convolutionsToQuantise(model);
  for (const conv of convolutions) {
    const x = conv.input[0]!;
    // An input another quantised convolution produced is dequantised already; any other gets a
    // pair of its own (shared by every quantised convolution reading it).
    if (!dequantised.has(x) && !dequantised.has(`${x}__dq`)) quantisePair(x, x, `${x}__dq`);
    const input = dequantised.has(x) ? x : `${x}__dq`;
    const inputScale = dequantised.get(input)!;

    const weightName = conv.input[1]!;
    const weights = constantValue(producers.get(weightName)!);
    if (!weights) throw new Error(`convolution weights "${weightName}" are not a float constant`);
    const channels = weights.dims[0]!;
    const perChannel = weights.data.length / channels;
    const weightScales = new Float32Array(channels);
    const quantised = unsigned ? new Uint8Array(weights.data.length) : new Int8Array(weights.data.length);
    for (let c = 0; c < channels; c++) {
      let largest = 0;
      for (let i = 0; i < perChannel; i++) largest = Math.max(largest, Math.abs(weights.data[c * perChannel + i]!));
      const scale = largest / options.weightLevels || 1;
      weightScales[c] = scale;
      for (let i = 0; i < perChannel; i++) {
        const q = Math.round(weights.data[c * perChannel + i]! / scale);
        quantised[c * perChannel + i] = shift + Math.max(-options.weightLevels, Math.min(options.weightLevels, q));
      }
    }
    added.push(...perChannelDequantised(weightName, weights.dims, quantised, weightScales));
    const inputs = [input, `${weightName}__dq`];

    const biasName = conv.input[2];
    if (biasName) {
      const bias = constantValue(producers.get(biasName)!);
      if (!bias) throw new Error(`convolution bias "${biasName}" is not a float constant`);
      const biasScales = new Float32Array(channels);
      const biasValues = new Int32Array(channels);
      for (let c = 0; c < channels; c++) {
        biasScales[c] = inputScale * weightScales[c]!;
        biasValues[c] = Math.round(bias.data[c]! / biasScales[c]!);
      }
      added.push(...perChannelDequantised(biasName, [channels], biasValues, biasScales));
      inputs.push(`${biasName}__dq`);
    }

    // The convolution writes a float tensor of a new name, quantised and dequantised into the
    // old name, so every reader of its output reads through the pair without being edited.
    const output = conv.output[0]!;
    conv.input = inputs;
    conv.output = [`${output}__float`];
    quantisePair(output, `${output}__float`, output);
  }
  // The float weights and biases no convolution reads any more.
  const read = new Set([...model.nodes, ...added].flatMap((n) => n.input));
  const kept = model.nodes.filter((n) => n.opType !== "Constant" || read.has(n.output[0]!));
  model.nodes = topologicalOrder([...kept, ...added], graphInputs(model));
  return { bytes: writeModel(model), convolutions: convolutions.length };
}

/** The names the graph starts with: its inputs (ValueInfoProto) and initializers (TensorProto). */
function graphInputs(model: EditableModel): string[] {
  return model.graphFields.flatMap((f) => {
    const nameField = f.no === GRAPH_INPUT ? 1 : f.no === GRAPH_INITIALIZER ? TENSOR.name : null;
    if (nameField === null) return [];
    const name = decode(f.value as Uint8Array).find((x) => x.no === nameField);
    return name ? [text(name)] : [];
  });
}
