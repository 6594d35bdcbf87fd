/**
 * A minimal writer for ONNX model files: just enough protobuf (varints and
 * length-delimited fields) for ModelProto, GraphProto, NodeProto, TensorProto and
 * ValueInfoProto, because no onnx package is available to a Deno script.
 * Field numbers follow onnx/onnx.proto; output bytes depend only on the input.
 */

/** TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, INT8: 3, INT32: 6, INT64: 7 } as const;

/** An encoded protobuf message. */
export type Message = Uint8Array;

/** One field of a message: number, and a varint, bytes or a nested message. */
type Field = [number, number | string | Uint8Array];

const utf8 = new TextEncoder();

function varint(value: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint out of range: ${value}`);
  const out: number[] = [];
  while (value > 0x7f) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
  return out;
}

/** Encodes fields in the given order; numbers are varints (wire type 0), the rest length-delimited (wire type 2). */
function message(fields: Field[]): Message {
  const parts: Uint8Array[] = [];
  for (const [no, value] of fields) {
    if (typeof value === "number") {
      parts.push(new Uint8Array([...varint(no * 8), ...varint(value)]));
      continue;
    }
    const bytes = typeof value === "string" ? utf8.encode(value) : value;
    parts.push(new Uint8Array([...varint(no * 8 + 2), ...varint(bytes.length)]), bytes);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A TensorProto initializer holding `data` as little-endian raw bytes. */
export function tensor(name: string, type: number, dims: number[], data: ArrayBufferView): Message {
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return message([...dims.map((d): Field => [1, d]), [2, type], [8, name], [9, raw]]);
}

/** A NodeProto; attributes are integers (AttributeProto type INT), the only kind these graphs need. */
export function node(op: string, inputs: string[], outputs: string[], attrs: Record<string, number> = {}): Message {
  const attributes = Object.entries(attrs).map(([name, i]): Field => [5, message([[1, name], [20, 2], [3, i]])]);
  return message([
    ...inputs.map((n): Field => [1, n]),
    ...outputs.map((n): Field => [2, n]),
    [3, `${outputs[0]}_node`],
    [4, op],
    ...attributes,
  ]);
}

/** A ValueInfoProto for a tensor; a string dimension is symbolic (`batch`, `sequence`). */
export function valueInfo(name: string, elemType: number, shape: (number | string)[]): Message {
  const dims = shape.map((d): Field => [1, message([typeof d === "number" ? [1, d] : [2, d]])]);
  const tensorType = message([[1, elemType], [2, message(dims)]]);
  return message([[1, name], [2, message([[1, tensorType]])]]);
}

/** The parts of a model: its graph and where it came from. */
export interface ModelParts {
  name: string;
  producer: string;
  opset: number;
  nodes: Message[];
  initializers: Message[];
  inputs: Message[];
  outputs: Message[];
}

/** A ModelProto (IR version 8) with one graph in the default ONNX operator domain. */
export function model(parts: ModelParts): Message {
  const graph = message([
    ...parts.nodes.map((n): Field => [1, n]),
    [2, parts.name],
    ...parts.initializers.map((t): Field => [5, t]),
    ...parts.inputs.map((v): Field => [11, v]),
    ...parts.outputs.map((v): Field => [12, v]),
  ]);
  return message([[1, 8], [2, parts.producer], [7, graph], [8, message([[1, ""], [2, parts.opset]])]]);
}
