// A reader for the CFF table of an OpenType (PostScript-flavoured) font: INDEX/DICT structures and a Type 2
// charstring interpreter that turns one glyph into cubic contours. Enough for CID-keyed CJK fonts (FDArray,
// FDSelect, local and global subroutines); hints are skipped.

export type Point = [number, number];
export type Segment = { kind: 'line'; to: Point } | { kind: 'cubic'; c1: Point; c2: Point; to: Point };
export interface Contour {
  start: Point;
  segments: Segment[];
}

interface Index {
  items: Buffer[];
  end: number;
}

function readIndex(buf: Buffer, at: number): Index {
  const count = buf.readUInt16BE(at);
  if (count === 0) return { items: [], end: at + 2 };
  const offSize = buf[at + 2];
  const offset = (i: number) => buf.readUIntBE(at + 3 + i * offSize, offSize);
  const base = at + 3 + (count + 1) * offSize - 1;
  const items = Array.from({ length: count }, (_, i) => buf.subarray(base + offset(i), base + offset(i + 1)));
  return { items, end: base + offset(count) };
}

/** DICT: operator (12 x escaped as 1200 + x) -> operands. */
function readDict(buf: Buffer): Map<number, number[]> {
  const dict = new Map<number, number[]>();
  let operands: number[] = [];
  let i = 0;
  while (i < buf.length) {
    const b0 = buf[i];
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + buf[++i] : b0;
      dict.set(op, operands);
      operands = [];
      i++;
    } else if (b0 === 28) { operands.push(buf.readInt16BE(i + 1)); i += 3; }
    else if (b0 === 29) { operands.push(buf.readInt32BE(i + 1)); i += 5; }
    else if (b0 === 30) {
      let text = '';
      for (i++; ; i++) {
        const nibbles = [buf[i] >> 4, buf[i] & 15];
        const stop = nibbles.indexOf(15);
        for (const n of stop >= 0 ? nibbles.slice(0, stop) : nibbles) text += n <= 9 ? String(n) : ['.', 'E', 'E-', '', '-'][n - 10];
        if (stop >= 0) { i++; break; }
      }
      operands.push(Number(text));
    } else if (b0 >= 32 && b0 <= 246) { operands.push(b0 - 139); i++; }
    else if (b0 <= 250) { operands.push((b0 - 247) * 256 + buf[i + 1] + 108); i += 2; }
    else if (b0 <= 254) { operands.push(-(b0 - 251) * 256 - buf[i + 1] - 108); i += 2; }
    else i++;
  }
  return dict;
}

const bias = (subrs: Buffer[]) => (subrs.length < 1240 ? 107 : subrs.length < 33900 ? 1131 : 32768);

export interface CffFont {
  glyphCount: number;
  outline(gid: number): Contour[];
}

export function parseCff(cff: Buffer): CffFont {
  const names = readIndex(cff, cff[2]);
  const topDicts = readIndex(cff, names.end);
  const strings = readIndex(cff, topDicts.end);
  const globalSubrs = readIndex(cff, strings.end).items;
  const top = readDict(topDicts.items[0]);
  const charStrings = readIndex(cff, top.get(17)![0]).items;

  const privateSubrs = (dict: Map<number, number[]>): Buffer[] => {
    const priv = dict.get(18);
    if (!priv) return [];
    const [size, offset] = priv;
    const subrs = readDict(cff.subarray(offset, offset + size)).get(19);
    return subrs ? readIndex(cff, offset + subrs[0]).items : [];
  };

  let fdOf: (gid: number) => number = () => 0;
  let localSubrs: Buffer[][] = [privateSubrs(top)];
  if (top.has(1236)) {
    localSubrs = readIndex(cff, top.get(1236)![0]).items.map((fd) => privateSubrs(readDict(fd)));
    const at = top.get(1237)![0];
    if (cff[at] === 0) fdOf = (gid) => cff[at + 1 + gid];
    else {
      const ranges = cff.readUInt16BE(at + 1);
      fdOf = (gid) => {
        for (let r = 0; r < ranges; r++) {
          const next = cff.readUInt16BE(at + 3 + (r + 1) * 3);
          if (gid < next) return cff[at + 3 + r * 3 + 2];
        }
        return 0;
      };
    }
  }

  return { glyphCount: charStrings.length, outline: (gid) => runCharString(charStrings[gid], globalSubrs, localSubrs[fdOf(gid)] ?? []) };
}

function runCharString(code: Buffer, gsubrs: Buffer[], lsubrs: Buffer[]): Contour[] {
  const contours: Contour[] = [];
  let current: Contour | null = null;
  const stack: number[] = [];
  let stems = 0;
  let haveWidth = false;
  let x = 0;
  let y = 0;
  let done = false;

  const moveTo = () => {
    current = { start: [x, y], segments: [] };
    contours.push(current);
  };
  const lineTo = () => current?.segments.push({ kind: 'line', to: [x, y] });
  const curveTo = (c1x: number, c1y: number, c2x: number, c2y: number) => current?.segments.push({ kind: 'cubic', c1: [c1x, c1y], c2: [c2x, c2y], to: [x, y] });
  const stemHints = () => {
    if (stack.length % 2 !== 0 && !haveWidth) stack.shift();
    stems += stack.length >> 1;
    stack.length = 0;
    haveWidth = true;
  };
  const dropWidth = (args: number) => {
    if (stack.length > args && !haveWidth) stack.shift();
    haveWidth = true;
  };

  const run = (buf: Buffer) => {
    let i = 0;
    while (i < buf.length && !done) {
      const b = buf[i++];
      if (b >= 32) {
        if (b <= 246) stack.push(b - 139);
        else if (b <= 250) stack.push((b - 247) * 256 + buf[i++] + 108);
        else if (b <= 254) stack.push(-(b - 251) * 256 - buf[i++] - 108);
        else { stack.push(buf.readInt32BE(i) / 65536); i += 4; }
        continue;
      }
      let c1x, c1y, c2x, c2y;
      switch (b) {
        case 28: stack.push(buf.readInt16BE(i)); i += 2; break;
        case 1: case 3: case 18: case 23: stemHints(); break;
        case 19: case 20: stemHints(); i += (stems + 7) >> 3; break;
        case 21: dropWidth(2); x += stack[0]; y += stack[1]; stack.length = 0; moveTo(); break;
        case 22: dropWidth(1); x += stack[0]; stack.length = 0; moveTo(); break;
        case 4: dropWidth(1); y += stack[0]; stack.length = 0; moveTo(); break;
        case 5: for (let k = 0; k + 1 < stack.length; k += 2) { x += stack[k]; y += stack[k + 1]; lineTo(); } stack.length = 0; break;
        case 6: case 7: {
          let horizontal = b === 6;
          for (const d of stack) { if (horizontal) x += d; else y += d; lineTo(); horizontal = !horizontal; }
          stack.length = 0;
          break;
        }
        case 8: case 24: {
          while (stack.length >= 6) {
            c1x = x + stack.shift()!; c1y = y + stack.shift()!; c2x = c1x + stack.shift()!; c2y = c1y + stack.shift()!;
            x = c2x + stack.shift()!; y = c2y + stack.shift()!; curveTo(c1x, c1y, c2x, c2y);
          }
          if (b === 24 && stack.length >= 2) { x += stack[0]; y += stack[1]; lineTo(); }
          stack.length = 0;
          break;
        }
        case 25: {
          while (stack.length > 6) { x += stack.shift()!; y += stack.shift()!; lineTo(); }
          c1x = x + stack[0]; c1y = y + stack[1]; c2x = c1x + stack[2]; c2y = c1y + stack[3]; x = c2x + stack[4]; y = c2y + stack[5];
          curveTo(c1x, c1y, c2x, c2y); stack.length = 0;
          break;
        }
        case 26: case 27: {
          const vertical = b === 26;
          if (stack.length % 2) { if (vertical) x += stack.shift()!; else y += stack.shift()!; }
          while (stack.length >= 4) {
            if (vertical) { c1x = x; c1y = y + stack.shift()!; } else { c1x = x + stack.shift()!; c1y = y; }
            c2x = c1x + stack.shift()!; c2y = c1y + stack.shift()!;
            if (vertical) { x = c2x; y = c2y + stack.shift()!; } else { x = c2x + stack.shift()!; y = c2y; }
            curveTo(c1x, c1y, c2x, c2y);
          }
          stack.length = 0;
          break;
        }
        case 30: case 31: {
          let vertical = b === 30;
          while (stack.length >= 4) {
            if (vertical) {
              c1x = x; c1y = y + stack.shift()!; c2x = c1x + stack.shift()!; c2y = c1y + stack.shift()!;
              x = c2x + stack.shift()!; y = c2y + (stack.length === 1 ? stack.shift()! : 0);
            } else {
              c1x = x + stack.shift()!; c1y = y; c2x = c1x + stack.shift()!; c2y = c1y + stack.shift()!;
              y = c2y + stack.shift()!; x = c2x + (stack.length === 1 ? stack.shift()! : 0);
            }
            curveTo(c1x, c1y, c2x, c2y);
            vertical = !vertical;
          }
          stack.length = 0;
          break;
        }
        case 10: case 29: {
          const subrs = b === 10 ? lsubrs : gsubrs;
          const index = stack.pop()! + bias(subrs);
          if (subrs[index]) run(subrs[index]);
          break;
        }
        case 11: return;
        case 14: dropWidth(0); stack.length = 0; done = true; break;
        case 12: flex(buf[i++]); break;
        default: stack.length = 0;
      }
    }
  };

  const flex = (op: number) => {
    const s = stack.splice(0);
    const startY = y;
    const startX = x;
    const curve = (a: number[]) => { const [p, q, r, t, u, v] = a; const ax = x + p, ay = y + q, bx = ax + r, by = ay + t; x = bx + u; y = by + v; curveTo(ax, ay, bx, by); };
    if (op === 35) { curve(s.slice(0, 6)); curve(s.slice(6, 12)); }
    else if (op === 34) { curve([s[0], 0, s[1], s[2], s[3], 0]); curve([s[4], 0, s[5], startY - (y + 0), s[6], 0]); }
    else if (op === 36) {
      curve([s[0], s[1], s[2], s[3], s[4], 0]);
      const ax = x + s[5], ay = y, bx = ax + s[6], by = ay + s[7];
      x = bx + s[8]; y = startY; curveTo(ax, ay, bx, by);
    } else if (op === 37) {
      const dx = s[0] + s[2] + s[4] + s[6] + s[8];
      const dy = s[1] + s[3] + s[5] + s[7] + s[9];
      curve(s.slice(0, 6));
      const ax = x + s[6], ay = y + s[7], bx = ax + s[8], by = ay + s[9];
      if (Math.abs(dx) > Math.abs(dy)) { x = bx + s[10]; y = startY; } else { x = startX; y = by + s[10]; }
      curveTo(ax, ay, bx, by);
    }
  };

  run(code);
  return contours;
}
