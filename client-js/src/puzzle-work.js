// The work a join puzzle asks (docs/http-api.md): a decimal counter n such that SHA-256 of `challenge:n` starts with
// `difficulty` zero bits. SHA-256 is written out here so the blocks of `challenge:` are hashed once per puzzle and
// each try hashes only the last one or two blocks (a WebCrypto call per try would cost more than the hash).

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
/** The longest counter the service accepts. */
export const MAX_COUNTER_DIGITS = 20;

/**
 * One SHA-256 compression of the 64 bytes at `block[offset…]` into `state`.
 * @param {Int32Array} state @param {Uint8Array} block @param {number} offset @param {Int32Array} w
 */
function compress(state, block, offset, w) {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (block[j] << 24) | (block[j + 1] << 16) | (block[j + 2] << 8) | block[j + 3];
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = state;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7)))
      + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10)))
      + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0; state[1] = (state[1] + b) | 0; state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0; state[4] = (state[4] + e) | 0; state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0; state[7] = (state[7] + h) | 0;
}

/** @param {Int32Array} state @param {number} difficulty */
function zeroBits(state, difficulty) {
  let left = difficulty;
  for (let i = 0; i < 8 && left > 0; i++) {
    const word = state[i] >>> 0;
    if (left >= 32) {
      if (word !== 0) return false;
      left -= 32;
    } else {
      return (word >>> (32 - left)) === 0;
    }
  }
  return true;
}

/**
 * Tries counters `from`, `from + 1`, … (at most `count` of them) on `challenge`; the first that solves it, or null.
 * Pure and synchronous: run it off the page's main thread (see puzzle.js).
 * @param {string} challenge ASCII, as the service issued it
 * @param {number} difficulty leading zero bits asked, 1 to 32
 * @param {number} [from] @param {number} [count]
 * @returns {string | null}
 */
export function searchCounter(challenge, difficulty, from = 0, count = Number.MAX_SAFE_INTEGER) {
  const prefix = new TextEncoder().encode(`${challenge}:`);
  const whole = prefix.length - (prefix.length % 64);
  const mid = new Int32Array(INITIAL);
  const w = new Int32Array(64);
  for (let offset = 0; offset < whole; offset += 64) compress(mid, prefix, offset, w);
  const tail = prefix.subarray(whole);
  const block = new Uint8Array(128); // the prefix's last bytes, the counter, the padding: one or two blocks
  block.set(tail);
  const state = new Int32Array(8);
  const end = Math.min(Number.MAX_SAFE_INTEGER, from + count);
  for (let n = from; n < end; n++) {
    const digits = String(n);
    let length = tail.length;
    for (let i = 0; i < digits.length; i++) block[length++] = digits.charCodeAt(i);
    const bits = (prefix.length + digits.length) * 8;
    block[length++] = 0x80;
    const blocks = length + 8 <= 64 ? 1 : 2;
    block.fill(0, length, blocks * 64 - 4);
    const last = blocks * 64;
    block[last - 4] = (bits >>> 24) & 0xff; block[last - 3] = (bits >>> 16) & 0xff;
    block[last - 2] = (bits >>> 8) & 0xff; block[last - 1] = bits & 0xff;
    state.set(mid);
    compress(state, block, 0, w);
    if (blocks === 2) compress(state, block, 64, w);
    if (zeroBits(state, difficulty)) return digits;
  }
  return null;
}

/**
 * The SHA-256 digest of `text` as hex, by the same code the search uses (for tests).
 * @param {string} text
 */
export function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const bits = length * 8;
  padded[padded.length - 4] = (bits >>> 24) & 0xff; padded[padded.length - 3] = (bits >>> 16) & 0xff;
  padded[padded.length - 2] = (bits >>> 8) & 0xff; padded[padded.length - 1] = bits & 0xff;
  const state = new Int32Array(INITIAL);
  const w = new Int32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) compress(state, padded, offset, w);
  return Array.from(state, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}
