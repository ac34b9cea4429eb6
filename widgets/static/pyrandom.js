// Python's random.Random(seed), as far as a seeded roll needs it: the same
// Mersenne Twister, seeded from an integer the way CPython seeds it
// (init_by_array over the 32-bit words of the seed), and randrange() by
// rejection on getrandbits(). A roll drawn in the page and a roll replayed by
// the engine (rules.cast(rng=random.Random(seed))) therefore give the same
// face. Pure: no DOM, no state outside the generator.

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

// Largest seed handled here (one 32-bit word); larger seeds go to the engine.
export const MAX_SEED = 0xffffffff;

function initGenrand(state, s) {
  state[0] = s >>> 0;
  for (let i = 1; i < N; i++) {
    const prev = state[i - 1] ^ (state[i - 1] >>> 30);
    // 1812433253 * prev + i, modulo 2^32, without losing bits to doubles.
    state[i] = (Math.imul(1812433253, prev) + i) >>> 0;
  }
}

function initByArray(state, key) {
  initGenrand(state, 19650218);
  let i = 1;
  let j = 0;
  for (let k = Math.max(N, key.length); k > 0; k--) {
    const prev = state[i - 1] ^ (state[i - 1] >>> 30);
    state[i] = ((state[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
    i++;
    j++;
    if (i >= N) {
      state[0] = state[N - 1];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = N - 1; k > 0; k--) {
    const prev = state[i - 1] ^ (state[i - 1] >>> 30);
    state[i] = ((state[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
    i++;
    if (i >= N) {
      state[0] = state[N - 1];
      i = 1;
    }
  }
  state[0] = 0x80000000;
}

export class PyRandom {
  /** seed: an integer 0..MAX_SEED (what Python's random.Random(seed) receives). */
  constructor(seed) {
    if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED) {
      throw new RangeError("seed out of range");
    }
    this.state = new Uint32Array(N);
    this.index = N;
    initByArray(this.state, [seed]);
  }

  uint32() {
    const mt = this.state;
    if (this.index >= N) {
      let kk = 0;
      for (; kk < N - M; kk++) {
        const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      const y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** random.getrandbits(k) for 1 <= k <= 32. */
  getrandbits(k) {
    return this.uint32() >>> (32 - k);
  }

  /** random.randint(a, b) for a small range (b - a < 2^31). */
  randint(a, b) {
    const width = b - a + 1;
    const k = 32 - Math.clz32(width); // width.bit_length()
    let r = this.getrandbits(k);
    while (r >= width) r = this.getrandbits(k);
    return a + r;
  }
}
