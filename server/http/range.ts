/** One byte range of a file, both ends included (as in `Content-Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The `Range: bytes=…` of a request for a file of `size` bytes (RFC 9110 §14): one range (`a-b`, `a-`, `-n`, an end
 * past the file is cut to it); 'unsatisfiable' when it starts past the end (answered 416); null when there is none or
 * it cannot be served as one range — another unit, bad syntax, several ranges — and the whole file is sent (200), as
 * the RFC allows a server to ignore a Range it will not honour.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const spec = header?.trim().match(/^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i);
  if (!spec || (spec[1] === '' && spec[2] === '')) return null;
  const [first, last] = [spec[1], spec[2]];
  if (first === '') {
    // A suffix: the last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
