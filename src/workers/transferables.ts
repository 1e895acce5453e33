// Typed arrays cross the worker boundary by transfer (their buffers move; nothing is copied).

/** The distinct ArrayBuffers behind the typed-array fields of an object (one level deep). */
export function transferablesOf(obj: object): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const value of Object.values(obj)) {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) {
      if (!out.includes(value.buffer)) out.push(value.buffer);
    }
  }
  return out;
}
