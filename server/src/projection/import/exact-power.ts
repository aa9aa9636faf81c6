// Whether a power of two doubles is exactly a double. A pow that errs by less than one unit in the
// last place, as both the C library's (Python's `**`, `pow` and `math.pow` of floats) and V8's
// (Node's `Math.pow` and `**`) do, must give such a power exactly; any other power is rounded, and
// those two round about one such power in ten otherwise in the last digit.

/** A finite non-zero double's magnitude as odd × 2^twos. */
interface Split {
  odd: bigint;
  twos: number;
}

const view = new DataView(new ArrayBuffer(8));

function split(value: number): Split {
  view.setFloat64(0, Math.abs(value));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  let odd = bits & 0xfffffffffffffn;
  let twos = -1074; // a subnormal's
  if (biased > 0) {
    odd |= 1n << 52n;
    twos = biased - 1075;
  }
  while ((odd & 1n) === 0n) {
    odd >>= 1n;
    twos++;
  }
  return { odd, twos };
}

/**
 * Whether the exact value of `base ** exponent` (both finite) is a finite double: `x ** 0`,
 * `1 ** y`, `0 ** y` for `y > 0`, `x ** 1`, an int to a whole power from 0 whose value stays
 * within 2^53, a power of two to a whole power within the doubles' range, `0.5 ** 2`, `4 ** 0.5`
 * (not `8 ** (1 / 3)`: its exponent is not exactly a third). Not a power past the largest double
 * or below the least, nor one of a negative base to a fraction (not a real number).
 */
export function isExactPower(base: number, exponent: number): boolean {
  if (exponent === 0 || base === 1) return true;
  if (base === 0) return exponent > 0;
  const result = base ** exponent;
  if (!Number.isFinite(result) || result === 0) return false;
  // The common case, without big integers: an int to a whole power within 2^53.
  if (Number.isInteger(base) && Number.isInteger(exponent) && exponent > 0 && Number.isSafeInteger(result)) return true;
  // exponent = p / 2^k, with p whole; result = M × 2^E is the exact power iff result^(2^k) = base^p,
  // that is M^(2^k) = odd^p and E × 2^k = twos × p (odd and twos of the base).
  const [b, e, r] = [split(base), split(exponent), split(result)];
  const k = Math.max(0, -e.twos);
  // A whole power of a double that is not a power of two: its odd part would need more than 53 bits
  // as soon as its bits times the power pass 53. And an odd part above 1 that is a 2^k-th power
  // within 53 bits has k at most 5 (3^32 < 2^53 < 3^64).
  if (k > 5 && b.odd > 1n) return false;
  if (k > 63) return false; // base ** (p / 2^k) is then a power of two only if 2^k divides twos (at most 1074)
  const p = BigInt(Math.sign(exponent)) * e.odd * (1n << BigInt(Math.max(0, e.twos)));
  const rootPower = 1n << BigInt(k);
  if (BigInt(r.twos) * rootPower !== BigInt(b.twos) * p) return false;
  if (p < 0n) return b.odd === 1n && r.odd === 1n;
  if (b.odd === 1n) return r.odd === 1n;
  // Both sides below 2^2048 (M < 2^53, 2^k ≤ 32), compared without making larger numbers.
  if (Number(p) * Math.log2(Number(b.odd)) > 53 * Number(rootPower) + 1) return false;
  return r.odd ** rootPower === b.odd ** p;
}
