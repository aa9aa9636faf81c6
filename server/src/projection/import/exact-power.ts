// Whether a double to the power of a double is exactly a double. A pow that errs by less than one
// unit in the last place, as both the C library's (Python's `**`, `pow` and `math.pow` of floats)
// and V8's (Node's `Math.pow` and `**`) do, must give such a power exactly; any other power is
// rounded, and those two round about one such power in ten otherwise in the last digit.

/** A finite non-zero double's magnitude as odd × 2^twos (odd below 2^53, so a number holds it). */
interface Split {
  odd: number;
  twos: number;
}

const view = new DataView(new ArrayBuffer(8));

function split(value: number): Split {
  view.setFloat64(0, Math.abs(value));
  const [high, low] = [view.getUint32(0), view.getUint32(4)];
  const biased = high >>> 20;
  const top = (high & 0xfffff) + (biased > 0 ? 0x100000 : 0); // the implicit leading bit of a normal double
  const zeros = low !== 0 ? 31 - Math.clz32(low & -low) : 63 - Math.clz32(top & -top);
  return { odd: (top * 2 ** 32 + low) / 2 ** zeros, twos: (biased > 0 ? biased - 1075 : -1074) + zeros };
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
  // The common case at once: an int to a whole power within 2^53.
  if (Number.isInteger(base) && Number.isInteger(exponent) && exponent > 0 && Number.isSafeInteger(result)) return true;
  const b = split(base);
  const magnitude = Math.abs(result);
  if (Number.isInteger(exponent) && magnitude > 2 ** -1000 && magnitude < 2 ** 1000) {
    // Well within the normal doubles (a pow errs by less than a unit in the last place, so the exact
    // value is too), where odd^n × 2^(twos × n) is a double iff odd^n is below 2^53.
    if (exponent < 0 || b.odd === 1) return b.odd === 1;
    let power = 1;
    for (let n = 0; n < exponent && power < 2 ** 53; n++) power *= b.odd; // exact while below 2^53
    return power < 2 ** 53;
  }
  // exponent = p / 2^k, with p whole; result = M × 2^E is the exact power iff result^(2^k) = base^p,
  // that is M^(2^k) = odd^p and E × 2^k = twos × p (odd and twos of the base).
  const [e, r] = [split(exponent), split(result)];
  const k = Math.max(0, -e.twos);
  // An odd part above 1 that is a 2^k-th power within 53 bits has k at most 5 (3^32 < 2^53 < 3^64);
  // an odd part of 1 needs 2^k to divide twos, at most 1074.
  if (k > 10 || (k > 5 && b.odd > 1)) return false;
  const p = Math.sign(exponent) * e.odd * 2 ** Math.max(0, e.twos);
  // Where they are equal both sides are below 2^21 (|E| and |twos| within 1074, 2^k within 1024),
  // so a product rounded past 2^53 cannot pass.
  if (r.twos * 2 ** k !== b.twos * p) return false;
  if (p < 0) return b.odd === 1 && r.odd === 1;
  if (b.odd === 1) return r.odd === 1;
  // M below 2^53 and 2^k at most 32: the powers are below 2^1700, and are only made where they may be equal.
  if (p * Math.log2(b.odd) > 53 * 2 ** k + 1) return false;
  return BigInt(r.odd) ** BigInt(2 ** k) === BigInt(b.odd) ** BigInt(p);
}
