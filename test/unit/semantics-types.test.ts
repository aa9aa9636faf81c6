// Types, type strings, assignability, the built-ins, the annotation vocabulary and the library
// context.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ANNOTATION_TYPES,
  allowedStrategies,
  annotationTypeInfo,
  BUILTINS,
  LibraryIndex,
  parseLibrarySignature,
  readLibraryContext,
  closestName,
  ANY,
  NULL,
  NUMBER,
  STRING,
  isAssignable,
  listOf,
  makeOptional,
  named,
  parametersToString,
  resolveTypeString,
  typeToString,
  whyNotAssignable,
  type DeclaredFields,
  type Type,
} from '../../server/src/core/semantics';
import { analyzeText, codesOf, withCode } from '../helpers/semantics';

const declared: DeclaredFields = {
  fieldsOf: (name) =>
    name === 'Point'
      ? new Map<string, Type>([
          ['x', NUMBER],
          ['y', NUMBER],
        ])
      : undefined,
};

const read = (text: string): string => typeToString(resolveTypeString(text, (name) => name === 'Item' || name === 'Point').type);

describe('types', () => {
  it('reads type strings and prints them back', () => {
    assert.equal(read('number'), 'number');
    assert.equal(read('list<Item>'), 'list<Item>');
    assert.equal(read('string?'), 'string?');
    assert.equal(read('map<string, number>'), 'map<string, number>');
    assert.equal(read('map<string,list<Item?>>'), 'map<string, list<Item?>>');
    assert.equal(read('(number)?'), 'number?');
    assert.equal(read('(list<number>)?'), 'list<number>?');
    assert.equal(read('list'), 'list<any>');
    assert.equal(read('any?'), 'any');
    assert.equal(read('list<'), 'any', 'malformed text is any');
    const unknown = resolveTypeString('map<string, Ordr>', () => false);
    assert.deepEqual(unknown.unknownNames, ['Ordr']);
    assert.equal(typeToString(unknown.type), 'map<string, any>');
  });

  it('checks assignability: any both ways, null and T into T?, covariant lists, structural objects', () => {
    assert.ok(isAssignable(ANY, NUMBER, declared));
    assert.ok(isAssignable(STRING, ANY, declared));
    assert.ok(isAssignable(NULL, makeOptional(STRING), declared));
    assert.ok(isAssignable(STRING, makeOptional(STRING), declared));
    assert.ok(!isAssignable(NULL, STRING, declared));
    assert.ok(!isAssignable(STRING, NUMBER, declared));
    assert.ok(isAssignable(listOf(NUMBER), listOf(makeOptional(NUMBER)), declared));
    assert.ok(!isAssignable(listOf(STRING), listOf(NUMBER), declared));
    const point = (fields: [string, Type][]): Type => ({ kind: 'object', fields: new Map(fields) });
    assert.equal(whyNotAssignable(point([['x', NUMBER], ['y', NUMBER]]), named('Point'), declared), null);
    assert.equal(whyNotAssignable(point([['x', NUMBER]]), named('Point'), declared), "missing field 'y'");
    assert.equal(whyNotAssignable(point([['x', NUMBER], ['y', NUMBER], ['z', NUMBER]]), named('Point'), declared), "unknown field 'z'");
    assert.equal(whyNotAssignable(point([['x', NUMBER], ['y', STRING]]), named('Point'), declared), "field 'y' is string, expected number");
    assert.ok(!isAssignable(named('Point'), named('Item'), declared));
  });

  it('has every built-in of section 4 with a signature and a doc', () => {
    assert.deepEqual([...BUILTINS.keys()].sort(), ['abs', 'assert', 'ceil', 'charAt', 'charCodeAt', 'charsOf', 'concat', 'countItems', 'countOf', 'endsWith', 'every', 'factorial', 'fill', 'filter', 'find', 'findIndex', 'flat', 'floor', 'forEach', 'formatFixed', 'fromCharCode', 'gcd', 'includes', 'indexOf', 'int', 'isAlnum', 'isAlpha', 'isDecimal', 'isDigit', 'isInteger', 'isLower', 'isSpace', 'isUpper', 'isqrt', 'join', 'jsKeys', 'jsTruthy', 'jsValues', 'jsstr', 'keys', 'lastIndexOf', 'len', 'lower', 'map', 'max', 'maxOf', 'min', 'minOf', 'num', 'padEnd', 'padStart', 'parseInteger', 'pop', 'pow', 'print', 'push', 'pyEquals', 'pyInt', 'pyTruthy', 'pystr', 'radixText', 'range', 'reduce', 'removeKey', 'repeat', 'repeatText', 'replace', 'replaceFirst', 'reverse', 'reversed', 'round', 'roundEven', 'shift', 'sign', 'slice', 'some', 'sort', 'sorted', 'splice', 'split', 'splitWords', 'sqrt', 'startsWith', 'stepSlice', 'str', 'substring', 'sum', 'toFixed', 'trim', 'trimChars', 'trimEnd', 'trimEndChars', 'trimStart', 'trimStartChars', 'upper', 'values', 'zeroFill']);
    for (const builtin of BUILTINS.values()) {
      assert.ok(builtin.signature.startsWith('fn '), builtin.name);
      assert.ok(builtin.doc.length > 10, builtin.name);
    }
    assert.equal(parametersToString(BUILTINS.get('round')?.type ?? { kind: 'function', params: [], returnType: ANY, async: false }), 'x: number, digits: number = 0');
  });

  it('checks built-in calls by their argument types', async () => {
    const { model } = await analyzeText('let xs = [1, 2];\npush(xs, "a");\nprint(len(5), range(1, 2), abs("x"));\n');
    assert.deepEqual(
      withCode(model, 'E_TYPE_MISMATCH').map((d) => d.message),
      ['Cannot push string onto list<number>', 'len() takes a list, a string or a map, not number', "Argument of type string is not assignable to parameter 'x' of type number"],
    );
    const clean = await analyzeText('let xs = [1, 2];\npush(xs, 3);\nprint(len(xs), len("ab"), min(1, 2, 3), max(4), round(2.5), floor(1.5), ceil(1.2), str(1), num("2"));\n');
    assert.deepEqual(codesOf(clean.model), []);
  });

  it('has the annotation vocabulary of section 6 with descriptions', () => {
    assert.deepEqual(
      ANNOTATION_TYPES.map((info) => info.name),
      ['performance', 'security', 'memory', 'concurrency', 'semantic', 'style', 'contract'],
    );
    assert.deepEqual(allowedStrategies('style'), ['simplify', 'extract', 'rename', 'inline-variable']);
    assert.deepEqual(allowedStrategies('contract'), ['pre', 'post', 'invariant']);
    assert.equal(allowedStrategies('perf'), undefined);
    for (const info of ANNOTATION_TYPES) {
      assert.ok(info.description.length > 10);
      for (const strategy of info.strategies) assert.ok(strategy.description.length > 5, `${info.name}.${strategy.name}`);
    }
    assert.equal(annotationTypeInfo('memory')?.strategies.length, 7);
  });

  it('suggests close names, including abbreviations', () => {
    assert.equal(closestName('cont', ['count', 'x']), 'count');
    assert.equal(closestName('perf', ['performance', 'security']), 'performance');
    assert.equal(closestName('Prnt', ['print']), 'print');
    assert.equal(closestName('zzz', ['print']), undefined);
  });
});

describe('library context', () => {
  it('parses signatures in Whetstone notation', () => {
    const text = (signature: string): string => typeToString(parseLibrarySignature(signature));
    assert.equal(text('round(x: number, digits: number = 0): number'), 'fn(x: number, digits: number = 0): number');
    assert.equal(text('fn fetchJson(url: string): any'), 'fn(url: string): any');
    assert.equal(text('async fn get(url: string, headers?: map<string, string>) -> string'), 'async fn(url: string, headers?: map<string, string>): string');
    assert.equal(text('(...values: any) -> void'), 'fn(...values: any): void');
    assert.equal(text('not a signature'), 'fn(...args: any): any');
  });

  it('reads a library JSON tolerantly (lists or objects keyed by name)', () => {
    const library = readLibraryContext({
      name: 'std',
      modules: { math: { functions: { clamp: { signature: '(x: number, lo: number, hi: number): number', tags: ['numeric', 3] } } } },
      policy: { blockedFunctions: ['eval'], blockedModules: ['unsafe'], requireImports: true },
    });
    assert.deepEqual(library, {
      name: 'std',
      modules: [{ name: 'math', functions: [{ name: 'clamp', signature: '(x: number, lo: number, hi: number): number', tags: ['numeric'] }] }],
      policy: { blockedFunctions: ['eval'], blockedModules: ['unsafe'], requireImports: true },
    });
    const index = new LibraryIndex(library);
    assert.equal(index.lookup('math', 'clamp')?.type.params.length, 3);
    assert.ok(index.isBlocked('unsafe'));
    assert.ok(index.isBlocked('math', 'eval'));
    assert.ok(!index.isBlocked('math', 'clamp'));
    assert.deepEqual(index.findByName('clamp').map((entry) => entry.module), ['math']);
    assert.deepEqual(readLibraryContext(null), { modules: [], policy: { blockedFunctions: [], blockedModules: [], requireImports: false } });
  });

  it('types imported functions from the library and checks their calls', async () => {
    const library = readLibraryContext({
      modules: [
        { name: 'math', functions: [{ name: 'clamp', signature: '(x: number, lo: number, hi: number): number', description: 'Limits x to [lo, hi].', vulnerable: 'CVE-0000' }] },
        { name: 'http', functions: [{ name: 'fetchJson', signature: 'async (url: string): any' }] },
      ],
    });
    const { doc, model } = await analyzeText('use math.{clamp};\nuse http;\nlet s: string = clamp(1, 2);\nprint(s, http.fetchJson("/x"), http.fetchJsn);\n', { library });
    assert.deepEqual(
      model.diagnostics.map((d) => `${d.code} ${d.message}`),
      [
        "E_ARITY 'clamp' expects 3 arguments but got 2",
        "E_TYPE_MISMATCH Type number is not assignable to 's' of type string",
        "E_UNKNOWN_FIELD Module 'http' has no function 'fetchJsn'",
      ],
    );
    const clamp = model.symbolsDeclaredBy(doc.ast.children[0].id)[0];
    assert.equal(model.signatureOf(clamp), 'fn clamp(x: number, lo: number, hi: number): number (from math)');
    assert.match(model.docOf(clamp) ?? '', /Limits x.*\n\nWarning: known vulnerability \(CVE-0000\)/s);
  });
});
