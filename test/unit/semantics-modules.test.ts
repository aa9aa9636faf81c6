// Modules: `use a.b` resolved to a/b.wst through a ModuleSet over real parsed documents; what a
// module exports; cycles; cross-file type errors; W_UNKNOWN_IMPORT naming the file tried;
// E_UNKNOWN_EXPORT with its "did you mean" and fix; no resolver = as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze, closestName, moduleExportsOf, moduleFilePath, modulePathOf, ModuleSet, typeToString, type ModuleResolver, type SemanticModel } from '../../server/src/core/semantics';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { applyMutations } from '../../server/src/core/editing';
import { parse, replaceText } from '../helpers/core';

/** A set of files by path (a/b.wst), as a folder under a source root would give them. */
async function program(files: Record<string, string>): Promise<{ set: ModuleSet; docs: Map<string, WhetstoneDocument> }> {
  const docs = new Map<string, WhetstoneDocument>();
  for (const [file, text] of Object.entries(files)) docs.set(file, await parse(text));
  const set = new ModuleSet({
    find: (modulePath) => {
      const file = moduleFilePath(modulePath);
      const document = docs.get(file);
      if (document) return { file, document };
      const near = closestName(modulePath, [...docs.keys()].flatMap((known) => modulePathOf(known) ?? []));
      return near ? { tried: [file], near } : { tried: [file] };
    },
  });
  for (const [file, document] of docs) set.addDocument(file, document);
  return { set, docs };
}

function lines(model: SemanticModel): string[] {
  return model.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
}

const PRICING = 'fn orderTotal(prices: list<number>): number { let t = 0; for p in prices { t = t + p; } return t; }\n';

describe('modules', () => {
  it('maps module paths to files and back', () => {
    assert.equal(moduleFilePath('warehouse'), 'warehouse.wst');
    assert.equal(moduleFilePath('shop.orders'), 'shop/orders.wst');
    assert.equal(modulePathOf('shop/orders.wst'), 'shop.orders');
    assert.equal(modulePathOf('shop/my-orders.wst'), undefined);
    assert.equal(modulePathOf('notes.txt'), undefined);
  });

  it("the issue's pricing/orders example gets exactly the cross-file diagnostics", async () => {
    const { set } = await program({
      'pricing.wst': PRICING,
      'orders.wst': 'use pricing.{orderTotal, missingThing};\nuse nosuchmodule;\nlet x: string = orderTotal("not a list", 3);\nprint(x);\n',
    });
    assert.deepEqual(lines(set.modelOf('orders.wst')), [
      "1:25 E_UNKNOWN_EXPORT Module 'pricing' (pricing.wst) does not declare 'missingThing'",
      "1:25 W_UNUSED Unused import 'missingThing'",
      "2:0 W_UNKNOWN_IMPORT Module 'nosuchmodule' not found: looked for 'nosuchmodule.wst'",
      "2:0 W_UNUSED Unused import 'nosuchmodule'",
      "3:16 E_ARITY 'orderTotal' expects 1 argument but got 2",
      '3:16 E_TYPE_MISMATCH Type number is not assignable to \'x\' of type string',
      "3:27 E_TYPE_MISMATCH Argument of type string is not assignable to parameter 'prices' of type list<number>",
    ]);
    assert.deepEqual(lines(set.modelOf('pricing.wst')), []);
  });

  it('exports top-level functions (signatures), types (fields), constants and variables (declared or inferred)', async () => {
    const { set } = await program({
      'm.wst': 'type Item { name: string, price: number }\nconst RATE = 0.2;\nlet count: number = 0;\nfn total(items: list<Item>): number { return 0; }\nprint(count);\n',
    });
    const exports = moduleExportsOf(set.modelOf('m.wst'));
    const shown = [...exports.names].map(([name, e]) => `${e.kind} ${name}: ${typeToString(e.type)}${e.fields ? ` {${[...e.fields].map(([f, t]) => `${f}: ${typeToString(t)}`).join(', ')}}` : ''}`);
    assert.deepEqual(shown, [
      'type Item: Item {name: string, price: number}',
      'constant RATE: number',
      'variable count: number',
      'function total: fn(items: list<Item>): number',
    ]);
  });

  it('checks field access, object literals, assignments and returns against imported types', async () => {
    const { set } = await program({
      'shop/types.wst': 'type Item { name: string, price: number }\nfn cheapest(items: list<Item>): Item { return items[0]; }\n',
      'main.wst':
        'use shop.types.{Item, cheapest};\nfn label(item: Item): number {\n  return item.name;\n}\nlet i: Item = { name: "a", price: "free" };\nprint(cheapest([i]).nmae, label(i));\n',
    });
    assert.deepEqual(lines(set.modelOf('main.wst')), [
      "3:9 E_TYPE_MISMATCH Cannot return string from 'label', which returns number",
      "5:34 E_TYPE_MISMATCH Field 'price' of Item is number, not string",
      "6:20 E_UNKNOWN_FIELD Type Item has no field 'nmae'",
    ]);
  });

  it('a whole-module import reaches its members with their types', async () => {
    const { set } = await program({ 'pricing.wst': PRICING, 'main.wst': 'use pricing;\nlet s: string = pricing.orderTotal([1, 2]);\nprint(s, pricing.nothere);\n' });
    const found = lines(set.modelOf('main.wst'));
    assert.ok(found.some((line) => line.startsWith('2:16 E_TYPE_MISMATCH')), found.join('\n'));
    assert.ok(found.some((line) => line.includes("E_UNKNOWN_FIELD Module 'pricing' has no function 'nothere'")), found.join('\n'));
  });

  it('W_UNKNOWN_IMPORT offers a near module path the resolver knows, with a fix', async () => {
    const { set } = await program({ 'shop/pricing.wst': PRICING, 'main.wst': 'use shop.pricng.{orderTotal};\nprint(orderTotal([1]));\n' });
    const diagnostic = set.modelOf('main.wst').diagnostics.find((d) => d.code === 'W_UNKNOWN_IMPORT');
    assert.equal(diagnostic?.message, "Module 'shop.pricng' not found: looked for 'shop/pricng.wst'");
    assert.equal(diagnostic?.hint, "Did you mean 'shop.pricing'?");
    assert.deepEqual(diagnostic?.fix, [{ type: 'setProperty', nodeId: diagnostic?.nodeId, property: 'module', value: 'shop.pricing' }]);
  });

  it('E_UNKNOWN_EXPORT offers the near name, and its fix renames the import and its uses', async () => {
    const { set, docs } = await program({ 'pricing.wst': PRICING, 'main.wst': 'use pricing.{ordrTotal};\nprint(ordrTotal([1]));\n' });
    const model = set.modelOf('main.wst');
    const diagnostic = model.diagnostics.find((d) => d.code === 'E_UNKNOWN_EXPORT');
    assert.ok(diagnostic);
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.hint, "Did you mean 'orderTotal'?");
    const fix = diagnostic.fix ?? [];
    assert.deepEqual(fix[0], { type: 'setProperty', nodeId: diagnostic.nodeId, property: 'names', value: ['orderTotal'] });
    assert.equal(fix.length, 2, 'the use is renamed too');
    // Applied as applyBatch applies it, the import and its use name what pricing declares.
    const doc = docs.get('main.wst') as WhetstoneDocument;
    const result = applyMutations(doc, fix, () => doc.freshId());
    doc.applyEdits(result.edits, { expected: result.ast });
    assert.equal(doc.text, 'use pricing.{orderTotal};\nprint(orderTotal([1]));\n');
    assert.deepEqual(lines(analyze(doc, { modules: set.resolverFor('main.wst') })), []);
  });

  it('nested modules resolve to a/b/c.wst, and a module not found names the path tried', async () => {
    const { set } = await program({ 'a/b/c.wst': 'fn f(): number { return 1; }\n', 'main.wst': 'use a.b.c.{f};\nuse warehouse;\nlet s: string = f();\nprint(s, warehouse);\n' });
    assert.deepEqual(lines(set.modelOf('main.wst')), [
      "2:0 W_UNKNOWN_IMPORT Module 'warehouse' not found: looked for 'warehouse.wst'",
      "3:16 E_TYPE_MISMATCH Type number is not assignable to 's' of type string",
    ]);
  });

  it('two files importing each other\'s functions are checked across the cycle, whichever is asked first', async () => {
    const files = {
      'a.wst': 'use b.{isOdd};\nfn isEven(n: number): bool { if (n == 0) { return true; } return isOdd(n - 1); }\nconst A = isOdd(3);\n',
      'b.wst': 'use a.{isEven, A};\nfn isOdd(n: number): bool { if (n == 0) { return false; } return isEven("x"); }\nlet s: string = A;\nprint(s);\n',
    };
    const first = await program(files);
    const aThenB = [lines(first.set.modelOf('a.wst')), lines(first.set.modelOf('b.wst'))];
    const second = await program(files);
    const bFirst = lines(second.set.modelOf('b.wst'));
    assert.deepEqual([lines(second.set.modelOf('a.wst')), bFirst], aThenB);
    assert.deepEqual(aThenB[0], []);
    // Across the cycle a's inferred constant A is any (it is inferred from b's isOdd); isEven keeps its signature.
    assert.deepEqual(aThenB[1], ["2:72 E_TYPE_MISMATCH Argument of type string is not assignable to parameter 'n' of type number"]);
  });

  it('a chain of thousands of modules, and a cycle through all of them, are analysed without exhausting the stack', async () => {
    const files: Record<string, string> = {};
    const count = 2500;
    for (let i = 0; i < count; i++) {
      const next = (i + 1) % count;
      files[`m${i}.wst`] = i + 1 < count ? `use m${next}.{f${next}};\nfn f${i}(x: number): number { return f${next}(x) + 1; }\n` : 'fn f2499(x: number): number { return x; }\n';
    }
    files['main.wst'] = 'use m0.{f0};\nlet s: string = f0(1);\nprint(s);\n';
    const chain = await program(files);
    assert.deepEqual(lines(chain.set.modelOf('main.wst')), ["2:16 E_TYPE_MISMATCH Type number is not assignable to 's' of type string"]);
    files[`m${count - 1}.wst`] = `use m0.{f0};\nfn f${count - 1}(x: number): number { return f0(x); }\n`;
    const cycle = await program(files);
    assert.deepEqual(lines(cycle.set.modelOf('main.wst')), ["2:16 E_TYPE_MISMATCH Type number is not assignable to 's' of type string"]);
    assert.deepEqual(lines(cycle.set.modelOf('m7.wst')), []);
  });

  it('a module that is no file falls back to the library; a file of the same name wins over it', async () => {
    const library = { modules: [{ name: 'math', functions: [{ name: 'round', signature: 'round(x: number): number' }] }], policy: { blockedFunctions: [], blockedModules: [], requireImports: false } };
    const docs = new Map<string, WhetstoneDocument>([['main.wst', await parse('use math.{round};\nlet s: string = round(1.5);\nprint(s);\n')]]);
    const set = new ModuleSet({ find: (modulePath) => {
      const file = moduleFilePath(modulePath);
      const document = docs.get(file);
      return document ? { file, document } : { tried: [file] };
    } }, { library });
    set.addDocument('main.wst', docs.get('main.wst') as WhetstoneDocument);
    assert.deepEqual(lines(set.modelOf('main.wst')), ["2:16 E_TYPE_MISMATCH Type number is not assignable to 's' of type string"]);
    docs.set('math.wst', await parse('fn round(x: number): string { return str(x); }\n'));
    const withFile = new ModuleSet({ find: (modulePath) => {
      const file = moduleFilePath(modulePath);
      const document = docs.get(file);
      return document ? { file, document } : { tried: [file] };
    } }, { library });
    withFile.addDocument('main.wst', docs.get('main.wst') as WhetstoneDocument);
    assert.deepEqual(lines(withFile.modelOf('main.wst')), []);
  });

  it('hover text of imported names says what the module declares', async () => {
    const { set, docs } = await program({ 'm.wst': 'type Item { name: string }\nconst LIMIT = 3;\nfn f(i: Item): number { return 1; }\n', 'main.wst': 'use m.{Item, LIMIT, f};\nlet i: Item = { name: "a" };\nprint(f(i) + LIMIT);\n' });
    const model = set.modelOf('main.wst');
    const importId = (docs.get('main.wst') as WhetstoneDocument).ast.children[0].id;
    assert.deepEqual(model.symbolsDeclaredBy(importId).map((symbol) => model.signatureOf(symbol)), [
      'type Item { name: string } (from m)',
      'const LIMIT: number (from m)',
      'fn f(i: Item): number (from m)',
    ]);
    assert.deepEqual(lines(model), []);
  });

  it('incremental analysis with the same resolver gives what a fresh analysis gives, after body and import edits', async () => {
    const { set, docs } = await program({ 'pricing.wst': PRICING + 'type Offer { pct: number }\nfn discount(o: Offer): number { return o.pct; }\n', 'main.wst': 'use pricing.{orderTotal};\nfn a(): number { return orderTotal([1]); }\nfn b(): number { return 2; }\nprint(a(), b());\n' });
    const doc = docs.get('main.wst') as WhetstoneDocument;
    const resolver = set.resolverFor('main.wst');
    let model = analyze(doc, { modules: resolver });
    const fresh = (): string[] => lines(analyze(doc, { modules: set.resolverFor('main.wst') }));
    const edits: [string, string][] = [
      ['return 2;', 'return "two";'],
      ['orderTotal([1])', 'orderTotal(["x"])'],
      ['use pricing.{orderTotal};', 'use pricing.{orderTotal, discount};'],
      ['return "two";', 'return discount(5);'],
      ['use pricing.{orderTotal, discount};', 'use pricing.{orderTotal, discont};'],
      ['use pricing.{orderTotal, discont};', 'use pricing.{orderTotal, discount};'],
      ['use pricing.{orderTotal, discount};', 'use pricing.{orderTotal, discount, Offer};'],
      ['fn b(): number', 'fn b(o: Offer): number'],
      ['b());', 'b({ pct: "x" }));'],
      ['use pricing.{orderTotal, discount, Offer};', 'use pricing.{orderTotal, discount, Ofer};'],
    ];
    for (const [search, replacement] of edits) {
      replaceText(doc, search, replacement);
      model = analyze(doc, { modules: resolver, previous: model });
      assert.deepEqual(lines(model), fresh(), `after ${replacement}`);
    }
    assert.ok(lines(model).some((line) => line.includes('E_UNKNOWN_EXPORT')));
  });

  it('without a resolver imports are as before: any, and no diagnostic', async () => {
    const doc = await parse('use pricing.{orderTotal, missingThing};\nuse nosuchmodule;\nlet x: string = orderTotal("not a list", 3);\nprint(x, missingThing, nosuchmodule);\n');
    assert.deepEqual(lines(analyze(doc, {})), []);
  });

  it('an analysis reused from the previous model is not reused when the resolver answers otherwise', async () => {
    const doc = await parse('use pricing.{orderTotal};\nfn f(): string { return orderTotal([1]); }\n');
    const resolverOf = (text: string): ModuleResolver => {
      let exports: ReturnType<typeof moduleExportsOf> | undefined;
      return {
        resolve: () => {
          return { file: 'pricing.wst', exports: (exports ??= exportsOf(text)) };
        },
      };
    };
    const pricingNumber = await parse(PRICING);
    const pricingString = await parse('fn orderTotal(prices: list<number>): string { return ""; }\n');
    const exportsOf = (text: string): ReturnType<typeof moduleExportsOf> => moduleExportsOf(analyze(text === 'n' ? pricingNumber : pricingString, {}));
    const first = analyze(doc, { modules: resolverOf('n') });
    assert.deepEqual(first.diagnostics.map((d) => d.code), ['E_TYPE_MISMATCH']);
    const second = analyze(doc, { modules: resolverOf('s'), previous: first });
    assert.deepEqual(second.diagnostics.map((d) => d.code), []);
    const third = analyze(doc, { modules: resolverOf('n'), previous: second });
    assert.deepEqual(third.diagnostics.map((d) => d.code), ['E_TYPE_MISMATCH']);
  });
});
