// The importers: each grammar loads in the web-tree-sitter we ship; what maps from JavaScript,
// TypeScript and Python becomes the Whetstone it means; what has no Whetstone form is never
// dropped silently (W_UNSUPPORTED with span and text); broken, binary and huge input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Language, Parser } from 'web-tree-sitter';
import { printDocument } from '../../server/src/core/editing';
import { generate } from '../../server/src/projection/generate';
import { grammarPath, loadGrammars } from '../../server/src/projection/grammars';
import { importSource } from '../../server/src/projection/import';
import { ProjectionError } from '../../server/src/projection/errors';
import { parseSourceText } from '../../server/src/projection/pipeline';
import { MAX_SOURCE_LENGTH } from '../../server/src/projection/source-limits';
import { allNodes, repoRoot } from '../helpers/core';
import { isRunGap, prepareProjection } from '../helpers/projection';

/** Imports and prints as Whetstone, with the codes of the diagnostics. */
function whetstoneOf(source: string, language: 'javascript' | 'typescript' | 'python'): { code: string; diagnostics: string[] } {
  const result = importSource(source, language);
  // What the run of a Python program at import did not check is tested in projection-python-run-gaps.
  return { code: printDocument(result.ast), diagnostics: result.diagnostics.filter((d) => !isRunGap(d.message)).map((d) => `${d.code} ${d.line}:${d.column}`) };
}

describe('projection importers', () => {
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
  });

  it('loads each grammar .wasm of the npm packages in the web-tree-sitter version we ship', async () => {
    await loadGrammars();
    const version = (JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'web-tree-sitter', 'package.json'), 'utf8')) as { version: string }).version;
    for (const language of ['javascript', 'typescript', 'python'] as const) {
      const grammar = await Language.load(grammarPath(language));
      const parser = new Parser();
      parser.setLanguage(grammar);
      const tree = parser.parse(language === 'python' ? 'x = 1\n' : 'let x = 1;\n');
      assert.ok(tree && !tree.rootNode.hasError, `${language} with web-tree-sitter ${version}`);
      tree.delete();
      parser.delete();
    }
  });

  it('JavaScript: functions, arrow functions, defaults, loops, idioms and conditionals map to Whetstone', () => {
    const { code, diagnostics } = whetstoneOf(
      [
        'const rate = 0.2;',
        'const tax = (amount, r = rate) => amount * r;',
        'function report(items) {',
        '  let total = 0;',
        '  for (const item of items) { total += item.price; }',
        '  for (let i = 0; i < items.length; i++) { console.log(i, items[i].name); }',
        '  const size = items.length > 2 ? "big" : "small";',
        '  items.push({ name: `n${total}`, price: Math.floor(total) });',
        '  while (total > 10) total -= 1;',
        '  return size === "big";',
        '}',
      ].join('\n'),
      'javascript',
    );
    assert.deepEqual(diagnostics, []);
    assert.equal(
      code,
      [
        'const rate = 0.2;',
        '',
        'fn tax(amount, r = rate) {',
        '  return amount * r;',
        '}',
        '',
        'fn report(items) {',
        '  let total = 0;',
        '  for item in items {',
        '    total += item.price;',
        '  }',
        '  for i in range(len(items)) {',
        '    print(i, jsstr(items[i].name));',
        '  }',
        '  let size;',
        '  if len(items) > 2 {',
        '    size = "big";',
        '  } else {',
        '    size = "small";',
        '  }',
        '  push(items, { name: "n" + str(total), price: floor(total) });',
        '  while total > 10 {',
        '    total -= 1;',
        '  }',
        '  return size == "big";',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('TypeScript: annotations become Whetstone types, interfaces become types', () => {
    const { code, diagnostics } = whetstoneOf(
      [
        'interface Order { id: string; items: Item[]; coupon?: string; notes: string | null }',
        'export async function load(id: string, tries: number = 3): Promise<Order | null> {',
        '  const cache: Record<string, number> = {};',
        '  return null;',
        '}',
      ].join('\n'),
      'typescript',
    );
    assert.deepEqual(diagnostics, []);
    assert.match(code, /^type Order \{ id: string, items: list<Item>, coupon: string\?, notes: string\? \}$/m);
    assert.match(code, /^async fn load\(id: string, tries: number = 3\): Order\? \{$/m);
    assert.match(code, /const cache: map<string, number> = \{\};/);
  });

  it('TypeScript: an object literal that leaves out an optional field of its interface is an error at import (a Whetstone record holds every field)', () => {
    const { diagnostics } = importSource(
      [
        'interface Item { name: string; price: number; tag?: string }',
        'const items: Item[] = [{ name: "tea", price: 3 }, { name: "jam", price: 4, tag: "sweet" }];',
        'console.log(items.length);',
      ].join('\n'),
      'typescript',
    );
    assert.equal(diagnostics.length, 1, diagnostics.map((d) => d.message).join('\n'));
    assert.equal(diagnostics[0].line, 2);
    assert.match(diagnostics[0].message, /an object of Item without its optional field 'tag'/);
  });

  it('Python: hints, scopes, elif, comprehensions, f-strings and @functools.cache map to Whetstone', () => {
    const { code, diagnostics } = whetstoneOf(
      [
        'import functools',
        '',
        '@functools.cache',
        'def fib(n: int) -> int:',
        '    """Fibonacci."""',
        '    return n if n < 2 else fib(n - 1) + fib(n - 2)',
        '',
        'def describe(xs: list[float], label: Optional[str] = None) -> str:',
        '    if len(xs) == 0:',
        '        kind = "empty"',
        '    elif len(xs) == 1:',
        '        kind = "one"',
        '    else:',
        '        kind = "many"',
        '    doubled = [x * 2 for x in xs if x > 0]',
        '    return f"{label}: {kind} {len(doubled)}"',
      ].join('\n'),
      'python',
    );
    assert.deepEqual(diagnostics, []);
    assert.match(code, /^@performance\(memoize\)\nfn fib\(n: number\): number \{\n {2}if n < 2 \{\n {4}return n;\n {2}\} else \{\n {4}return fib\(n - 1\) \+ fib\(n - 2\);/m);
    // kind is first assigned inside the if, and read after it: declared at the top of the function.
    assert.match(code, /fn describe\(xs: list<number>, label: string\? = null\): string \{\n {2}let kind;\n/);
    assert.match(code, /let doubled = \[\];\n {2}for x in xs \{\n {4}if x > 0 \{\n {6}push\(doubled, x \* 2\);/);
    assert.match(code, /return pystr\(label\) \+ ": " \+ pystr\(kind\) \+ " " \+ str\(len\(doubled\)\);/);
  });

  it('renames names that are Whetstone keywords, everywhere and consistently, and says so', async () => {
    const python = importSource(['type = "a"', 'type_ = "b"', 'def use(fn):', '    return fn + type', 'print(use(type_))'].join('\n'), 'python');
    const code = printDocument(python.ast);
    // The printed program parses as Whetstone (before the fix it did not: `const type = …`).
    const reparsed = await parseSourceText(code, 'whetstone');
    assert.deepEqual(reparsed.diagnostics.filter((d) => d.code === 'E_SYNTAX'), []);
    assert.match(code, /type__ = "a"/);
    assert.match(code, /fn use_\(fn_: string\)/);
    assert.match(code, /return fn_ \+ type__;/);
    assert.match(code, /print\(pystr\(use_\(type_\)\)\)/);
    const renamed = python.diagnostics.filter((d) => d.code === 'W_UNFAITHFUL').map((d) => d.message);
    assert.deepEqual(renamed.sort(), [
      "'fn' is a Whetstone keyword: renamed to 'fn_' here and at every use",
      "'type' is a Whetstone keyword: renamed to 'type__' here and at every use",
      "'use' is a Whetstone keyword: renamed to 'use_' here and at every use",
    ]);
    // Record fields keep their names: Whetstone accepts keywords there.
    const js = printDocument(importSource('const o = { type: 1 }; console.log(o.type);', 'javascript').ast);
    assert.match(js, /type: 1/);
    assert.match(js, /o\.type/);
  });

  it('never drops a construct silently: classes, generators, decorators, try become W_UNSUPPORTED with span and text', () => {
    const js = importSource('class A extends B {}\nfunction* gen() { yield 1; }\ntry { f(); } catch {}\nlet kept = 1;\n', 'javascript');
    assert.deepEqual(
      js.diagnostics.map((d) => [d.code, d.line, d.omitted]),
      [
        // The class is left out with its base: the diagnostic marks the inheritance.
        ['W_UNSUPPORTED', 1, 'extends B'],
        ['W_UNSUPPORTED', 2, 'function* gen() { yield 1; }'],
        ['W_UNSUPPORTED', 3, 'try { f(); } catch {}'],
      ],
    );
    assert.deepEqual(js.ast.children.map((child) => child.type), ['VariableDeclaration']);

    const py = importSource('@app.route("/")\ndef home():\n    return 1\n\nclass Model(Base):\n    pass\n\ndef gen():\n    yield 1\n', 'python');
    const messages = py.diagnostics.map((d) => `${d.code} ${d.line} ${d.message}`);
    assert.equal(messages.length, 3, messages.join('\n'));
    assert.match(messages[0], /^W_UNSUPPORTED 1 .*decorator @app\.route\("\/"\)/);
    assert.match(messages[1], /^W_UNSUPPORTED 5 .*class/);
    assert.match(messages[2], /^W_UNSUPPORTED 9 .*yield/);
    // The decorated function itself is kept.
    assert.ok(py.ast.children.some((child) => child.type === 'FunctionDeclaration' && child.name === 'home'));
    for (const d of [...js.diagnostics, ...py.diagnostics]) assert.ok(d.span.endOffset > d.span.startOffset);
  });

  it('broken source gives E_SYNTAX and a partial AST, never an exception', () => {
    const cases: [string, 'javascript' | 'typescript' | 'python'][] = [
      ['function ok() { return 1; }\nfunction (((\nconst after = 2;\n', 'javascript'],
      ['let x: = ;\nfunction f(a: number { return a }\n', 'typescript'],
      ['def ok():\n    return 1\n\ndef broken(:\n\nafter = 2\n', 'python'],
      ['}}}{{{', 'javascript'],
      ['\u0001\u0002', 'python'],
    ];
    for (const [source, language] of cases) {
      const result = importSource(source, language);
      assert.ok(result.diagnostics.some((d) => d.code === 'E_SYNTAX'), `${language}: ${source}`);
      assert.equal(result.ast.type, 'Program');
    }
    // Nesting far past what any later pass would recurse through is cut off, with a diagnostic.
    const deep: [string, 'javascript' | 'typescript' | 'python'][] = [
      [`x = ${'['.repeat(20000)}${']'.repeat(20000)};`, 'javascript'],
      [`${'if (a) {'.repeat(5000)}${'}'.repeat(5000)}`, 'typescript'],
      [`x = ${'['.repeat(20000)}${']'.repeat(20000)}\n`, 'python'],
    ];
    for (const [source, language] of deep) {
      const result = importSource(source, language);
      assert.ok(result.diagnostics.some((d) => d.code === 'W_UNSUPPORTED' && /nested deeper than 400/.test(d.message)), language);
      assert.equal(typeof generate(result.ast, 'python').code, 'string');
    }
    const partial = importSource('function ok() { return 1; }\nfunction (((\n', 'javascript');
    assert.ok(partial.ast.children.some((child) => child.type === 'FunctionDeclaration' && child.name === 'ok'));
  });

  it('a projection that cannot be faithful names the nodes it could not carry (W_UNFAITHFUL)', () => {
    const partial = importSource('const total = price() >>> 1;\nconsole.log(total);\n', 'javascript');
    const [left] = partial.diagnostics;
    assert.equal(left.code, 'W_UNSUPPORTED');
    for (const language of ['javascript', 'typescript', 'python'] as const) {
      const generated = generate(partial.ast, language);
      assert.equal(generated.diagnostics.length, 1, language);
      const [unfaithful] = generated.diagnostics;
      assert.equal(unfaithful.code, 'W_UNFAITHFUL');
      assert.equal(unfaithful.omitted, 'price() >>> 1');
      assert.equal(unfaithful.line, 1);
      assert.ok(allNodes(partial.ast).some((node) => node.id === unfaithful.nodeId && node.type === 'ErrorNode'));
    }
  });

  it('binary and oversized input get a clear error before any parsing', async () => {
    await assert.rejects(parseSourceText('\u0000\u0001ELF', 'python'), (error: unknown) => error instanceof ProjectionError && error.kind === 'invalidInput' && /binary/.test(error.message));
    await assert.rejects(parseSourceText('x'.repeat(MAX_SOURCE_LENGTH + 1), 'javascript'), (error: unknown) => error instanceof ProjectionError && /at most/.test(error.message));
    await assert.rejects(parseSourceText('x', 'fortran'), (error: unknown) => error instanceof ProjectionError && /whetstone, javascript, typescript, python/.test(error.message));
  });
});
