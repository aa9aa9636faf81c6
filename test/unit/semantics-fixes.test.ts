// Diagnostic fixes, applied as they are with the mutation engine (core/editing/mutate.ts), remove their
// diagnostic and leave no syntax error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic, DiagnosticCode } from '../../server/src/core/ast';
import { applyMutations } from '../../server/src/core/editing';
import { analyze, retypeParameter, type AnalyzeOptions, type Type } from '../../server/src/core/semantics';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { analyzeText } from '../helpers/semantics';

let nextId = 1_000_000;
const newId = (): string => `node_${nextId++}`;

/** Applies `fix` to the document as applyBatch would, and returns the re-analysed diagnostics. */
function applyFix(doc: WhetstoneDocument, diagnostic: Diagnostic, options: Omit<AnalyzeOptions, 'names'>): Diagnostic[] {
  assert.ok(diagnostic.fix && diagnostic.fix.length > 0, `${diagnostic.code} '${diagnostic.message}' has no fix`);
  const result = applyMutations(doc, diagnostic.fix, newId);
  doc.applyEdits(result.edits, { expected: result.ast });
  assert.deepEqual(doc.syntaxDiagnostics, [], `the fix left a syntax error:\n${doc.text}`);
  return [...analyze(doc, options).diagnostics];
}

interface FixCase {
  name: string;
  code: DiagnosticCode;
  source: string;
  /** The text after the fix. */
  fixed: string;
  options?: Omit<AnalyzeOptions, 'names'>;
}

const library = {
  modules: [{ name: 'math', functions: [{ name: 'clamp', signature: '(x: number, lo: number, hi: number): number' }] }],
  policy: { blockedFunctions: [], blockedModules: [], requireImports: false },
};

const cases: FixCase[] = [
  {
    name: 'E_UNDEFINED renames to the close name',
    code: 'E_UNDEFINED',
    source: 'let count = 1;\nprint(cont);\n',
    fixed: 'let count = 1;\nprint(count);\n',
  },
  {
    name: 'E_UNDEFINED fixes a type name inside a type string',
    code: 'E_UNDEFINED',
    source: 'type Item { price: number }\nfn f(items: list<Iten>): number {\n  return len(items);\n}\n',
    fixed: 'type Item { price: number }\nfn f(items: list<Item>): number {\n  return len(items);\n}\n',
  },
  {
    name: 'E_TYPE_MISMATCH wraps the number of a mixed + in str()',
    code: 'E_TYPE_MISMATCH',
    source: 'let n = 2;\nprint("n = " + n);\n',
    fixed: 'let n = 2;\nprint("n = " + str(n));\n',
  },
  {
    name: 'E_TYPE_MISMATCH writes a number literal assigned to a string as its text',
    code: 'E_TYPE_MISMATCH',
    source: 'let s: string = 5;\nprint(s);\n',
    fixed: 'let s: string = "5";\nprint(s);\n',
  },
  {
    name: 'E_TYPE_MISMATCH converts a number value assigned to a string',
    code: 'E_TYPE_MISMATCH',
    source: 'let n = 5;\nlet s: string = n * 2;\nprint(s);\n',
    fixed: 'let n = 5;\nlet s: string = str(n * 2);\nprint(s);\n',
  },
  {
    name: 'E_TYPE_MISMATCH writes the digits of a text assigned to a number as the number',
    code: 'E_TYPE_MISMATCH',
    source: 'let limit: number = "3.5";\nprint(limit);\n',
    fixed: 'let limit: number = 3.5;\nprint(limit);\n',
  },
  {
    name: 'E_TYPE_MISMATCH converts a text that is not plain digits with num()',
    code: 'E_TYPE_MISMATCH',
    source: 'let limit: number = "07";\nprint(limit);\n',
    fixed: 'let limit: number = num("07");\nprint(limit);\n',
  },
  {
    name: 'E_TYPE_MISMATCH compares an optional condition with null',
    code: 'E_TYPE_MISMATCH',
    source: 'fn f(s: string?) {\n  if s {\n    print(s);\n  }\n}\n',
    fixed: 'fn f(s: string?) {\n  if s != null {\n    print(s);\n  }\n}\n',
  },
  {
    name: 'E_TYPE_MISMATCH inserts a missing field',
    code: 'E_TYPE_MISMATCH',
    source: 'type P { x: number, tag: string? }\nlet p: P = { x: 1 };\nprint(p);\n',
    fixed: 'type P { x: number, tag: string? }\nlet p: P = { x: 1, tag: null };\nprint(p);\n',
  },
  {
    name: 'E_TYPE_MISMATCH renames a misspelt object key',
    code: 'E_TYPE_MISMATCH',
    source: 'type P { x: number, label: string }\nlet p: P = { x: 1, lable: "a" };\nprint(p);\n',
    fixed: 'type P { x: number, label: string }\nlet p: P = { x: 1, label: "a" };\nprint(p);\n',
  },
  {
    name: 'E_UNKNOWN_FIELD renames to the close field',
    code: 'E_UNKNOWN_FIELD',
    source: 'type Order { total: number }\nfn f(o: Order): number {\n  return o.totl;\n}\n',
    fixed: 'type Order { total: number }\nfn f(o: Order): number {\n  return o.total;\n}\n',
  },
  {
    name: 'E_ASSIGN_CONST makes the constant a let',
    code: 'E_ASSIGN_CONST',
    source: 'const limit = 1;\nlimit = 2;\nprint(limit);\n',
    fixed: 'let limit = 1;\nlimit = 2;\nprint(limit);\n',
  },
  {
    name: 'E_AWAIT_OUTSIDE_ASYNC makes the function async',
    code: 'E_AWAIT_OUTSIDE_ASYNC',
    source: 'async fn load(): number {\n  return 1;\n}\nfn f(): number {\n  return await load();\n}\n',
    fixed: 'async fn load(): number {\n  return 1;\n}\nasync fn f(): number {\n  return await load();\n}\n',
  },
  {
    name: 'E_ANNOTATION fixes an annotation type',
    code: 'E_ANNOTATION',
    source: '@secrity(sanitize)\nfn f() {}\n',
    fixed: '@security(sanitize)\nfn f() {}\n',
  },
  {
    name: 'E_ANNOTATION fixes a strategy',
    code: 'E_ANNOTATION',
    source: '@performance(memoise)\nfn f() {}\n',
    fixed: '@performance(memoize)\nfn f() {}\n',
  },
  {
    name: 'W_UNUSED removes one unused name of an import',
    code: 'W_UNUSED',
    source: 'use math.{round, clamp};\nprint(clamp(1, 2, 3));\n',
    fixed: 'use math.{clamp};\nprint(clamp(1, 2, 3));\n',
  },
  {
    name: 'W_UNUSED deletes a wholly unused import',
    code: 'W_UNUSED',
    source: 'use math.{round};\nprint(1);\n',
    fixed: 'print(1);\n',
  },
  {
    name: 'W_UNUSED deletes an unused local without side effects',
    code: 'W_UNUSED',
    source: 'fn f() {\n  let tmp = 1 + 2;\n  print("x");\n}\n',
    fixed: 'fn f() {\n  print("x");\n}\n',
  },
  {
    name: 'W_UNUSED marks an unused parameter with _',
    code: 'W_UNUSED',
    source: 'fn f(a: number, b: number): number {\n  return a;\n}\n',
    fixed: 'fn f(a: number, _b: number): number {\n  return a;\n}\n',
  },
  {
    name: 'W_UNUSED marks an unused loop variable with _',
    code: 'W_UNUSED',
    source: 'for i in range(3) {\n  print("hi");\n}\n',
    fixed: 'for _i in range(3) {\n  print("hi");\n}\n',
  },
  {
    name: 'W_UNKNOWN_IMPORT renames the import and its uses',
    code: 'W_UNKNOWN_IMPORT',
    source: 'use math.{clamb};\nprint(clamb(1, 2, 3));\n',
    fixed: 'use math.{clamp};\nprint(clamp(1, 2, 3));\n',
    options: { library },
  },
  {
    name: 'W_UNREACHABLE deletes the statements that cannot run',
    code: 'W_UNREACHABLE',
    source: 'fn f(): number {\n  return 1;\n  print("a");\n  print("b");\n}\n',
    fixed: 'fn f(): number {\n  return 1;\n}\n',
  },
];

describe('diagnostic fixes', () => {
  it('offers str() only where str still means the built-in (a local str in an outer block shadows it)', async () => {
    const fixOf = async (source: string) => {
      const { model } = await analyzeText(source);
      const mismatch = model.diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH');
      assert.ok(mismatch, JSON.stringify(model.diagnostics.map((d) => d.message)));
      return JSON.stringify(mismatch.fix ?? null);
    };
    const shadowed = 'fn f(n: number) {\n  let str = 1;\n  if n > 0 {\n    while n > 1 {\n      let s: string = n;\n      print(s, str);\n    }\n  }\n}\n';
    assert.equal(await fixOf(shadowed), 'null');
    // The same code with str declared in a block that has ended: the built-in again.
    const visible = 'fn f(n: number) {\n  if n > 5 {\n    let str = 1;\n    print(str);\n  }\n  if n > 0 {\n    while n > 1 {\n      let s: string = n;\n      print(s);\n    }\n  }\n}\n';
    assert.match(await fixOf(visible), /str/);
  });

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const options = testCase.options ?? {};
      const { doc, model } = await analyzeText(testCase.source, options);
      const diagnostics = model.diagnostics.filter((diagnostic) => diagnostic.code === testCase.code);
      assert.equal(diagnostics.length, 1, JSON.stringify(model.diagnostics.map((d) => d.message)));
      const after = applyFix(doc, diagnostics[0], options);
      assert.equal(doc.text, testCase.fixed);
      assert.deepEqual(
        after.map((d) => `${d.code} ${d.message}`),
        [],
      );
    });
  }
});

describe('retyping a parameter an argument does not fit', () => {
  const parameter = { type: 'Parameter', id: 'node_9', name: 'kg', paramType: 'number', defaultValue: null } as unknown as Parameters<typeof retypeParameter>[0];
  it('declares it with the argument\'s type where any file can write that type, and offers nothing otherwise', () => {
    const text: Type = { kind: 'string' };
    assert.deepEqual(retypeParameter(parameter, text), { hint: 'Or declare it as string', fix: [{ type: 'setProperty', nodeId: 'node_9', property: 'paramType', value: 'string' }] });
    assert.equal(retypeParameter(parameter, { kind: 'map', key: text, value: { kind: 'list', element: { kind: 'bool' } } } as Type)?.fix[0].type, 'setProperty');
    for (const type of [{ kind: 'named', name: 'Order' }, { kind: 'any' }, { kind: 'list', element: { kind: 'named', name: 'Order' } }] as Type[]) {
      assert.equal(retypeParameter(parameter, type), undefined, JSON.stringify(type));
    }
  });
});
