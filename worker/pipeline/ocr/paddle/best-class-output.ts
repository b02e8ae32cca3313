// The recognition model's output made small: PP-OCRv4 returns a probability for every one of its
// 6,625 classes at every time step (~140 MB of floats for the bench page, copied out of ONNX
// Runtime into fresh JavaScript memory batch by batch), while greedy CTC decoding reads only each
// step's best class and its probability. This rewrite (on the model bytes at load time, like
// fold-model.ts) ends the graph with ArgMax and ReduceMax over the classes, so the model returns
// those two numbers per step: the same values the decoder picked before (ArgMax takes the first of
// equal maxima, as the decoder's loop did), at 1/3,300 of the output size.
import { decode, encode, GRAPH, MODEL, text, messageField } from "./onnx-proto";
import { attrInt, attrInts, ELEM, tensorOutput, GRAPH_OUTPUT, writeNode, makeNode } from "./onnx-graph";

/** ValueInfoProto.name (onnx/onnx.proto). */
const VALUE_INFO_NAME = 1;

/** Output names of the rewritten model: per sequence and step, the best class (int32) and its
 * probability. */
export const BEST_CLASS = "best_class";
export const BEST_PROB = "best_prob";

const node = (opType: string, input: string, output: string, attributes: ReturnType<typeof attrInt>[]) =>
  messageField(GRAPH.node, writeNode(makeNode(opType, [input], [output], attributes)));

/** The model with its one [batch, steps, classes] output replaced by BEST_CLASS and BEST_PROB
 * ([batch, steps] each). */
export function withBestClassOutput(model: Uint8Array): Uint8Array {
  const modelFields = decode(model);
  const graphField = modelFields.find((f) => f.no === MODEL.graph);
  if (!graphField) throw new Error("ONNX model without a graph");
  const graph = decode(graphField.value as Uint8Array);
  const outputs = graph.filter((f) => f.no === GRAPH_OUTPUT);
  if (outputs.length !== 1) throw new Error(`expected one model output, found ${outputs.length}`);
  const probs = text(decode(outputs[0]!.value as Uint8Array).find((f) => f.no === VALUE_INFO_NAME)!);
  const argmax = `${BEST_CLASS}_int64`;
  const added = [
    node("ArgMax", probs, argmax, [attrInt("axis", 2), attrInt("keepdims", 0)]),
    // ONNX's Cast "to" is a TensorProto data type: INT32.
    node("Cast", argmax, BEST_CLASS, [attrInt("to", ELEM.INT32)]),
    node("ReduceMax", probs, BEST_PROB, [attrInts("axes", [2]), attrInt("keepdims", 0)]),
  ];
  const newGraph = [
    ...graph.filter((f) => f.no !== GRAPH_OUTPUT),
    ...added,
    tensorOutput(BEST_CLASS, ELEM.INT32),
    tensorOutput(BEST_PROB, ELEM.FLOAT),
  ];
  return encode(modelFields.map((f) => (f.no === MODEL.graph ? messageField(MODEL.graph, newGraph) : f)));
}
