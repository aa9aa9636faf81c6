// A small seeded random source, so that a failing random test can be replayed from its seed.
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** A float in [0, 1) (xorshift32). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x100000000;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/** A random edit of `text`: delete, insert or replace a short run, with Whetstone-ish fragments. */
export function randomEdit(random: Random, text: string): { startOffset: number; endOffset: number; newText: string } {
  const fragments = ['', ';', '{', '}', '(', ')', 'let ', 'x', ' = ', '1', '"', '/*', '*/', '//', '\n', 'fn ', '@', ',', '.', 'return ', ' + '];
  const start = random.int(text.length + 1);
  const length = random.next() < 0.5 ? 0 : random.int(Math.min(20, text.length - start) + 1);
  const parts = random.int(3);
  let newText = '';
  for (let i = 0; i < parts; i++) newText += random.pick(fragments);
  return { startOffset: start, endOffset: start + length, newText };
}
