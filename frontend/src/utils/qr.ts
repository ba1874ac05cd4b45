// A small QR code encoder (ISO/IEC 18004): byte mode, error correction L or M, versions 1 to 10
// (up to 271 bytes at L, 213 at M), the mask chosen by the standard's penalty rules. Enough for
// an otpauth:// URI (about 120 bytes: version 6 to 8 at M). The layout follows Project Nayuki's
// reference QR code generator. The result is a square matrix of modules, true = dark, without
// the quiet zone (callers draw a 4-module light border around it).

export type QrEcc = 'L' | 'M';

export type QrCode = {
  version: number;
  size: number;
  ecc: QrEcc;
  mask: number;
  /** modules[y][x], true = dark. */
  modules: boolean[][];
};

export const QR_VERSION_MAX = 10;

// Per version (index 1..10): error correction codewords per block and number of blocks.
const ECC_CODEWORDS_PER_BLOCK: Record<QrEcc, readonly number[]> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
};
const NUM_ECC_BLOCKS: Record<QrEcc, readonly number[]> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
};
/** The 2-bit error correction level field of the format information. */
const ECC_FORMAT_BITS: Record<QrEcc, number> = { L: 1, M: 0 };
const MODE_BYTE = 0b0100;
const PAD_BYTES = [0xec, 0x11] as const;
const MASK_COUNT = 8;

/** An element that must exist (tables indexed by a checked version, arrays by a bounded loop). */
function at<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`Index ${index} out of range`);
  return value;
}

const eccPerBlock = (version: number, ecc: QrEcc): number => at(ECC_CODEWORDS_PER_BLOCK[ecc], version);
const eccBlocks = (version: number, ecc: QrEcc): number => at(NUM_ECC_BLOCKS[ecc], version);

/** Modules of a version that carry data and error correction bits (remainder bits included). */
export function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const numAlign = Math.floor(version / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords a version holds at a level (after error correction). */
export function dataCodewords(version: number, ecc: QrEcc): number {
  return Math.floor(rawDataModules(version) / 8) - eccPerBlock(version, ecc) * eccBlocks(version, ecc);
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** The smallest version in 1..10 that holds `byteCount` bytes, or null. */
export function chooseVersion(byteCount: number, ecc: QrEcc): number | null {
  for (let version = 1; version <= QR_VERSION_MAX; version++) {
    const bits = 4 + countBits(version) + 8 * byteCount;
    if (bits <= dataCodewords(version, ecc) * 8) return version;
  }
  return null;
}

// --- Reed-Solomon over GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ---

export function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(at(result, j), root) ^ (j + 1 < result.length ? at(result, j + 1) : 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The `degree` error correction codewords of `data`. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] = at(result, i) ^ gfMultiply(coef, factor);
    });
  }
  return result;
}

// --- Data codewords ---

/** Mode, count, the bytes, terminator and pad bytes: the version's data codewords. */
export function encodeDataCodewords(bytes: Uint8Array, version: number, ecc: QrEcc): number[] {
  const capacityBits = dataCodewords(version, ecc) * 8;
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(MODE_BYTE, 4);
  append(bytes.length, countBits(version));
  bytes.forEach((byte) => append(byte, 8));
  if (bits.length > capacityBits) throw new RangeError('Data too long for this version');
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  }
  for (let i = 0; codewords.length < capacityBits / 8; i++) codewords.push(i % 2 === 0 ? PAD_BYTES[0] : PAD_BYTES[1]);
  return codewords;
}

/** Splits the data into blocks, adds each block's error correction and interleaves them. */
export function interleaveWithEcc(data: readonly number[], version: number, ecc: QrEcc): number[] {
  const numBlocks = eccBlocks(version, ecc);
  const blockEccLen = eccPerBlock(version, ecc);
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const numShortBlocks = numBlocks - (rawCodewords % numBlocks);
  const shortBlockLen = Math.floor(rawCodewords / numBlocks);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const dat = data.slice(k, k + shortBlockLen - blockEccLen + (i < numShortBlocks ? 0 : 1));
    k += dat.length;
    const eccBytes = rsRemainder(dat, blockEccLen);
    // Short blocks get a placeholder so every block has the same length; it is skipped below.
    if (i < numShortBlocks) dat.push(0);
    blocks.push(dat.concat(eccBytes));
  }
  const result: number[] = [];
  for (let i = 0; i < at(blocks, 0).length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLen - blockEccLen || j >= numShortBlocks) result.push(at(block, i));
    });
  }
  return result;
}

// --- Format and version information ---

/** The 15 format bits (BCH coded and masked with 0x5412) for a level and mask. */
export function formatBits(ecc: QrEcc, mask: number): number {
  const data = (ECC_FORMAT_BITS[ecc] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (BCH coded), versions 7 and up. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** Centres of the alignment patterns along one axis. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const numAlign = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = Math.floor((version * 8 + numAlign * 3 + 5) / (numAlign * 4 - 4)) * 2;
  const result = [6];
  for (let pos = size - 7; result.length < numAlign; pos -= step) result.splice(1, 0, pos);
  return result;
}

// --- The matrix ---

const bit = (value: number, i: number): boolean => ((value >>> i) & 1) !== 0;

/** The matrix while it is drawn: flat arrays, index y * size + x. */
class Grid {
  readonly dark: Uint8Array;
  readonly isFunction: Uint8Array;

  constructor(readonly size: number) {
    this.dark = new Uint8Array(size * size);
    this.isFunction = new Uint8Array(size * size);
  }

  get(x: number, y: number): boolean {
    return this.dark[y * this.size + x] === 1;
  }

  set(x: number, y: number, dark: boolean): void {
    this.dark[y * this.size + x] = dark ? 1 : 0;
  }

  functional(x: number, y: number): boolean {
    return this.isFunction[y * this.size + x] === 1;
  }

  setFunction(x: number, y: number, dark: boolean): void {
    this.set(x, y, dark);
    this.isFunction[y * this.size + x] = 1;
  }

  rows(): boolean[][] {
    return Array.from({ length: this.size }, (_, y) => Array.from({ length: this.size }, (__, x) => this.get(x, y)));
  }
}

function drawFinder(grid: Grid, cx: number, cy: number): void {
  for (let dy = -4; dy <= 4; dy++) {
    for (let dx = -4; dx <= 4; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= grid.size || y >= grid.size) continue;
      const dist = Math.max(Math.abs(dx), Math.abs(dy));
      grid.setFunction(x, y, dist !== 2 && dist !== 4);
    }
  }
}

function drawAlignment(grid: Grid, cx: number, cy: number): void {
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      grid.setFunction(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
}

function drawFormat(grid: Grid, ecc: QrEcc, mask: number): void {
  const bits = formatBits(ecc, mask);
  const size = grid.size;
  // First copy, around the top-left finder.
  for (let i = 0; i <= 5; i++) grid.setFunction(8, i, bit(bits, i));
  grid.setFunction(8, 7, bit(bits, 6));
  grid.setFunction(8, 8, bit(bits, 7));
  grid.setFunction(7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i++) grid.setFunction(14 - i, 8, bit(bits, i));
  // Second copy, split between the top-right and bottom-left finders.
  for (let i = 0; i < 8; i++) grid.setFunction(size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i++) grid.setFunction(8, size - 15 + i, bit(bits, i));
  // The module that is always dark.
  grid.setFunction(8, size - 8, true);
}

function drawVersion(grid: Grid, version: number): void {
  if (version < 7) return;
  const bits = versionBits(version);
  for (let i = 0; i < 18; i++) {
    const a = grid.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    grid.setFunction(a, b, bit(bits, i));
    grid.setFunction(b, a, bit(bits, i));
  }
}

function drawFunctionPatterns(grid: Grid, version: number, ecc: QrEcc): void {
  const size = grid.size;
  for (let i = 0; i < size; i++) {
    grid.setFunction(6, i, i % 2 === 0);
    grid.setFunction(i, 6, i % 2 === 0);
  }
  drawFinder(grid, 3, 3);
  drawFinder(grid, size - 4, 3);
  drawFinder(grid, 3, size - 4);
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((x, i) => {
    positions.forEach((y, j) => {
      // The three corners hold finder patterns.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      drawAlignment(grid, x, y);
    });
  });
  // Reserve the format area now; the real bits are drawn once the mask is known.
  drawFormat(grid, ecc, 0);
  drawVersion(grid, version);
}

/** Places the codewords in the two-module-wide zigzag from the bottom-right corner. */
function drawCodewords(grid: Grid, codewords: readonly number[]): void {
  const size = grid.size;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    // The vertical timing pattern's column is skipped.
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (!grid.functional(x, y) && i < codewords.length * 8) {
          grid.set(x, y, bit(at(codewords, i >>> 3), 7 - (i & 7)));
          i++;
        }
        // Remainder bits stay light, as initialised.
      }
    }
  }
}

/** Whether mask `mask` inverts the module at (x, y). */
export function maskApplies(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    case 7:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      throw new RangeError(`Mask ${mask} is not 0..7`);
  }
}

function applyMask(grid: Grid, mask: number): void {
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      if (!grid.functional(x, y) && maskApplies(mask, x, y)) grid.set(x, y, !grid.get(x, y));
    }
  }
}

// --- Mask penalty (ISO/IEC 18004 §7.8.3) ---

const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
];

function lineRuns(line: readonly boolean[]): number {
  let penalty = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) {
      run++;
      continue;
    }
    if (run >= 5) penalty += 3 + (run - 5);
    run = 1;
  }
  return penalty;
}

function lineFinderLike(line: readonly boolean[]): number {
  let penalty = 0;
  for (let i = 0; i + 11 <= line.length; i++) {
    for (const pattern of FINDER_LIKE) {
      if (pattern.every((dark, k) => line[i + k] === dark)) penalty += 40;
    }
  }
  return penalty;
}

/** The penalty score of a finished matrix (modules[y][x]): lower is easier to read. */
export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  const cell = (x: number, y: number): boolean => modules[y]?.[x] === true;
  const lines: boolean[][] = [];
  for (let i = 0; i < size; i++) {
    lines.push(Array.from({ length: size }, (_, k) => cell(k, i)));
    lines.push(Array.from({ length: size }, (_, k) => cell(i, k)));
  }
  let penalty = 0;
  for (const line of lines) penalty += lineRuns(line) + lineFinderLike(line);
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = cell(x, y);
      if (c) dark++;
      if (x + 1 < size && y + 1 < size && c === cell(x + 1, y) && c === cell(x, y + 1) && c === cell(x + 1, y + 1)) penalty += 3;
    }
  }
  const total = size * size;
  // 10 points for each full 5% the dark share strays from 50%.
  penalty += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return penalty;
}

export type QrOptions = {
  ecc?: QrEcc;
  /** Force a version (1..10); the smallest that fits otherwise. */
  version?: number;
  /** Force a mask (0..7); the lowest penalty otherwise. */
  mask?: number;
};

function build(codewords: readonly number[], version: number, ecc: QrEcc, mask: number): Grid {
  const grid = new Grid(version * 4 + 17);
  drawFunctionPatterns(grid, version, ecc);
  drawCodewords(grid, codewords);
  applyMask(grid, mask);
  drawFormat(grid, ecc, mask);
  return grid;
}

/** Encodes `text` (as UTF-8 bytes) into a QR code. Throws a RangeError when it does not fit. */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const ecc = options.ecc ?? 'M';
  const bytes = new TextEncoder().encode(text);
  const smallest = chooseVersion(bytes.length, ecc);
  if (smallest === null) throw new RangeError(`Text of ${bytes.length} bytes does not fit in version ${QR_VERSION_MAX}`);
  const version = options.version ?? smallest;
  if (!Number.isInteger(version) || version < smallest || version > QR_VERSION_MAX) {
    throw new RangeError(`Version ${version} cannot hold ${bytes.length} bytes`);
  }
  const codewords = interleaveWithEcc(encodeDataCodewords(bytes, version, ecc), version, ecc);
  const masks = options.mask === undefined ? [...Array(MASK_COUNT).keys()] : [options.mask];
  let best: { modules: boolean[][]; mask: number; score: number } | null = null;
  for (const mask of masks) {
    const modules = build(codewords, version, ecc, mask).rows();
    const score = masks.length === 1 ? 0 : penaltyScore(modules);
    if (!best || score < best.score) best = { modules, mask, score };
  }
  if (!best) throw new RangeError('No mask to try');
  return { version, size: version * 4 + 17, ecc, mask: best.mask, modules: best.modules };
}
