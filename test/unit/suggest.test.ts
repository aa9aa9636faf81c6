// The annotation suggestion engine (core/suggest): each rule on code it must flag, with a reason
// that says why, and on near misses it must leave alone; the purity analysis the rules share; and
// the feedback arithmetic that moves confidences.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FunctionDeclaration } from '../../server/src/core/ast';
import { LibraryIndex, readLibraryContext } from '../../server/src/core/semantics';
import {
  suggestAnnotations,
  adjust,
  adjustedConfidence,
  emptyFeedback,
  isMinorSuggestion,
  PRIOR_WEIGHT,
  readFeedback,
  suggestionWorth,
  withAnswer,
  withoutAcceptance,
  type Suggestion,
} from '../../server/src/core/suggest';
import { SuggestContext } from '../../server/src/core/suggest/context';
import { Purity } from '../../server/src/core/suggest/purity';
import { OpenBuffer } from '../../server/src/workspace/buffer';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { readRepoFile } from '../helpers/core';
import { analyzeText, nodeByName } from '../helpers/semantics';

const LIBRARY = new LibraryIndex(readLibraryContext(JSON.parse(readRepoFile('test', 'fixtures', 'agent', 'library.json'))));

async function suggest(text: string, library: LibraryIndex | undefined = LIBRARY): Promise<{ suggestions: Suggestion[]; on: (name: string) => Suggestion[]; at: (type: string, strategy: string) => Suggestion[] }> {
  const { doc, model } = await analyzeText(text, { library });
  const suggestions = suggestAnnotations(doc.ast, model, library, doc.syntaxDiagnostics);
  for (const s of suggestions) {
    assert.ok(s.confidence > 0 && s.confidence <= 1, JSON.stringify(s));
    assert.ok(s.reason.length > 20, `a reason that says why: ${s.reason}`);
  }
  return {
    suggestions,
    on: (name) => {
      const fn = nodeByName(doc, 'FunctionDeclaration', name);
      return suggestions.filter((s) => s.nodeId === fn.id);
    },
    at: (type, strategy) => suggestions.filter((s) => s.annotationType === type && s.strategy === strategy),
  };
}

const strategies = (list: Suggestion[]): string[] => list.map((s) => `${s.annotationType}/${s.strategy}`).sort();

async function purityOf(text: string, name: string): Promise<{ pure: boolean; because?: string }> {
  const { doc, model } = await analyzeText(text, { library: LIBRARY });
  const purity = new Purity(new SuggestContext(doc.ast, model, LIBRARY));
  return purity.of(nodeByName(doc, 'FunctionDeclaration', name) as FunctionDeclaration);
}

describe('purity', () => {
  it('a function that only computes from its arguments is pure; each kind of effect makes it impure, with the reason', async () => {
    const pure = await purityOf('fn area(w: number, h: number): number {\n  let a = w * h;\n  a = a + 0;\n  return a;\n}\n', 'area');
    assert.deepEqual(pure, { pure: true, callees: [] });
    const cases: [string, RegExp][] = [
      ['fn f(x: number): number {\n  print(x);\n  return x;\n}\n', /prints/],
      ['let total = 0;\nfn f(x: number): number {\n  total = total + x;\n  return total;\n}\n', /assigns total, which is declared outside it/],
      ['let seen = 0;\nfn f(x: number): number {\n  return x + seen;\n}\n', /reads the outer variable seen/],
      ['fn f(xs: list<number>): number {\n  push(xs, 1);\n  return len(xs);\n}\n', /pushes onto xs it did not create/],
      ['type P { x: number }\nfn f(p: P): number {\n  p.x = 1;\n  return p.x;\n}\n', /changes p, which it did not create/],
      ['fn f(g: any): number {\n  return g(1);\n}\n', /a function value whose effects are unknown/],
      ['fn log(x: number): number {\n  print(x);\n  return x;\n}\nfn f(x: number): number {\n  return log(x);\n}\n', /it calls log, which is not pure \(it prints\)/],
      ['use http.{fetchJson};\nfn f(u: string): any {\n  return fetchJson(u);\n}\n', /the library does not tag pure/],
      ['async fn f(x: number): number {\n  return x;\n}\n', /is async/],
      ['fn f(x: number): number {\n  if x < 0 {\n    throw "negative";\n  }\n  return x;\n}\n', /it throws/],
    ];
    for (const [text, reason] of cases) {
      const verdict = await purityOf(text, 'f');
      assert.equal(verdict.pure, false, text);
      assert.match(verdict.because ?? '', reason, text);
    }
    assert.equal((await purityOf('fn f(): list<number> {\n  let xs = [];\n  push(xs, 1);\n  return xs;\n}\n', 'f')).pure, true, 'a list it created itself');
    assert.equal((await purityOf('use math.{round};\nfn f(x: number): number {\n  return round(x, 2);\n}\n', 'f')).pure, true, 'a library function tagged pure');
    assert.equal((await purityOf('fn f(n: number): number {\n  if n < 2 {\n    return n;\n  }\n  return f(n - 1);\n}\n', 'f')).pure, true, 'recursion alone is no effect');
  });
});

describe('suggestion rules', () => {
  it('semantic/pure for a proven-pure function that returns a value, not for an annotated or effectful one', async () => {
    const { on } = await suggest(
      [
        'fn lineTotal(price: number, qty: number): number {\n  return price * qty;\n}',
        '@semantic(deterministic)\nfn annotated(x: number): number {\n  return x;\n}',
        'fn noisy(x: number): number {\n  print(x);\n  return x;\n}',
        'fn nothing(x: number) {\n  let y = x;\n}',
        '',
      ].join('\n\n'),
    );
    const [pure] = on('lineTotal');
    assert.equal(`${pure.annotationType}/${pure.strategy}`, 'semantic/pure');
    assert.match(pure.reason, /lineTotal changes nothing outside itself.*calls no other function/);
    assert.deepEqual(on('annotated'), []);
    assert.deepEqual(strategies(on('noisy')), []);
    assert.deepEqual(strategies(on('nothing')), [], 'a pure function returning nothing does nothing');
  });

  it('performance/memoize for a pure function called in a loop, and for exponential recursion', async () => {
    const { on } = await suggest(
      [
        'fn square(x: number): number {\n  return x * x;\n}',
        'fn fib(n: number): number {\n  if n < 2 {\n    return n;\n  }\n  return fib(n - 1) + fib(n - 2);\n}',
        'fn report(xs: list<number>) {\n  for x in xs {\n    print(square(x));\n  }\n}',
        'fn shout(x: number): number {\n  print(x);\n  return x;\n}',
        'fn loud(xs: list<number>) {\n  for x in xs {\n    shout(x);\n  }\n}',
        '',
      ].join('\n\n'),
    );
    const square = on('square').find((s) => s.strategy === 'memoize');
    assert.ok(square);
    assert.match(square.reason, /square is pure and is called on every iteration of a loop \(line 14 in report\)/);
    const fib = on('fib').find((s) => s.strategy === 'memoize');
    assert.ok(fib);
    assert.match(fib.reason, /calls itself 2 times per call \(line 9\)/);
    assert.ok(fib.confidence > square.confidence, 'recursion is the surer case');
    assert.deepEqual(strategies(on('shout')), [], 'an impure function is not memoized');
  });

  it('performance/cache when a function computes the same pure call twice, not when the argument changes in between', async () => {
    const { on } = await suggest(
      [
        'fn cost(x: number): number {\n  return x * 3;\n}',
        'fn twice(a: number): number {\n  if cost(a) > 10 {\n    return cost(a);\n  }\n  return 0;\n}',
        'fn moving(a: number): number {\n  let b = cost(a);\n  a = a + 1;\n  return b + cost(a);\n}',
        '',
      ].join('\n\n'),
    );
    const [cache] = on('twice').filter((s) => s.strategy === 'cache');
    assert.ok(cache);
    assert.match(cache.reason, /twice computes cost\(a\) 2 times with the same arguments \(lines 6, 7\)/);
    assert.deepEqual(on('moving').filter((s) => s.strategy === 'cache'), []);
  });

  it('performance/hoist for a loop-invariant computation, on its statement; not for what the loop changes', async () => {
    const text = [
      'fn total(xs: list<number>, rate: number): number {',
      '  let sum = 0;',
      '  for x in xs {',
      '    sum = sum + x * (1 + rate);',
      '  }',
      '  let i = 0;',
      '  while i < len(xs) {',
      '    i = i + 1;',
      '  }',
      '  let ys = [];',
      '  while len(ys) < 3 {',
      '    push(ys, i * 2);',
      '  }',
      '  return sum;',
      '}',
      '',
    ].join('\n');
    const { doc, model } = await analyzeText(text, { library: LIBRARY });
    const hoists = suggestAnnotations(doc.ast, model, LIBRARY).filter((s) => s.strategy === 'hoist');
    const targets = hoists.map((s) => [doc.nodeById(s.nodeId)?.type, doc.nodeById(s.nodeId)?.span.start.line]);
    assert.deepEqual(targets, [
      ['AssignmentStatement', 4],
      ['WhileStatement', 7],
      ['ExpressionStatement', 12],
    ]);
    assert.match(hoists[0].reason, /`1 \+ rate` gives the same value on every iteration of the for loop on line 3/);
    assert.match(hoists[1].reason, /`len\(xs\)`/);
    assert.match(hoists[2].reason, /`i \* 2`/, 'i is not written inside the second loop');
    assert.ok(!hoists.some((s) => /len\(ys\)/.test(s.reason)), 'ys is pushed onto inside its loop');
  });

  it('security/sanitize and security/validate when a parameter reaches a sink unchecked', async () => {
    const { on } = await suggest(
      [
        'use http.{fetchJson};\nuse text.{renderHtml};',
        'fn findUser(name: string): any {\n  let sql = "SELECT * FROM users WHERE name = \'" + name + "\'";\n  return query(sql);\n}',
        'async fn load(id: string): any {\n  return await fetchJson("/orders/" + id);\n}',
        'fn page(title: string): string {\n  return renderHtml("<h1>" + title + "</h1>");\n}',
        'fn safe(name: string): any {\n  return query(escapeSql(name));\n}',
        'fn byId(id: number): any {\n  return query("SELECT * FROM t WHERE id = " + str(id));\n}',
        '@security(validate)\nasync fn checked(id: string): any {\n  return await fetchJson(id);\n}',
        'fn query(s: string): any {\n  return s;\n}\nfn escapeSql(s: string): string {\n  return s;\n}',
        '',
      ].join('\n\n'),
    );
    const security = (name: string): Suggestion[] => on(name).filter((s) => s.annotationType === 'security');
    const [sanitize] = security('findUser');
    assert.equal(`${sanitize.annotationType}/${sanitize.strategy}`, 'security/sanitize');
    assert.match(sanitize.reason, /parameter 'name' reaches query\(…\) on line 6 through 'sql' without being sanitized/);
    const [validate] = security('load');
    assert.equal(`${validate.annotationType}/${validate.strategy}`, 'security/validate');
    assert.match(validate.reason, /parameter 'id' decides where fetchJson\(…\) on line 10 goes/);
    assert.deepEqual(strategies(security('page')), ['security/sanitize'], 'a library function tagged html is a sink');
    assert.deepEqual(security('safe'), [], 'escaped first');
    assert.deepEqual(security('byId'), [], 'a number carries no text');
    assert.deepEqual(on('checked'), []);
  });

  it('style/simplify for constant expressions and operations that do nothing, judged by type', async () => {
    const text = [
      'fn f(x: number, s: string, b: bool): number {',
      '  const day = 60 * 60 * 24;',
      '  let y = x * 1;',
      '  let t = s + "";',
      '  let n = -5;',
      '  let c = b && true;',
      '  let bad = 1 / 0;',
      '  return y + day + n + bad;',
      '}',
      '',
    ].join('\n');
    const { doc, model } = await analyzeText(text, { library: LIBRARY });
    const simplify = suggestAnnotations(doc.ast, model, LIBRARY).filter((s) => s.strategy === 'simplify');
    const byLine = Object.fromEntries(simplify.map((s) => [doc.nodeById(s.nodeId)?.span.start.line ?? 0, s.reason]));
    assert.match(byLine[2], /`60 \* 60 \* 24` is always 86400/);
    assert.match(byLine[3], /`x \* 1` is just `x`/);
    assert.equal(byLine[4], undefined, 'joining "" is not an identity the rule claims');
    assert.equal(byLine[5], undefined, '-5 is how a negative number is written');
    assert.match(byLine[6], /`b && true` is just `b`/);
    assert.match(byLine[7], /is always Infinity/, 'folded as Whetstone computes it');
    assert.equal(simplify.find((s) => byLine[3] === s.reason)?.confidence, 0.8);
  });

  it('leaves out an annotation the node already carries', async () => {
    const { at } = await suggest('@performance(memoize)\nfn sq(x: number): number {\n  return x * x;\n}\n\nfor i in range(3) {\n  print(sq(i));\n}\n');
    assert.deepEqual(at('performance', 'memoize'), []);
    assert.equal(at('semantic', 'pure').length, 1);
  });
});

describe('suggestions worth reading', () => {
  it('none inside a top-level item with an error: an undefined name, a duplicate declaration, a syntax error', async () => {
    const clean = 'fn twice(n: number): number {\n  return n * 2;\n}\n';
    assert.equal((await suggest(clean)).on('twice').length, 1, 'a pure function is suggested when it is clean');
    const undefinedName = (await suggest('fn twice(n: number): number {\n  return n * tw;\n}\n')).suggestions;
    assert.deepEqual(undefinedName, []);
    const duplicate = await suggest(`${clean}fn twice(m: number): number {\n  return m + m;\n}\nfn half(n: number): number {\n  return n / 2;\n}\n`);
    assert.equal(duplicate.suggestions.length, 2, 'the first declaration and half keep theirs; the second twice (E_DUPLICATE) has none');
    assert.equal(duplicate.on('half').length, 1);
    await loadGrammar();
    const halfTyped = OpenBuffer.open('file:///half.wst', `${clean}fn half(n: number): number {\n  let x = \n  return n / 2;\n}\n`);
    const kept = halfTyped.suggestions().map((s) => halfTyped.document.textOf(halfTyped.document.nodeById(s.nodeId)!).split('(')[0]);
    assert.deepEqual(kept, ['fn twice'], 'the half-typed function (a syntax error) has none');
  });

  it('ranks by what acting buys: a missing check over repeated work over a simpler expression; a pure function is minor', () => {
    assert.ok(suggestionWorth('security', 'validate') > suggestionWorth('performance', 'memoize'));
    assert.ok(suggestionWorth('performance', 'hoist') > suggestionWorth('style', 'simplify'));
    assert.ok(suggestionWorth('style', 'simplify') > suggestionWorth('semantic', 'pure'));
    assert.equal(isMinorSuggestion('semantic', 'pure'), true);
    assert.equal(isMinorSuggestion('performance', 'memoize'), false);
  });
});

describe('feedback arithmetic', () => {
  it('one rejection lowers a kind gently (85% stays at 80%), an acceptance counts more than a rejection', () => {
    assert.equal(Math.round(adjustedConfidence(0.85, { accepted: 0, rejected: 1 }) * 100), 80);
    const up = adjustedConfidence(0.5, { accepted: 1, rejected: 0 }) - 0.5;
    const down = 0.5 - adjustedConfidence(0.5, { accepted: 0, rejected: 1 });
    assert.ok(up > down, `an acceptance moves it ${up}, a rejection ${down}`);
  });

  it('an acceptance taken back (undone) counts no more', () => {
    let data = withAnswer(emptyFeedback(), 'semantic', 'pure', true);
    data = withoutAcceptance(data, 'semantic', 'pure');
    assert.deepEqual(data.rules['semantic/pure'], { accepted: 0, rejected: 0 });
    assert.equal(data.modelRevision, 2);
    assert.equal(withoutAcceptance(data, 'semantic', 'pure'), data, 'nothing to take back: unchanged');
  });

  it('starts at the rule\'s confidence, falls with rejections, rises with acceptances, and moves gently', () => {
    assert.equal(adjustedConfidence(0.7, undefined), 0.7);
    assert.equal(adjustedConfidence(0.7, { accepted: 0, rejected: 0 }), 0.7);
    let previous = 0.7;
    for (let r = 1; r <= 10; r++) {
      const next = adjustedConfidence(0.7, { accepted: 0, rejected: r });
      assert.ok(next < previous);
      previous = next;
    }
    assert.ok(adjustedConfidence(0.7, { accepted: 0, rejected: 1 }) > 0.5, 'one rejection does not sink a rule');
    assert.ok(adjustedConfidence(0.7, { accepted: 5, rejected: 0 }) > 0.85);
    assert.ok(adjustedConfidence(0.7, { accepted: 1000, rejected: 0 }) <= 1);
    assert.equal(adjustedConfidence(0.5, { accepted: 1, rejected: 0 }), (0.5 * PRIOR_WEIGHT + 1) / (PRIOR_WEIGHT + 1));
  });

  it('records answers per rule with a rising modelRevision, and reads damaged data tolerantly', () => {
    let data = emptyFeedback();
    data = withAnswer(data, 'performance', 'cache', false);
    data = withAnswer(data, 'performance', 'cache', true);
    data = withAnswer(data, 'security', 'sanitize', false);
    assert.equal(data.modelRevision, 3);
    assert.deepEqual(data.rules, { 'performance/cache': { accepted: 1, rejected: 1 }, 'security/sanitize': { accepted: 0, rejected: 1 } });
    const moved = adjust(data, { nodeId: 'n', annotationType: 'security', strategy: 'sanitize', reason: 'r', confidence: 0.7 });
    assert.equal(moved.confidence, 0.66);
    assert.deepEqual(readFeedback(JSON.parse(JSON.stringify(data))), data);
    assert.deepEqual(readFeedback({ modelRevision: -1, rules: { a: { accepted: 'x', rejected: 1 }, b: { accepted: 2, rejected: 0 } } }), {
      version: 1,
      modelRevision: 0,
      rules: { b: { accepted: 2, rejected: 0 } },
    });
    assert.deepEqual(readFeedback('nonsense'), emptyFeedback());
  });
});
