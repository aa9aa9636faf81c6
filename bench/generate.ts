// Generates a realistic Whetstone file of about `lines` lines: types, annotated functions with
// loops, conditions, calls and lambdas, so that benchmarks parse and check code like users write.
export function generateProgram(lines: number): string {
  const out: string[] = ['// generated for benchmarks', 'use math.{round, clamp};', ''];
  let unit = 0;
  while (out.length < lines) {
    const n = unit++;
    out.push(
      `type Item${n} { name: string, price: number, qty: number, tags: list<string> }`,
      '',
      `@performance(memoize, reason: "hot path ${n}", confidence: 0.7)`,
      `fn total${n}(items: list<Item${n}>, rate: number = 0.2): number {`,
      '  let sum = 0;',
      '  for item in items {',
      '    if item.qty > 0 and item.price >= 0 {',
      '      sum = sum + item.price * item.qty;',
      '    } else {',
      '      sum = sum - 1;',
      '    }',
      '  }',
      `  const scaled = round(sum * (1 + rate), 2);`,
      '  return clamp(scaled, 0, 1000000);',
      '}',
      '',
      `fn describe${n}(item: Item${n}): string {`,
      '  let label = item.name + ": " + str(item.price);',
      '  while len(label) < 20 {',
      '    label = label + ".";',
      '  }',
      `  const pick = fn(x: number): number => x * ${n % 7};`,
      '  print(label, pick(item.qty));',
      '  return label;',
      '}',
      '',
    );
  }
  return out.join('\n') + '\n';
}
