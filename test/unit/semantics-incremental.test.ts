// Incremental analysis: after every edit of a random sequence, analysing a document from its
// previous model gives exactly what a fresh analysis gives: diagnostics, types, symbols,
// references, scopes, calls, dependencies and annotation suggestions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { walk, type Node, type Program } from '../../server/src/core/ast';
import { analyze, moduleExportsOf, type AnalyzeOptions, type ModuleExports, type ModuleResolution, type ModuleResolver, type SemanticModel, type SemanticSymbol } from '../../server/src/core/semantics';
import { suggestAnnotations } from '../../server/src/core/suggest';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { parse } from '../helpers/core';

const BASE = [
  'use math.{round, clamp};',
  'type Item { name: string, price: number, qty: number }',
  'type Order { items: list<Item>, rate: number }',
  'const limit = 100;',
  'let label = "total";',
  '',
  'fn total(order: Order): number {',
  '  let sum = 0;',
  '  for item in order.items {',
  '    sum = sum + item.price * item.qty;',
  '  }',
  '  return round(sum * (1 + order.rate), 2);',
  '}',
  '',
  'fn describe(item: Item): string {',
  '  const pick = fn(x: number): number => x * 2;',
  '  return item.name + ": " + str(pick(item.qty));',
  '}',
  '',
  'fn capped(order: Order): number {',
  '  let value = total(order);',
  '  if value > limit {',
  '    value = clamp(value, 0, limit);',
  '  }',
  '  return value;',
  '}',
  '',
  'fn square(x: number): number {',
  '  return x * x;',
  '}',
  '',
  'print(label, capped({ items: [], rate: 0.1 }));',
  '',
].join('\n');

/** Words and snippets edits put in: names the program uses, types, and whole items. */
const WORDS = ['total', 'describe', 'capped', 'square', 'Item', 'Order', 'price', 'qty', 'name', 'rate', 'items', 'limit', 'label', 'sum', 'value', 'x', 'round', 'totl', 'string', 'number', 'bool'];
const SNIPPETS = [
  '\n',
  '\n\n',
  ' ',
  '"text"',
  '42',
  'fn total(order: Order): string {\n  return "x";\n}\n',
  'fn extra(a: number, b: number = 1): number {\n  let unused = a;\n  return a + b;\n}\n',
  'type Item { name: string, price: string }\n',
  'const limit = "high";\n',
  'let sum = 1;\n',
  'fn describe(item: Order): string {\n  return item.rate;\n}\n',
  'fn helper(): number {\n  let value = 1;\n  {\n    let value = 2;\n    print(value);\n  }\n  return value + limit;\n}\n',
  '@performance(memoize, reason: "hot", confidence: 0.7)\n',
  'print(square(limit));\n',
  '}',
  '{',
];

type Edit =
  | { kind: 'word'; occurrence: number; word: string }
  | { kind: 'insert'; at: number; snippet: string }
  | { kind: 'delete'; at: number; length: number };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('word' as const), occurrence: fc.nat(), word: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), snippet: fc.constantFrom(...SNIPPETS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
);

/** Applies an edit to the document: replace one identifier, insert at a line start, or delete a run. */
function apply(doc: WhetstoneDocument, edit: Edit): void {
  const text = doc.text;
  if (edit.kind === 'word') {
    const words = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)];
    const match = words[edit.occurrence % words.length];
    const start = match.index ?? 0;
    doc.applyEdits([{ startOffset: start, endOffset: start + match[0].length, newText: edit.word }]);
  } else if (edit.kind === 'insert') {
    const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((m) => (m.index ?? 0) + 1)];
    const at = lineStarts[edit.at % lineStarts.length];
    doc.applyEdits([{ startOffset: at, endOffset: at, newText: edit.snippet }]);
  } else {
    const at = edit.at % Math.max(1, text.length);
    doc.applyEdits([{ startOffset: at, endOffset: Math.min(text.length, at + edit.length), newText: '' }]);
  }
}

function describeSymbol(symbol: SemanticSymbol | undefined): unknown {
  if (!symbol) return null;
  return {
    name: symbol.name,
    kind: symbol.kind,
    declNodeId: symbol.declNodeId,
    type: JSON.stringify(symbol.type, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value)),
    scope: `${symbol.scope.kind}:${symbol.scope.nodeId}`,
    visibleFrom: symbol.visibleFrom,
    module: symbol.module,
    importIndex: symbol.importIndex,
  };
}

/** Every fact the model hands out, as plain data (symbols by what they are, not by identity). */
function facts(model: SemanticModel, doc: WhetstoneDocument): unknown {
  const nodes: Node[] = [];
  walk(doc.ast, (node) => nodes.push(node));
  return {
    diagnostics: model.diagnostics,
    symbols: model.symbols.map((symbol) => ({ symbol: describeSymbol(symbol), references: model.referenceDetailsOf(symbol) })),
    nodes: nodes.map((node) => ({
      id: node.id,
      type: JSON.stringify(model.typeOf(node.id) ?? null),
      symbol: describeSymbol(model.symbolOf(node.id)),
      definition: model.definitionOf(node.id) ?? null,
      scope: (() => {
        const scope = model.scopeAt(node.id);
        return scope ? `${scope.kind}:${scope.nodeId}` : null;
      })(),
      visible: model.symbolsInScopeAt(node.id).map((symbol) => `${symbol.kind}:${symbol.name}:${symbol.declNodeId}`),
      dependencies: node.type === 'FunctionDeclaration' || node.type === 'VariableDeclaration' ? model.dependenciesOf(node.id) : null,
      calls: node.type === 'FunctionDeclaration' ? (model.callHierarchyOf(node.id) ?? null) : null,
    })),
    suggestions: suggestAnnotations(doc.ast, model, model.library),
  };
}

/** The analysis of `doc` from `previous`, asserted equal, fact for fact, to a fresh one. */
function analysedAsFresh(doc: WhetstoneDocument, previous: SemanticModel, options: AnalyzeOptions, after: string): SemanticModel {
  const incremental = analyze(doc, { ...options, previous });
  assert.deepEqual(facts(incremental, doc), facts(analyze(doc, options), doc), `after ${after} the text is:\n${doc.text}`);
  return incremental;
}

/** A model's item for the top-level declaration of that name. */
function itemOf(model: SemanticModel, name: string) {
  return model.items.find((item) => 'name' in item.node && item.node.name === name);
}

describe('incremental analysis', () => {
  it('equals a fresh analysis after every edit of random edit sequences', async () => {
    const start = await parse(BASE);
    start.dispose();
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 10 }), async (edits) => {
        const doc = await parse(BASE);
        try {
          let previous = analyze(doc);
          for (const edit of edits) {
            apply(doc, edit);
            previous = analysedAsFresh(doc, previous, {}, JSON.stringify(edit));
          }
        } finally {
          doc.dispose();
        }
      }),
      { numRuns: 60, seed: 12 },
    );
  });

  it('equals a fresh analysis when an import takes the name of a declared type (its fields leave the kept functions)', async () => {
    const doc = await parse(BASE);
    try {
      let previous = analyze(doc);
      const at = doc.text.indexOf('round');
      for (const edit of [{ startOffset: at, endOffset: at + 'round'.length, newText: 'Item' }, { startOffset: at, endOffset: at + 'Item'.length, newText: 'round' }]) {
        doc.applyEdits([edit]);
        const incremental = analyze(doc, { previous });
        assert.deepEqual(facts(incremental, doc), facts(analyze(doc), doc));
        previous = incremental;
      }
      // While the import holds the name, `item.name` in describe refers to no field.
    } finally {
      doc.dispose();
    }
  });

  it('redoes a kept function whose ids an edit matched against an expected AST changed in place', async () => {
    const doc = await parse(BASE);
    try {
      const first = analyze(doc);
      const text = doc.text;
      const at = text.indexOf('x * 2') + 'x * '.length;
      const expected = JSON.parse(JSON.stringify(doc.ast)) as Program;
      const square = expected.children.find((child) => child.type === 'FunctionDeclaration' && child.name === 'square');
      assert.ok(square);
      square.id = 'node_renamed_by_the_match';
      doc.applyEdits([{ startOffset: at, endOffset: at + 1, newText: '3' }], { expected, expectedText: text.slice(0, at) + '3' + text.slice(at + 1) });
      const kept = doc.ast.children.find((child) => child.type === 'FunctionDeclaration' && child.name === 'square');
      assert.equal(kept, itemOf(first, 'square')?.node, 'square is the same node object, its id changed in place');
      assert.equal(kept?.id, 'node_renamed_by_the_match');
      const second = analyze(doc, { previous: first });
      assert.equal(second.symbolOf('node_renamed_by_the_match')?.name, 'square');
      assert.deepEqual(facts(second, doc), facts(analyze(doc), doc));
    } finally {
      doc.dispose();
    }
  });

  it('declares again only what a keystroke in a body touched', async () => {
    const doc = await parse(BASE);
    const first = analyze(doc);
    const at = doc.text.indexOf('return x * x') + 'return x * '.length;
    doc.applyEdits([{ startOffset: at, endOffset: at + 1, newText: 'x + 1' }]);
    const second = analyze(doc, { previous: first });
    // Only square's declaration record was made again; its symbol is the same object.
    assert.deepEqual([...second.level.remade].map((node) => ('name' in node ? node.name : node.type)), ['square']);
    assert.equal(second.symbolOf(itemOf(second, 'square')?.node.id ?? ''), first.symbolOf(itemOf(first, 'square')?.node.id ?? ''));
    // Declared types and the import keep their items, and so does every other function.
    assert.equal(itemOf(second, 'Item'), itemOf(first, 'Item'));
    assert.equal(second.items[0], first.items[0]);
    assert.equal(itemOf(second, 'total'), itemOf(first, 'total'));
    // A line break between two functions moves every item below it: nothing is declared again.
    const blank = doc.text.indexOf('\n\nfn describe') + 1;
    doc.applyEdits([{ startOffset: blank, endOffset: blank, newText: '\n' }]);
    const third = analyze(doc, { previous: second });
    assert.equal(third.level.remade.size, 0);
    assert.equal(itemOf(third, 'capped'), itemOf(second, 'capped'));
    assert.deepEqual(facts(third, doc), facts(analyze(doc), doc));
    doc.dispose();
  });

  it('keeps the facts of functions an edit cannot affect, and redoes the callers of a changed signature', async () => {
    const doc = await parse(BASE);
    const first = analyze(doc);
    // A digit inside square's body: only square is analysed again.
    const at = doc.text.indexOf('return x * x') + 'return x * '.length;
    doc.applyEdits([{ startOffset: at, endOffset: at + 1, newText: 'y' }]);
    const second = analyze(doc, { previous: first });
    assert.equal(itemOf(second, 'total'), itemOf(first, 'total'));
    assert.equal(itemOf(second, 'capped'), itemOf(first, 'capped'));
    assert.notEqual(itemOf(second, 'square'), itemOf(first, 'square'));
    assert.ok(second.diagnostics.some((d) => d.code === 'E_UNDEFINED' && d.message.includes("'y'")));
    // total's return type changes: its caller capped is analysed again, describe is kept.
    const returnType = doc.text.indexOf('number {\n  let sum');
    doc.applyEdits([{ startOffset: returnType, endOffset: returnType + 'number'.length, newText: 'string' }]);
    const third = analyze(doc, { previous: second });
    assert.notEqual(itemOf(third, 'capped'), itemOf(second, 'capped'));
    assert.equal(itemOf(third, 'describe'), itemOf(second, 'describe'));
    // Item's fields change: describe and total (which use Item) are redone, square is kept.
    const price = doc.text.indexOf('price: number');
    doc.applyEdits([{ startOffset: price, endOffset: price + 'price'.length, newText: 'cost' }]);
    const fourth = analyze(doc, { previous: third });
    assert.notEqual(itemOf(fourth, 'describe'), itemOf(third, 'describe'));
    assert.notEqual(itemOf(fourth, 'total'), itemOf(third, 'total'));
    assert.equal(itemOf(fourth, 'square'), itemOf(third, 'square'));
    assert.ok(fourth.diagnostics.some((d) => d.code === 'E_UNKNOWN_FIELD' && d.message.includes('price')));
    doc.dispose();
  });
});

// The same, when what the imported modules answer changes: where only their functions, constants
// and variables change, the import items are declared again and the functions that read none of
// those names keep their facts; a type imported or declared there with other fields starts afresh.
const IMPORTER = [
  'use math.{round, clamp, RATE};',
  'use shop.money;',
  'use shop.kinds.{Price};',
  'type Item { name: string, price: number, qty: number }',
  'const limit = 100;',
  'let base = round(1.5, 0);',
  '',
  'fn total(items: list<Item>): number {',
  '  let sum = 0;',
  '  for item in items {',
  '    sum = sum + item.price * item.qty;',
  '  }',
  '  return round(sum, 2);',
  '}',
  '',
  'fn capped(v: number): number {',
  '  if v > limit {',
  '    return clamp(v, 0, limit);',
  '  }',
  '  return v;',
  '}',
  '',
  'fn charged(p: Price): number {',
  '  return money.fee(p.amount) + RATE;',
  '}',
  '',
  'fn square(x: number): number {',
  '  return x * x;',
  '}',
  '',
  'fn later(): number {',
  '  return base + 1;',
  '}',
  '',
  'print(total([]), capped(3), square(2), later());',
  '',
].join('\n');

/** Versions of each imported module: signatures retyped, arity, a name gone or made a constant, a type's fields. */
const MODULE_VERSIONS: Record<string, string[]> = {
  math: [
    'fn round(x: number, digits: number): number { return x; }\nfn clamp(v: number, lo: number, hi: number): number { return v; }\nconst RATE = 0.2;\n',
    'fn round(x: any, digits: number): number { return x; }\nfn clamp(v: number, lo: number, hi: number): number { return v; }\nconst RATE = 0.2;\n',
    'fn round(x: number): string { return ""; }\nfn clamp(v: number, lo: number, hi: number): number { return v; }\nconst RATE = 0.2;\n',
    'fn round(x: number, digits: number): number { return x; }\nconst RATE = 0.2;\n',
    'fn round(x: number, digits: number): number { return x; }\nfn clamp(v: number, lo: number, hi: number): number { return v; }\nconst RATE = "none";\n',
    'const round = 3;\nfn clamp(v: string, lo: number, hi: number): number { return 0; }\nconst RATE = 0.2;\n',
    'type Item { a: number }\nfn round(x: number, digits: number): number { return x; }\nfn clamp(v: number, lo: number, hi: number): number { return v; }\nconst RATE = 0.2;\n',
  ],
  'shop.money': ['fn fee(a: number): number { return a; }\n', 'fn fee(a: string): number { return 0; }\n', 'fn fee(): number { return 0; }\n', 'type Coin { v: number }\nfn fee(a: number): number { return a; }\n', 'let fee = 2;\n'],
  'shop.kinds': ['type Price { amount: number }\n', 'type Price { amount: string }\n', 'type Price { amount: number }\nfn helper(): number { return 1; }\n', 'fn helper(): number { return 1; }\n'],
};

/** Each module version's exports, made once (an importer's analysis is given the same object again for the same version, as the module cache does). */
const moduleExports = new Map<string, ModuleExports>();
async function exportsOf(text: string): Promise<ModuleExports> {
  let exports = moduleExports.get(text);
  if (!exports) {
    const module = await parse(text);
    exports = moduleExportsOf(analyze(module));
    module.dispose();
    moduleExports.set(text, exports);
  }
  return exports;
}

async function resolverOf(versions: Record<string, number>): Promise<ModuleResolver> {
  const answers = new Map<string, ModuleResolution>();
  for (const [modulePath, texts] of Object.entries(MODULE_VERSIONS)) {
    answers.set(modulePath, { file: `${modulePath.replace('.', '/')}.wst`, exports: await exportsOf(texts[versions[modulePath]]) });
  }
  return { resolve: (modulePath) => answers.get(modulePath) ?? { tried: [`${modulePath}.wst`] } };
}

type Step = { kind: 'module'; module: string; version: number } | { kind: 'edit'; edit: Edit };
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('module' as const), module: fc.constantFrom(...Object.keys(MODULE_VERSIONS)), version: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), edit: editArbitrary }) },
);

describe('incremental analysis across changes of what the imports answer', () => {
  it('equals a fresh analysis after every change of random sequences of module versions and edits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        const doc = await parse(IMPORTER);
        const versions: Record<string, number> = { math: 0, 'shop.money': 0, 'shop.kinds': 0 };
        try {
          let previous = analyze(doc, { modules: await resolverOf(versions) });
          for (const step of steps) {
            if (step.kind === 'edit') apply(doc, step.edit);
            else versions[step.module] = step.version % MODULE_VERSIONS[step.module].length;
            previous = analysedAsFresh(doc, previous, { modules: await resolverOf(versions) }, `${JSON.stringify(step)} (modules ${JSON.stringify(versions)})`);
          }
        } finally {
          doc.dispose();
        }
      }),
      { numRuns: 80, seed: 24 },
    );
  });

  it("keeps the functions that read none of a changed module's names, and redoes those that do", async () => {
    const doc = await parse(IMPORTER);
    try {
      const first = analyze(doc, { modules: await resolverOf({ math: 0, 'shop.money': 0, 'shop.kinds': 0 }) });
      // money.fee takes a text now: only charged reads money.
      const second = analyze(doc, { previous: first, modules: await resolverOf({ math: 0, 'shop.money': 1, 'shop.kinds': 0 }) });
      for (const name of ['total', 'capped', 'square', 'later']) assert.equal(itemOf(second, name), itemOf(first, name), `${name} kept`);
      assert.notEqual(itemOf(second, 'charged'), itemOf(first, 'charged'));
      assert.ok(second.diagnostics.some((d) => d.code === 'E_TYPE_MISMATCH' && d.message.includes("'a'")));
      // round returns a text: total reads round, later reads base (inferred from round); the others are kept.
      const third = analyze(doc, { previous: second, modules: await resolverOf({ math: 2, 'shop.money': 1, 'shop.kinds': 0 }) });
      for (const name of ['total', 'later']) assert.notEqual(itemOf(third, name), itemOf(second, name), `${name} redone`);
      for (const name of ['capped', 'charged', 'square']) assert.equal(itemOf(third, name), itemOf(second, name), `${name} kept`);
      // Price's field is a text now: an imported type's fields changed, so everything is analysed afresh.
      const fourth = analyze(doc, { previous: third, modules: await resolverOf({ math: 2, 'shop.money': 1, 'shop.kinds': 1 }) });
      assert.notEqual(itemOf(fourth, 'square'), itemOf(third, 'square'));
      assert.deepEqual(facts(fourth, doc), facts(analyze(doc, { modules: await resolverOf({ math: 2, 'shop.money': 1, 'shop.kinds': 1 }) }), doc));
    } finally {
      doc.dispose();
    }
  });
});
