// The few parts of the ONNX protobuf format that fold-model.ts needs to rewrite a model's graph:
// a generic wire-format reader and writer (fields kept as their raw bytes, so whatever this file
// does not understand is written back unchanged) and the fields of ModelProto, GraphProto,
// NodeProto, AttributeProto and TensorProto it touches (numbers from onnx/onnx.proto).

/** One field of a protobuf message: its number, wire type and payload (varints as numbers,
 * length-delimited payloads as bytes, fixed 32/64-bit payloads as their raw bytes). */
export interface Field {
  no: number;
  wire: 0 | 1 | 2 | 5;
  value: number | Uint8Array;
}

export const MODEL = { graph: 7, opsetImport: 8 } as const;
export const GRAPH = { node: 1 } as const;
export const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
export const ATTRIBUTE = { name: 1, f: 2, i: 3, t: 5, floats: 7, ints: 8, type: 20 } as const;
export const ATTRIBUTE_TYPE = { FLOAT: 1, INT: 2, TENSOR: 4, INTS: 7 } as const;
export const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9 } as const;
export const FLOAT32 = 1;

const utf8 = new TextDecoder();
const utf8Encode = new TextEncoder();

function readVarint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error("truncated protobuf varint");
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
    shift += 7n;
  }
  return [Number(BigInt.asIntN(64, value)), at];
}

export function decode(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [key, next] = readVarint(bytes, at);
    at = next;
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) {
      const [value, after] = readVarint(bytes, at);
      fields.push({ no, wire, value });
      at = after;
    } else if (wire === 2) {
      const [length, after] = readVarint(bytes, at);
      fields.push({ no, wire, value: bytes.subarray(after, after + length) });
      at = after + length;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      fields.push({ no, wire, value: bytes.subarray(at, at + size) });
      at += size;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (at > bytes.length) throw new Error("truncated protobuf message");
  }
  return fields;
}

function varintBytes(value: number): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

export function encode(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const push = (part: Uint8Array) => {
    parts.push(part);
    size += part.length;
  };
  for (const field of fields) {
    push(Uint8Array.from(varintBytes((field.no << 3) | field.wire)));
    if (field.wire === 0) push(Uint8Array.from(varintBytes(field.value as number)));
    else {
      const payload = field.value as Uint8Array;
      if (field.wire === 2) push(Uint8Array.from(varintBytes(payload.length)));
      push(payload);
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const text = (field: Field): string => utf8.decode(field.value as Uint8Array);
export const bytesField = (no: number, value: Uint8Array): Field => ({ no, wire: 2, value });
export const textField = (no: number, value: string): Field => bytesField(no, utf8Encode.encode(value));
export const varintField = (no: number, value: number): Field => ({ no, wire: 0, value });
export function floatField(no: number, value: number): Field {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return { no, wire: 5, value: bytes };
}
export const messageField = (no: number, fields: readonly Field[]): Field => bytesField(no, encode(fields));

export function float32(field: Field): number {
  const bytes = field.value as Uint8Array;
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0, true);
}

/** Repeated int64 (dims, ints): packed or one field each. */
export function int64s(fields: readonly Field[], no: number): number[] {
  const out: number[] = [];
  for (const field of fields) {
    if (field.no !== no) continue;
    if (field.wire === 0) out.push(field.value as number);
    else {
      const bytes = field.value as Uint8Array;
      for (let at = 0; at < bytes.length;) {
        const [value, next] = readVarint(bytes, at);
        out.push(value);
        at = next;
      }
    }
  }
  return out;
}

/** A float tensor: its dims and values. */
export interface FloatTensor {
  dims: number[];
  data: Float32Array;
}

/** Reads a TensorProto of float32 (raw_data or float_data); null for other element types. */
export function readFloatTensor(tensor: readonly Field[]): FloatTensor | null {
  const dataType = tensor.find((f) => f.no === TENSOR.dataType)?.value;
  if (dataType !== FLOAT32) return null;
  const dims = int64s(tensor, TENSOR.dims);
  const raw = tensor.find((f) => f.no === TENSOR.rawData)?.value as Uint8Array | undefined;
  if (raw) {
    // A copy, aligned for Float32Array (Buffer.slice would be a view of the whole file).
    const copy = new Uint8Array(raw);
    return { dims, data: new Float32Array(copy.buffer, 0, copy.length / 4) };
  }
  const values: number[] = [];
  for (const field of tensor) {
    if (field.no !== TENSOR.floatData) continue;
    if (field.wire === 5) values.push(float32(field));
    else {
      const bytes = field.value as Uint8Array;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
      for (let at = 0; at < bytes.length; at += 4) values.push(view.getFloat32(at, true));
    }
  }
  return { dims, data: Float32Array.from(values) };
}

/** A float32 TensorProto (little-endian raw_data). */
export function floatTensorFields(name: string, tensor: FloatTensor): Field[] {
  const raw = new Uint8Array(tensor.data.length * 4);
  const view = new DataView(raw.buffer);
  tensor.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return [
    ...tensor.dims.map((d) => varintField(TENSOR.dims, d)),
    varintField(TENSOR.dataType, FLOAT32),
    textField(TENSOR.name, name),
    bytesField(TENSOR.rawData, raw),
  ];
}
