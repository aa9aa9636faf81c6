// Generates a workspace of Whetstone modules for the index benchmarks: `files` files of about
// `lines` lines each, in domain folders, with a realistic import graph: layered, as real code
// bases' module graphs nearly are (a file imports only files of lower layers, the five hub
// modules `core.money` … at the bottom, each imported by about a fifth of the files), with two
// small import cycles (of 2 and 3 files) so cycles stay exercised; every file imports 3–10 others
// (`use billing.invoice17.{score17};`), and every imported name is used. The code is varied
// (types, annotated functions, loops, conditions, lambdas, maps) and well typed across files: every
// module exports `score<N>(values: list<number>, rate: number = 0.1): number` and `type Entry<N>`,
// and calls into other modules pass what those declare. Deterministic (a seeded generator).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface GeneratedModule {
  /** The path under the root, `/`-separated (`billing/invoice17.wst`). */
  path: string;
  /** The module name `use` gives it (`billing.invoice17`). */
  module: string;
  text: string;
}

interface Hub {
  module: string;
  names: string[];
  declarations: string[];
  /** A number-valued call of the hub's function on the number expression `x`. */
  call(x: string): string;
}

const HUBS: Hub[] = [
  {
    module: 'core.money',
    names: ['roundMoney', 'Money'],
    declarations: [
      'type Money { amount: number, currency: string }',
      '',
      '@semantic(pure)',
      'fn roundMoney(amount: number, digits: number = 2): number {',
      '  return round(amount, digits);',
      '}',
    ],
    call: (x) => `roundMoney(${x}, 2)`,
  },
  {
    module: 'core.text',
    names: ['padLabel'],
    declarations: ['fn padLabel(text: string, width: number): string {', '  let out = text;', '  while len(out) < width {', '    out = out + " ";', '  }', '  return out;', '}'],
    call: (x) => `len(padLabel(str(${x}), 12))`,
  },
  {
    module: 'core.dates',
    names: ['daysBetween'],
    declarations: ['fn daysBetween(start: number, end: number): number {', '  return floor(abs(end - start) / 86400);', '}'],
    call: (x) => `daysBetween(${x}, 86400 * 7)`,
  },
  {
    module: 'core.lists',
    names: ['sumAll'],
    declarations: ['fn sumAll(values: list<number>): number {', '  let total = 0;', '  for value in values {', '    total += value;', '  }', '  return total;', '}'],
    call: (x) => `sumAll([${x}, 1, 2])`,
  },
  {
    module: 'core.ids',
    names: ['nextId'],
    declarations: ['fn nextId(prefix: string, n: number): string {', '  return prefix + "-" + str(n);', '}'],
    call: (x) => `len(nextId("row", ${x}))`,
  },
];

const DOMAINS = ['billing', 'catalog', 'orders', 'shipping', 'users', 'reports', 'inventory', 'pricing', 'analytics', 'support'];
const NOUNS = ['invoice', 'ledger', 'basket', 'parcel', 'profile', 'summary', 'stock', 'tariff', 'metric', 'ticket'];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What one module imports: a hub or another module, with the call that uses it. */
interface Dependency {
  module: string;
  names: string[];
  call(x: string): string;
}

/** Files per layer: a file imports only files of lower layers (the hubs are below the first). */
const LAYER = 25;

/**
 * The few small import cycles kept (real code bases have some), as plain-file numbers: each member
 * imports the next, the last the first. Everything else is acyclic.
 */
const CYCLES: readonly (readonly number[])[] = [
  [400, 401],
  [700, 701, 702],
];

export function generateWorkspace(files = 1000, lines = 500, seed = 24): GeneratedModule[] {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const plain = Math.max(0, files - HUBS.length);
  const plainModule = (i: number) => `${DOMAINS[i % DOMAINS.length]}.${NOUNS[Math.floor(i / DOMAINS.length) % NOUNS.length]}${i}`;
  const hubDependency = (hub: Hub): Dependency => ({ module: hub.module, names: hub.names.filter((name) => name !== 'Money'), call: hub.call });
  const plainDependency = (other: number): Dependency => ({ module: plainModule(other), names: [`score${other}`], call: (x) => `score${other}([${x}, 1])` });
  // The next member of a cycle each cycle member imports (within the cycles only).
  const cycleNext = new Map<number, number>();
  for (const cycle of CYCLES) if (cycle.every((member) => member < plain)) cycle.forEach((member, at) => cycleNext.set(member, cycle[(at + 1) % cycle.length]));
  const modules: GeneratedModule[] = [];
  for (const hub of HUBS.slice(0, Math.min(HUBS.length, files))) modules.push(render(hub.module, [], hub.declarations, lines, -1, next));
  for (let i = 0; i < plain; i++) {
    const imports: Dependency[] = [];
    // One hub each, in turn: each hub is imported by a fifth of the files.
    const hub = i % HUBS.length;
    imports.push(hubDependency(HUBS[hub]));
    const layerStart = i - (i % LAYER);
    if (layerStart === 0) {
      // The first layer has only the hubs below it: two more of them.
      for (const other of [1, 2]) imports.push(hubDependency(HUBS[(hub + other) % HUBS.length]));
    } else {
      // 2 to 9 modules of lower layers, mostly the layers just below (a domain's files use each other), some anywhere below.
      const wanted = 2 + pick(8) - (cycleNext.has(i) ? 1 : 0);
      const chosen = new Set<number>();
      for (let tries = 0; chosen.size < wanted && tries < 100; tries++) {
        chosen.add(next() < 0.7 ? Math.max(0, layerStart - 1 - pick(3 * LAYER)) : pick(layerStart));
      }
      const inCycle = cycleNext.get(i);
      if (inCycle !== undefined) chosen.add(inCycle);
      for (const other of [...chosen].sort((a, b) => a - b)) imports.push(plainDependency(other));
    }
    const own = [
      `type Entry${i} { key: string, weight: number, tags: list<string> }`,
      '',
      `@performance(memoize, reason: "asked for every row", confidence: 0.6)`,
      `fn score${i}(values: list<number>, rate: number = 0.1): number {`,
      '  let total = 0;',
      '  for value in values {',
      '    if value > 0 {',
      '      total += value * (1 + rate);',
      '    }',
      '  }',
      '  return total;',
      '}',
    ];
    modules.push(render(plainModule(i), imports, own, lines, i, next));
  }
  return modules;
}

function render(module: string, imports: Dependency[], own: string[], lines: number, n: number, next: () => number): GeneratedModule {
  const out: string[] = [`// ${module}: generated for the workspace benchmarks`];
  for (const dependency of imports) out.push(`use ${dependency.module}.{${dependency.names.join(', ')}};`);
  out.push('', ...own, '');
  for (let unit = 0; out.length < lines - 1; unit++) {
    // Every import is used: the units go round them.
    const dependency = imports.length > 0 ? imports[unit % imports.length] : undefined;
    const call = dependency ? dependency.call : (x: string) => `round(${x}, 1)`;
    out.push(...UNITS[Math.floor(next() * UNITS.length)](`${n < 0 ? 'hub' : n}u${unit}`, call, n), '');
  }
  const text = out.slice(0, Math.max(lines, out.length)).join('\n') + '\n';
  return { path: `${module.split('.').join('/')}.wst`, module, text };
}

/** A unit of code: `s` makes its names unique, `call` uses an import, `n` is the module's number (its own `Entry<n>`; -1 for a hub, which has none). */
type Unit = (s: string, call: (x: string) => string, n: number) => string[];

const UNITS: Unit[] = [
  (s, call) => [
    `type Line${s} { sku: string, price: number, qty: number, note: string? }`,
    '',
    `@performance(parallelize, reason: "independent lines")`,
    `fn lineTotals${s}(lines: list<Line${s}>, discount: number = 0): number {`,
    '  let sum = 0;',
    '  for line in lines {',
    '    if line.qty > 0 and line.price >= 0 {',
    '      sum = sum + line.price * line.qty;',
    '    } else if line.note != null {',
    '      sum -= 1;',
    '    }',
    '  }',
    `  return ${call('sum - discount')};`,
    '}',
  ],
  (s, call) => [
    `fn describe${s}(name: string, amount: number): string {`,
    '  let label = name + ": " + str(amount);',
    '  while len(label) < 24 {',
    '    label = label + ".";',
    '  }',
    `  const weight = fn(x: number): number => x * ${call('amount')};`,
    '  print(label, weight(2));',
    '  return label;',
    '}',
  ],
  (s, call) => [
    `fn histogram${s}(values: list<number>): map<string, number> {`,
    '  const counts: map<string, number> = {};',
    '  for value in values {',
    '    const bucket = "b" + str(floor(value / 10));',
    '    if len(keys(counts)) < 100 {',
    `      counts[bucket] = ${call('value')};`,
    '    }',
    '  }',
    '  return counts;',
    '}',
  ],
  (s, call, n) => [
    `fn weigh${s}(entry: ${n < 0 ? 'any' : `Entry${n}`}, factor: number): number {`,
    '  let result = entry.weight * factor;',
    '  for tag in entry.tags {',
    '    if len(tag) > 3 {',
    '      result += 1;',
    '    } else {',
    '      continue;',
    '    }',
    '  }',
    `  return result + ${call('factor')};`,
    '}',
  ],
  (s, call) => [
    `const LIMIT_${s.toUpperCase()} = 250;`,
    '',
    `@security(validate, reason: "values come from a form")`,
    `fn clampAll${s}(values: list<number>): list<number> {`,
    '  let kept: list<number> = [];',
    '  let i = 0;',
    '  while i < len(values) {',
    `    const value = min(values[i], LIMIT_${s.toUpperCase()});`,
    `    push(kept, max(value, ${call('0')}));`,
    '    i += 1;',
    '  }',
    '  return kept;',
    '}',
  ],
  (s, call) => [
    `async fn refresh${s}(id: string): string {`,
    `  const attempts = ${call('3')};`,
    '  let status = "pending";',
    '  for attempt in range(attempts) {',
    '    if attempt > 2 {',
    '      break;',
    '    }',
    '    status = id + "#" + str(attempt);',
    '  }',
    '  return status;',
    '}',
  ],
];

/** Writes the modules under `root`. */
export function writeWorkspace(root: string, modules: readonly GeneratedModule[]): void {
  for (const module of modules) {
    const path = join(root, module.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, module.text);
  }
}
