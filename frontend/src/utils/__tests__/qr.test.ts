// The QR encoder checked three ways: the standard's published format, version and error
// correction values; a matrix made by an independent encoder (python-qrcode 8.2) for the same
// text, version and mask; and a small reference decoder written here from the standard's tables
// (not from the encoder) that reads every version 1..10 at L and M back to the text.
import { describe, expect, it } from 'vitest';
import {
  alignmentPositions,
  chooseVersion,
  encodeQr,
  formatBits,
  rsRemainder,
  versionBits,
  type QrCode,
  type QrEcc,
} from '../qr';

const OTPAUTH =
  'otpauth://totp/Exchange:player1?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Exchange&algorithm=SHA1&digits=6&period=30';

// python-qrcode 8.2: QRCode(version=7, error_correction=ERROR_CORRECT_M, border=0, mask_pattern=6),
// add_data(OTPAUTH bytes, optimize=0); '#' = dark.
const OTPAUTH_V7_M_MASK6 = [
  '#######.##.##..#..#.###...########..#.#######',
  '#.....#.#..#..##.#.....###..#..###.#..#.....#',
  '#.###.#.#.#..##.#.#...#....##.####.#..#.###.#',
  '#.###.#..#.##..#.##...#....###.##..##.#.###.#',
  '#.###.#.###.....##.#########..##..###.#.###.#',
  '#.....#.....##.####.#...###.####.#....#.....#',
  '#######.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#######',
  '.........##.#.#.#.#.#...###.###..##.#........',
  '#..######.###..#..#######...###....###..#.###',
  '#..##..####..####.#..##..##.####..########.#.',
  '.##.###.....#..#..##..#.#..###..######.....##',
  '##.....#.########.#..##.#.#..#.##..#...#..###',
  '.####.#.#.#.###...#..#.#...##.####.###.##....',
  '#.......#..#..#.##.####..##.###.##.##.##..##.',
  '####.##.#..##..#...##..##.#.##.########...#..',
  '###.##.######.#########...##.#.#..##....###..',
  '#..##.##.##...#########..#.....###.#.#...##.#',
  '..##...##.#.....#.....#.##.##.#...###...##.#.',
  '.######.##.###....#.###.##..###.##.#...##.#.#',
  '...##..##..##.##.#..##..####.###.......######',
  '#.#.#######...#..##.######..#.#...#.######...',
  '.##.#...##.#..#.#..##...###.#####.#.#...####.',
  '##..#.#.##..#.#.#...#.#.#..##.#..##.#.#.###.#',
  '.####...##..#..###..#...###...####.##...#.##.',
  '###.######..####....######..#.#.#..######..##',
  '#..###.##..#..#.#.#...#...#####..#..#.##..##.',
  '##.##.###.######...###.#.#####.#...#.....#...',
  '.#......##.#.#.##...#...#.##.####.#..##.#####',
  '#.#..##...##..#..##.....##.#.##########.##...',
  '#.#.##.#####.......#..#.##.##.#######..##.###',
  '#...###.#....####..#..##..#.....#.##..#.#.#.#',
  '...##..#...###.....#.#.###...##..#.###...##..',
  '.#..#####.##..#......##..#..###..#..#..#..#.#',
  '#.##.#..######.###.#....########.##..######.#',
  '....#.#.##...#...#..#..#....#..#.###.###.####',
  '.####..#.##.#####..##.#.##..###.###.###...###',
  '#..##.##..#.###.##.######.#.###.##.#######.##',
  '........##....#####.#...#.##.#####..#...#.#..',
  '#######.#.###..#.#.##.#.#.#.#.#..#..#.#.#.##.',
  '#.....#.##.##...#..##...###...##.##.#...###..',
  '#.###.#.#.##.#..#...######...#.###..######..#',
  '#.###.#.##..##...##.#.#.##..####.####..##.###',
  '#.###.#..##..####..##..###.#...#.#..#...#.#.#',
  '#.....#....###..#..#.########.#.#..#..#..####',
  '#######.#..#.##...#..#####.###......#..#.....',
];

// ---- Reference decoder (ISO/IEC 18004 tables, independent of the encoder) ----

function at<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`no element ${index}`);
  return value;
}

// Format information, table C.1: [level, mask] by the 15-bit masked code.
const FORMAT_TABLE: Record<string, [QrEcc, number]> = {
  '111011111000100': ['L', 0],
  '111001011110011': ['L', 1],
  '111110110101010': ['L', 2],
  '111100010011101': ['L', 3],
  '110011000101111': ['L', 4],
  '110001100011000': ['L', 5],
  '110110001000001': ['L', 6],
  '110100101110110': ['L', 7],
  '101010000010010': ['M', 0],
  '101000100100101': ['M', 1],
  '101111001111100': ['M', 2],
  '101101101001011': ['M', 3],
  '100010111111001': ['M', 4],
  '100000011001110': ['M', 5],
  '100111110010111': ['M', 6],
  '100101010100000': ['M', 7],
};

// Table 9: blocks as [count, total codewords, data codewords].
const BLOCKS: Record<QrEcc, Array<Array<[number, number, number]>>> = {
  L: [[], [[1, 26, 19]], [[1, 44, 34]], [[1, 70, 55]], [[1, 100, 80]], [[1, 134, 108]], [[2, 86, 68]], [[2, 98, 78]],
    [[2, 121, 97]], [[2, 146, 116]], [[2, 86, 68], [2, 87, 69]]],
  M: [[], [[1, 26, 16]], [[1, 44, 28]], [[1, 70, 44]], [[2, 50, 32]], [[2, 67, 43]], [[4, 43, 27]], [[4, 49, 31]],
    [[2, 60, 38], [2, 61, 39]], [[3, 58, 36], [2, 59, 37]], [[4, 69, 43], [1, 70, 44]]],
};

// Annex E: alignment pattern centres.
const ALIGN: number[][] = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

const EXP = new Array<number>(512);
const LOG = new Array<number>(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = at(EXP, i - 255);
}

/** A block is valid when its polynomial vanishes at alpha^0 .. alpha^(ecc-1). */
function syndromesZero(block: number[], eccLen: number): boolean {
  for (let k = 0; k < eccLen; k++) {
    let s = 0;
    for (const c of block) s = (s === 0 ? 0 : at(EXP, at(LOG, s) + k)) ^ c;
    if (s !== 0) return false;
  }
  return true;
}

function reserved(version: number): boolean[][] {
  const size = version * 4 + 17;
  const r = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const box = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (x >= 0 && y >= 0 && x < size && y < size) at(r, y)[x] = true;
  };
  // Finders with separators and the format areas.
  box(0, 0, 9, 9);
  box(size - 8, 0, 8, 9);
  box(0, size - 8, 9, 8);
  box(6, 0, 1, size);
  box(0, 6, size, 1);
  const a = at(ALIGN, version);
  const last = a.at(-1);
  for (const cy of a) {
    for (const cx of a) {
      const corner = (cx === 6 && cy === 6) || (cx === 6 && cy === last) || (cx === last && cy === 6);
      if (!corner) box(cx - 2, cy - 2, 5, 5);
    }
  }
  if (version >= 7) {
    box(size - 11, 0, 3, 6);
    box(0, size - 11, 6, 3);
  }
  return r;
}

/** Reads a matrix back to its text; throws on anything a reader would reject. */
function decode(modules: boolean[][]): { text: string; ecc: QrEcc; mask: number; version: number } {
  const size = modules.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 10) throw new Error('bad size');
  const cell = (x: number, y: number): boolean => at(at(modules, y), x);
  const dark = (x: number, y: number) => (cell(x, y) ? '1' : '0');
  // Format copy 1: bits 14..0 along row 8 then up column 8 (ISO figure 25).
  let f1 = '';
  for (const x of [0, 1, 2, 3, 4, 5, 7, 8]) f1 += dark(x, 8);
  for (const y of [7, 5, 4, 3, 2, 1, 0]) f1 += dark(8, y);
  let f2 = '';
  for (let y = size - 1; y >= size - 7; y--) f2 += dark(8, y);
  for (let x = size - 8; x < size; x++) f2 += dark(x, 8);
  if (f1 !== f2) throw new Error(`format copies differ: ${f1} ${f2}`);
  const format = FORMAT_TABLE[f1];
  if (!format) throw new Error(`format ${f1} is not a valid L/M code`);
  if (dark(8, size - 8) !== '1') throw new Error('dark module missing');
  const [ecc, mask] = format;
  const res = reserved(version);
  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let n = 0; n < size; n++) {
      const y = upward ? size - 1 - n : n;
      for (const x of [right, right - 1]) {
        if (at(at(res, y), x)) continue;
        const value = cell(x, y) !== at(MASKS, mask)(y, x);
        bits.push(value ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const groups = at(BLOCKS[ecc], version);
  const blocks: Array<{ total: number; data: number; bytes: number[] }> = [];
  for (const [count, total, data] of groups) for (let i = 0; i < count; i++) blocks.push({ total, data, bytes: [] });
  const totalCodewords = blocks.reduce((s, b) => s + b.total, 0);
  const codewords: number[] = [];
  for (let i = 0; i < totalCodewords; i++) codewords.push(bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
  let k = 0;
  const maxData = Math.max(...blocks.map((b) => b.data));
  for (let i = 0; i < maxData; i++) for (const b of blocks) if (i < b.data) b.bytes.push(at(codewords, k++));
  const eccLen = at(blocks, 0).total - at(blocks, 0).data;
  for (let i = 0; i < eccLen; i++) for (const b of blocks) b.bytes.push(at(codewords, k++));
  for (const b of blocks) if (!syndromesZero(b.bytes, eccLen)) throw new Error('error correction does not check');
  const data = blocks.flatMap((b) => b.bytes.slice(0, b.data));
  const stream = data.flatMap((byte) => [...Array(8).keys()].map((i) => (byte >> (7 - i)) & 1));
  const read = (from: number, length: number) => stream.slice(from, from + length).reduce((a, b) => (a << 1) | b, 0);
  if (read(0, 4) !== 0b0100) throw new Error('not byte mode');
  const countLen = version <= 9 ? 8 : 16;
  const length = read(4, countLen);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = read(4 + countLen + i * 8, 8);
  return { text: new TextDecoder().decode(bytes), ecc, mask, version };
}

const rows = (code: QrCode) => code.modules.map((row) => row.map((d) => (d ? '#' : '.')).join(''));

describe('QR encoder', () => {
  it('writes the format bits of the standard table for L and M and every mask', () => {
    for (const [code, [ecc, mask]] of Object.entries(FORMAT_TABLE)) {
      expect(formatBits(ecc, mask).toString(2).padStart(15, '0')).toBe(code);
    }
  });

  it('writes the version bits of the standard table for versions 7 to 10', () => {
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(8).toString(2).padStart(18, '0')).toBe('001000010110111100');
    expect(versionBits(9).toString(2).padStart(18, '0')).toBe('001001101010011001');
    expect(versionBits(10).toString(2).padStart(18, '0')).toBe('001010010011010011');
  });

  it('places alignment patterns where Annex E says', () => {
    for (let v = 1; v <= 10; v++) expect(alignmentPositions(v)).toEqual(ALIGN[v]);
  });

  it('computes the error correction of the 1-M "HELLO WORLD" example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('picks the smallest version that holds the bytes', () => {
    expect(chooseVersion(14, 'M')).toBe(1);
    expect(chooseVersion(15, 'M')).toBe(2);
    expect(chooseVersion(121, 'M')).toBe(7);
    expect(chooseVersion(213, 'M')).toBe(10);
    expect(chooseVersion(214, 'M')).toBeNull();
    expect(chooseVersion(271, 'L')).toBe(10);
  });

  it('draws the same matrix as an independent encoder for an otpauth URI', () => {
    expect(rows(encodeQr(OTPAUTH, { ecc: 'M', version: 7, mask: 6 }))).toEqual(OTPAUTH_V7_M_MASK6);
  });

  it('chooses version 7 at M for a 121-byte otpauth URI and a mask a reader accepts', () => {
    const code = encodeQr(OTPAUTH);
    expect(code.version).toBe(7);
    expect(code.size).toBe(45);
    expect(decode(code.modules)).toMatchObject({ text: OTPAUTH, ecc: 'M', version: 7, mask: code.mask });
  });

  it('reads back every version 1 to 10 at L and M and every mask', () => {
    const byteCapacity: Record<QrEcc, number[]> = {
      L: [0, 17, 32, 53, 78, 106, 134, 154, 192, 230, 271],
      M: [0, 14, 26, 42, 62, 84, 106, 122, 152, 180, 213],
    };
    for (const ecc of ['L', 'M'] as const) {
      for (let version = 1; version <= 10; version++) {
        // Near the version's capacity, with a two-byte UTF-8 character in the mix.
        let text = 'Ab9~é'.repeat(60);
        while (new TextEncoder().encode(text).length > at(byteCapacity[ecc], version) - (version % 3)) text = text.slice(0, -1);
        for (let mask = 0; mask < 8; mask++) {
          const code = encodeQr(text, { ecc, version, mask });
          expect(decode(code.modules)).toEqual({ text, ecc, mask, version });
        }
      }
    }
  });

  it('refuses text that does not fit in version 10', () => {
    expect(() => encodeQr('x'.repeat(214), { ecc: 'M' })).toThrow(RangeError);
  });

  it('a flipped data module breaks the reference check (the decoder is not vacuous)', () => {
    const code = encodeQr(OTPAUTH, { version: 7, mask: 6 });
    const modules = code.modules.map((row) => [...row]);
    const row = at(modules, 44);
    row[44] = !at(row, 44);
    expect(() => decode(modules)).toThrow('error correction does not check');
  });
});
