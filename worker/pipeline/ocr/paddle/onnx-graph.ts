// A model's graph as a list of nodes that can be edited and written back, over the wire format of
// onnx-proto.ts: what the load-time rewrites of the PaddleOCR models (fold-model.ts,
// best-class-output.ts, quantise-model.ts) share. Fields a rewrite does not touch are kept as
// their raw bytes.
import {
  ATTRIBUTE,
  ATTRIBUTE_TYPE,
  bytesField,
  decode,
  encode,
  GRAPH,
  messageField,
  MODEL,
  NODE,
  readFloatTensor,
  TENSOR,
  text,
  textField,
  varintField,
  type Field,
  type FloatTensor,
} from "./onnx-proto";

export interface GraphNode {
  /** The node's fields as read; input and output are kept apart, as they are what gets edited. */
  fields: Field[];
  opType: string;
  input: string[];
  output: string[];
}

/** A model split into its graph's nodes and everything else, to be written back by writeModel. */
export interface EditableModel {
  modelFields: Field[];
  graphFields: Field[];
  nodes: GraphNode[];
  /** The default operator set's version to write, when a rewrite moved the graph to another. */
  setOpsetVersion?: number;
}

/** GraphProto.output, ValueInfoProto, TypeProto and OperatorSetIdProto fields (onnx/onnx.proto). */
export const GRAPH_OUTPUT = 12;
const VALUE_INFO = { name: 1, type: 2 } as const;
const TYPE = { tensorType: 1 } as const;
const TENSOR_TYPE = { elemType: 1 } as const;
const OPSET_ID = { domain: 1, version: 2 } as const;

/** TensorProto data types. */
export const ELEM = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const;

export function readNode(fields: Field[]): GraphNode {
  return {
    fields: fields.filter((f) => f.no !== NODE.input && f.no !== NODE.output),
    opType: text(fields.find((f) => f.no === NODE.opType)!),
    input: fields.filter((f) => f.no === NODE.input).map(text),
    output: fields.filter((f) => f.no === NODE.output).map(text),
  };
}

export function writeNode(node: GraphNode): Field[] {
  return [
    ...node.input.map((name) => textField(NODE.input, name)),
    ...node.output.map((name) => textField(NODE.output, name)),
    ...node.fields,
  ];
}

/** A node's attributes by name, each as its AttributeProto's fields. */
export function attributes(node: Pick<GraphNode, "fields">): Map<string, Field[]> {
  const out = new Map<string, Field[]>();
  for (const f of node.fields) {
    if (f.no !== NODE.attribute) continue;
    const fields = decode(f.value as Uint8Array);
    out.set(text(fields.find((a) => a.no === ATTRIBUTE.name)!), fields);
  }
  return out;
}

export function readModel(model: Uint8Array): EditableModel {
  // A plain Uint8Array view: a Node Buffer's slice() shares memory instead of copying.
  const modelFields = decode(new Uint8Array(model.buffer, model.byteOffset, model.byteLength));
  const graphField = modelFields.find((f) => f.no === MODEL.graph);
  if (!graphField) throw new Error("ONNX model without a graph");
  const graphFields = decode(graphField.value as Uint8Array);
  const nodes = graphFields.filter((f) => f.no === GRAPH.node).map((f) => readNode(decode(f.value as Uint8Array)));
  return { modelFields, graphFields, nodes };
}

/** The model's bytes with its nodes (in the order given), optionally with more graph outputs
 * (float tensors, by name). */
export function writeModel(model: EditableModel, options: { tensorOutputs?: readonly string[] } = {}): Uint8Array {
  const version = model.setOpsetVersion;
  const outputs = (options.tensorOutputs ?? []).map((name) => tensorOutput(name));
  const graph = [
    ...model.nodes.map((n) => messageField(GRAPH.node, writeNode(n))),
    ...model.graphFields.filter((f) => f.no !== GRAPH.node),
    ...outputs,
  ];
  return encode(
    model.modelFields.map((f) => {
      if (f.no === MODEL.graph) return messageField(MODEL.graph, graph);
      if (f.no === MODEL.opsetImport && version !== undefined) {
        const opset = decode(f.value as Uint8Array);
        const domain = opset.find((x) => x.no === OPSET_ID.domain);
        if (!domain || text(domain) === "") {
          return messageField(MODEL.opsetImport, [
            ...opset.filter((x) => x.no !== OPSET_ID.version),
            varintField(OPSET_ID.version, version),
          ]);
        }
      }
      return f;
    }),
  );
}

/** The default operator set's version the model imports. */
export function opsetVersion(model: EditableModel): number | null {
  if (model.setOpsetVersion !== undefined) return model.setOpsetVersion;
  for (const f of model.modelFields) {
    if (f.no !== MODEL.opsetImport) continue;
    const opset = decode(f.value as Uint8Array);
    const domain = opset.find((x) => x.no === OPSET_ID.domain);
    if (!domain || text(domain) === "") return (opset.find((x) => x.no === OPSET_ID.version)?.value as number | undefined) ?? null;
  }
  return null;
}

/** A graph output: a tensor of `elemType` (float unless given). */
export function tensorOutput(name: string, elemType: number = ELEM.FLOAT): Field {
  return messageField(GRAPH_OUTPUT, [
    textField(VALUE_INFO.name, name),
    messageField(VALUE_INFO.type, [messageField(TYPE.tensorType, [varintField(TENSOR_TYPE.elemType, elemType)])]),
  ]);
}

export const attrInt = (name: string, value: number): Field =>
  messageField(NODE.attribute, [
    textField(ATTRIBUTE.name, name),
    varintField(ATTRIBUTE.i, value),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INT),
  ]);

export const attrInts = (name: string, values: readonly number[]): Field =>
  messageField(NODE.attribute, [
    textField(ATTRIBUTE.name, name),
    ...values.map((v) => varintField(ATTRIBUTE.ints, v)),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.INTS),
  ]);

/** A node named after its first output. */
export function makeNode(opType: string, input: string[], output: string[], extra: Field[] = []): GraphNode {
  return { opType, input, output, fields: [textField(NODE.name, output[0]!), textField(NODE.opType, opType), ...extra] };
}

/** A Constant node holding a tensor of `elemType` (little-endian raw bytes). */
export function constantNode(name: string, dims: readonly number[], elemType: number, raw: Uint8Array): GraphNode {
  const tensor = [
    ...dims.map((d) => varintField(TENSOR.dims, d)),
    varintField(TENSOR.dataType, elemType),
    textField(TENSOR.name, name),
    bytesField(TENSOR.rawData, raw),
  ];
  const value = messageField(NODE.attribute, [
    textField(ATTRIBUTE.name, "value"),
    messageField(ATTRIBUTE.t, tensor),
    varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.TENSOR),
  ]);
  return makeNode("Constant", [], [name], [value]);
}

const bytesOf = (array: ArrayBufferView): Uint8Array =>
  new Uint8Array(array.buffer.slice(array.byteOffset, array.byteOffset + array.byteLength));

export const floatConstant = (name: string, dims: readonly number[], values: Float32Array): GraphNode =>
  constantNode(name, dims, ELEM.FLOAT, bytesOf(values));
export const int8Constant = (name: string, dims: readonly number[], values: Int8Array): GraphNode =>
  constantNode(name, dims, ELEM.INT8, bytesOf(values));
export const uint8Constant = (name: string, dims: readonly number[], values: Uint8Array): GraphNode =>
  constantNode(name, dims, ELEM.UINT8, bytesOf(values));
export const int32Constant = (name: string, dims: readonly number[], values: Int32Array): GraphNode =>
  constantNode(name, dims, ELEM.INT32, bytesOf(values));
export function int64Constant(name: string, values: readonly number[]): GraphNode {
  const raw = new Uint8Array(values.length * 8);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
  return constantNode(name, [values.length], ELEM.INT64, raw);
}

/** The float tensor a Constant node holds; null for another node or element type. */
export function constantValue(node: GraphNode): FloatTensor | null {
  if (node.opType !== "Constant") return null;
  const value = attributes(node).get("value");
  const tensor = value?.find((f) => f.no === ATTRIBUTE.t);
  return tensor ? readFloatTensor(decode(tensor.value as Uint8Array)) : null;
}

/** The nodes ordered so that each comes after the producers of its inputs (`graphInputs` and
 * initializers are there from the start); the given order is kept where it already is one. */
export function topologicalOrder(nodes: readonly GraphNode[], available: Iterable<string>): GraphNode[] {
  const produced = new Set<string>(available);
  const order: GraphNode[] = [];
  const waiting = new Set(nodes);
  while (waiting.size > 0) {
    let placed = false;
    for (const node of waiting) {
      if (!node.input.every((name) => name === "" || produced.has(name))) continue;
      order.push(node);
      waiting.delete(node);
      for (const name of node.output) produced.add(name);
      placed = true;
    }
    if (!placed) throw new Error(`ONNX graph rewrite left ${waiting.size} nodes whose inputs are never produced`);
  }
  return order;
}
