// Completion across modules in the core, on real parsed documents: module paths after `use `, a
// module's names inside `use m.{…}`, its members after `m.`, names of other modules offered with
// the module to import them from (bounded, after the file's own); the `use` edit that imports a
// name (joined to an existing `use m.{…}`, a new line after the last `use`, or first in the file;
// never a duplicate); and the name an E_UNDEFINED diagnostic says is missing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importEdits } from '../../server/src/core/editing';
import { completionsAt, MAX_AUTO_IMPORTS, missingNameOf, type CatalogDeclaration, type Completions, type FoundInModule, type ModuleCatalog } from '../../server/src/core/queries';
import { analyze, moduleExportsOf, type ModuleResolver } from '../../server/src/core/semantics';
import { applyTextEdits, type WhetstoneDocument } from '../../server/src/core/syntax';
import { parse } from '../helpers/core';

/** The modules of a workspace by path, each with its declarations, as the index would give them. */
function catalog(modules: Record<string, CatalogDeclaration[]>): ModuleCatalog {
  return {
    modulePaths: () => Object.keys(modules),
    declarationsOf: (module) => modules[module],
    search: (word, limit) => {
      const found: FoundInModule[] = [];
      for (const [module, declarations] of Object.entries(modules)) {
        for (const declaration of declarations) if (declaration.name.toLowerCase().includes(word.toLowerCase())) found.push({ module, declaration });
      }
      return found.slice(0, limit);
    },
  };
}

const WORKSPACE = catalog({
  pricing: [
    { name: 'orderTotal', kind: 'function', detail: 'fn orderTotal(prices: list<number>): number' },
    { name: 'taxRate', kind: 'constant', detail: 'number' },
    { name: 'Order', kind: 'type', detail: '{ lines: list<number> }' },
  ],
  'shop.orders': [{ name: 'placeOrder', kind: 'function', detail: 'fn placeOrder(id: string): bool' }],
  'shop.stock.levels': [{ name: 'stockOf', kind: 'function', detail: 'fn stockOf(item: string): number' }],
});

/** Completions at the `|` in `text`. */
async function completeAt(text: string, modules: ModuleCatalog | null = WORKSPACE, resolver?: ModuleResolver): Promise<Completions & { document: WhetstoneDocument }> {
  const cursor = text.indexOf('|');
  const document = await parse(text.replace('|', ''));
  return { ...completionsAt(document, analyze(document, resolver ? { modules: resolver } : {}), cursor, modules ?? undefined), document };
}

const labels = (completions: Completions): string[] => completions.candidates.map((candidate) => candidate.label);

describe('completion across modules', () => {
  it('offers the first segment of every module path after `use `, modules and folders', async () => {
    const completions = await completeAt('use |');
    assert.equal(completions.context, 'modulePath');
    assert.deepEqual(labels(completions), ['pricing', 'shop']);
    assert.deepEqual(
      completions.candidates.map((candidate) => candidate.kind),
      ['module', 'folder'],
    );
  });

  it('offers the next segment after `use a.`, filtered by the word begun', async () => {
    assert.deepEqual(labels(await completeAt('use shop.|')), ['orders', 'stock']);
    const begun = await completeAt('use shop.or|');
    assert.deepEqual(labels(begun), ['orders']);
    assert.equal(begun.replaceFrom, 'use shop.'.length);
  });

  it("offers a module's names inside `use m.{…}`, less the ones already listed", async () => {
    const completions = await completeAt('use pricing.{taxRate, |');
    assert.equal(completions.context, 'importName');
    assert.deepEqual(labels(completions), ['orderTotal', 'Order']);
    assert.equal(completions.candidates[0].detail, 'fn orderTotal(prices: list<number>): number');
    assert.equal(completions.candidates[1].kind, 'type');
  });

  it('offers the names inside a `use m.{…}` list written over several lines, after a comment line', async () => {
    const completions = await completeAt('// the prices\nuse pricing.{\n  taxRate,\n  |');
    assert.equal(completions.context, 'importName');
    assert.deepEqual(labels(completions), ['orderTotal', 'Order']);
    const closed = await completeAt('use pricing.{taxRate};\nlet t = tax|');
    assert.notEqual(closed.context, 'importName', 'a closed list is not where the cursor is');
  });

  it('offers the members of a module bound by `use m;` after `m.`, with kind and signature', async () => {
    const pricing = await parse('fn orderTotal(prices: list<number>): number { return 0; }\nconst taxRate = 0.2;\ntype Order { lines: list<number> }\n');
    const exports = moduleExportsOf(analyze(pricing));
    const resolver: ModuleResolver = { resolve: (module) => (module === 'pricing' ? { file: 'pricing.wst', exports } : { tried: [] }) };
    const completions = await completeAt('use pricing;\nlet t = pricing.|', WORKSPACE, resolver);
    assert.equal(completions.context, 'member');
    assert.deepEqual(
      completions.candidates.map((candidate) => [candidate.label, candidate.kind, candidate.detail]),
      [
        ['orderTotal', 'function', 'fn orderTotal(prices: list<number>): number'],
        ['taxRate', 'constant', 'const taxRate: number'],
      ],
    );
  });

  it("offers other modules' names after the file's own, each with its module, not one a local declaration gives", async () => {
    const completions = await completeAt('fn orderTotalLocal(): number { return 1; }\nlet x = orderT|');
    const names = labels(completions);
    assert.ok(names.indexOf('orderTotalLocal') < names.indexOf('orderTotal'), names.join(', '));
    const imported = completions.candidates.filter((candidate) => candidate.autoImport !== undefined);
    assert.deepEqual(
      imported.map((candidate) => [candidate.label, candidate.autoImport]),
      [['orderTotal', 'pricing']],
    );
    // Declared here: the file's own, not an import.
    const shadowed = await completeAt('fn orderTotal(): number { return 1; }\nlet x = orderT|');
    assert.ok(shadowed.candidates.every((candidate) => candidate.autoImport === undefined));
    // Not before a word is begun, and only types where a type is written.
    assert.ok((await completeAt('let x = |')).candidates.every((candidate) => candidate.autoImport === undefined));
    const typed = await completeAt('let o: Ord|');
    assert.deepEqual(
      typed.candidates.filter((candidate) => candidate.autoImport).map((candidate) => candidate.label),
      ['Order'],
    );
  });

  it('bounds the names of other modules and says the list is incomplete', async () => {
    const many = catalog({ big: Array.from({ length: MAX_AUTO_IMPORTS * 3 }, (_, i) => ({ name: `value${i}`, kind: 'constant' as const })) });
    const completions = await completeAt('let x = val|', many);
    assert.equal(completions.candidates.filter((candidate) => candidate.autoImport).length, MAX_AUTO_IMPORTS);
    assert.equal(completions.incomplete, true);
  });

  it('is as before without modules: nothing after `use `, no other names', async () => {
    const completions = await completeAt('let x = orderT|', null);
    assert.ok(completions.candidates.every((candidate) => candidate.autoImport === undefined));
    assert.deepEqual(labels(await completeAt('use |', null)), []);
  });
});

describe('the `use` that imports a name', () => {
  async function imported(text: string, module: string, name: string): Promise<string | undefined> {
    const document = await parse(text);
    const edits = importEdits(document, module, name);
    return edits && applyTextEdits(text, edits);
  }

  it('joins an existing `use m.{…}` of the module', async () => {
    assert.equal(await imported('use pricing.{taxRate};\nlet x = 1;\n', 'pricing', 'orderTotal'), 'use pricing.{taxRate, orderTotal};\nlet x = 1;\n');
  });

  it('adds a line after the last `use`, or first in a file without one', async () => {
    assert.equal(await imported('use shop.orders;\n\nlet x = 1;\n', 'pricing', 'orderTotal'), 'use shop.orders;\nuse pricing.{orderTotal};\n\nlet x = 1;\n');
    assert.equal(await imported('let x = 1;\n', 'pricing', 'orderTotal'), 'use pricing.{orderTotal};\n\nlet x = 1;\n');
  });

  it('never makes a duplicate: nothing for a name imported or declared already', async () => {
    assert.equal(await imported('use pricing.{orderTotal};\n', 'pricing', 'orderTotal'), undefined);
    assert.equal(await imported('use other.{orderTotal};\n', 'pricing', 'orderTotal'), undefined);
    assert.equal(await imported('fn orderTotal(): number { return 1; }\n', 'pricing', 'orderTotal'), undefined);
  });
});

describe('the name E_UNDEFINED says is missing', () => {
  it('reads a value, a type, and nothing for a name used before its declaration', async () => {
    const document = await parse('let a: Order = orderTotal([]);\nprint(later);\nlet later = 1;\n');
    const model = analyze(document);
    const missing = model.diagnostics.map((diagnostic) => missingNameOf(document, diagnostic)).filter((found) => found !== undefined);
    assert.deepEqual(missing, [
      { name: 'Order', kind: 'type' },
      { name: 'orderTotal', kind: 'value' },
    ]);
  });
});
