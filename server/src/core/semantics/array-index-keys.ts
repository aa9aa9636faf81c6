// The texts JavaScript takes as array indexes when they key an object: such keys are walked
// before the others, in numeric order (the order `jsKeys` and `jsValues` give).

/** Whether `key` is an array index to JavaScript: a whole number below 2^32 - 1 written without a sign or leading zero. */
export function isArrayIndexKey(key: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}
