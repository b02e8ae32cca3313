// The recognition model's output made small: PP-OCRv4 returns a probability for every one of its
// 6,625 classes at every time step (~140 MB of floats for the bench page, copied out of ONNX
// Runtime into fresh JavaScript memory batch by batch), while greedy CTC decoding reads only each
// step's best class and its probability. This rewrite (on the model bytes at load time, like
// fold-model.ts) ends the graph with ArgMax and ReduceMax over the classes, so the model returns
// those two numbers per step: the same values the decoder picked before (ArgMax takes the first of
// equal maxima, as the decoder's loop did), at 1/3,300 of the output size.
import {
  ATTRIBUTE,
  ATTRIBUTE_TYPE,
  decode,
  encode,
  GRAPH,
  MODEL,
  NODE,
  text,
  textField,
  messageField,
  varintField,
  type Field,
} from "./onnx-proto";

/** GraphProto.output, ValueInfoProto and TypeProto fields (onnx/onnx.proto). */
const GRAPH_OUTPUT = 12;
const VALUE_INFO = { name: 1, type: 2 } as const;
const TYPE = { tensorType: 1 } as const;
const TENSOR_TYPE = { elemType: 1 } as const;
const ELEM = { FLOAT: 1, INT32: 6 } as const;

/** Output names of the rewritten model: per sequence and step, the best class (int32) and its
 * probability. */
export const BEST_CLASS = "best_class";
export const BEST_PROB = "best_prob";

const attrInt = (name: string, value: number) =>
  messageField(NODE.attribute, [
    textField(ATTRIBUTE.name, name),
    varintField(ATTRIBUTE.i, value),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INT),
  ]);
const attrInts = (name: string, values: number[]) =>
  messageField(NODE.attribute, [
    textField(ATTRIBUTE.name, name),
    ...values.map((v) => varintField(ATTRIBUTE.ints, v)),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INTS),
  ]);
const node = (opType: string, input: string, output: string, attributes: Field[]) =>
  messageField(GRAPH.node, [
    textField(NODE.input, input),
    textField(NODE.output, output),
    textField(NODE.name, output),
    textField(NODE.opType, opType),
    ...attributes,
  ]);
const output = (name: string, elemType: number) =>
  messageField(GRAPH_OUTPUT, [
    textField(VALUE_INFO.name, name),
    messageField(VALUE_INFO.type, [messageField(TYPE.tensorType, [varintField(TENSOR_TYPE.elemType, elemType)])]),
  ]);

/** The model with its one [batch, steps, classes] output replaced by BEST_CLASS and BEST_PROB
 * ([batch, steps] each). */
export function withBestClassOutput(model: Uint8Array): Uint8Array {
  const modelFields = decode(model);
  const graphField = modelFields.find((f) => f.no === MODEL.graph);
  if (!graphField) throw new Error("ONNX model without a graph");
  const graph = decode(graphField.value as Uint8Array);
  const outputs = graph.filter((f) => f.no === GRAPH_OUTPUT);
  if (outputs.length !== 1) throw new Error(`expected one model output, found ${outputs.length}`);
  const probs = text(decode(outputs[0]!.value as Uint8Array).find((f) => f.no === VALUE_INFO.name)!);
  const argmax = `${BEST_CLASS}_int64`;
  const added = [
    node("ArgMax", probs, argmax, [attrInt("axis", 2), attrInt("keepdims", 0)]),
    // ONNX's Cast "to" is a TensorProto data type: INT32.
    node("Cast", argmax, BEST_CLASS, [attrInt("to", ELEM.INT32)]),
    node("ReduceMax", probs, BEST_PROB, [attrInts("axes", [2]), attrInt("keepdims", 0)]),
  ];
  const newGraph = [...graph.filter((f) => f.no !== GRAPH_OUTPUT), ...added, output(BEST_CLASS, ELEM.INT32), output(BEST_PROB, ELEM.FLOAT)];
  return encode(modelFields.map((f) => (f.no === MODEL.graph ? messageField(MODEL.graph, newGraph) : f)));
}
