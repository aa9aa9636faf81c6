// Python's `def f(a, *args):` imported as a function with a list parameter whose calls gather their
// extra arguments into a list, checked, generated into JavaScript, TypeScript (tsc --strict) and
// Python and run: each prints what the source prints. What would not mean the same (a * call, the
// function used as a value, **kwargs, keyword-only parameters, the tuple used other than read, or
// shown) is an error at import naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python *args', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-args');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('*args of a function only called by name is a list parameter, each call passes a list, and the tuple reads as the list', () => {
    scratch.keepsItsMeaning(
      'def maximum(first, *rest):\n    best = first\n    for x in rest:\n        if x > best:\n            best = x\n    return best\n\n\n' +
        'def average(*values: float) -> float:\n    if len(values) == 0:\n        return 0\n    total = 0\n    for v in values:\n        total += v\n    return total / len(values)\n\n\n' +
        'def describe(label, *items):\n    firsts = [str(item) for item in items]\n    return label + ":" + str(len(items)) + ":" + ",".join(firsts) + (" last " + str(items[len(items) - 1]) if len(items) > 0 else "") + (" has 3" if 3 in items else "") + " " + ",".join(sorted(items))\n\n\n' +
        'print(maximum(1), maximum(2, 7, 5), average(), average(1, 2, 4), describe("a"), describe("b", "3", "1"), maximum(maximum(1, 9), 4))\n',
      'python',
      /fn maximum\(first, rest: list<any>\) \{[^]*fn average\(values: list<number>\): number \{[^]*fn describe\(label: string, items: list<any>\)[^]*print\(pystr\(maximum\(1, \[\]\)\), pystr\(maximum\(2, \[7, 5\]\)\), average\(\[\]\), average\(\[1, 2, 4\]\), pystr\(describe\("a", \[\]\)\), pystr\(describe\("b", \["3", "1"\]\)\), pystr\(maximum\(maximum\(1, \[9\]\), \[4\]\)\)\);/,
    );
  });

  it('*args of a lambda, of a nested, decorated or redefined function, with **kwargs, keyword-only or default parameters, or whose tuple is used otherwise is an error at import, with why', () => {
    const errors = importErrors(
      [
        'import functools',
        'def keyed(*xs, key):',
        '    return len(xs)',
        'def both(*xs, **options):',
        '    return len(xs)',
        'def defaulted(first=1, *xs):',
        '    return len(xs)',
        'def returned(*xs):',
        '    return xs',
        'def truthy(*xs):',
        '    return 1 if xs else 0',
        'def outer():',
        '    def inner(*xs):',
        '        return len(xs)',
        '    return inner(1)',
        '@functools.cache',
        'def cached(*xs):',
        '    return len(xs)',
        'def twice(*xs):',
        '    return len(xs)',
        'def twice(*xs):',
        '    return len(xs)',
        'print(keyed(1, key=2), both(1), defaulted(1), returned(1), truthy(), outer(), cached(1), twice(1), (lambda *xs: len(xs))(1))',
        '',
      ].join('\n'),
    ).filter((error) => /\*xs parameter/.test(error));
    assert.deepEqual(errors, [
      '2: Not carried into Whetstone: a *xs parameter followed by keyword-only parameters has no Whetstone form',
      '4: Not carried into Whetstone: a *xs parameter of a function that also takes **kwargs has no Whetstone form',
      '6: Not carried into Whetstone: a *xs parameter after a parameter with a default value has no Whetstone form',
      '8: Not carried into Whetstone: a *xs parameter whose tuple is used other than by len, an index, a for loop, in, sorted, print or str (return xs) has no Whetstone form',
      '10: Not carried into Whetstone: a *xs parameter whose tuple is used other than by len, an index, a for loop, in, sorted, print or str (1 if xs else 0) has no Whetstone form',
      '13: Not carried into Whetstone: a *xs parameter of a function that is not defined once at the top level of the file (nested, decorated or defined again) has no Whetstone form',
      '17: Not carried into Whetstone: a *xs parameter of a function that is not defined once at the top level of the file (nested, decorated or defined again) has no Whetstone form',
      '19: Not carried into Whetstone: a *xs parameter of a function that is not defined once at the top level of the file (nested, decorated or defined again) has no Whetstone form',
      '21: Not carried into Whetstone: a *xs parameter of a function that is not defined once at the top level of the file (nested, decorated or defined again) has no Whetstone form',
      '23: Not carried into Whetstone: a *xs parameter of a lambda has no Whetstone form',
    ]);
  });

  it('*args of a function passed as a value is an error at import, and so is a call of it with * or keyword arguments or too few arguments', () => {
    const passed = importErrors('def count(*xs):\n    return len(xs)\n\n\nf = count\nprint(f(1, 2))\n');
    assert.deepEqual(passed.filter((error) => /\*xs/.test(error)), [
      '1: Not carried into Whetstone: a *xs parameter of a function used other than called by its name (passed as a value, or its name used for something else) has no Whetstone form',
    ]);
    const calls = importErrors('def spread(first, second, *rest):\n    return len(rest)\n\n\nys = [1, 2, 3]\nprint(spread(*ys), spread(1, 2, *ys), spread(1, second=2), spread(1), spread(1, 2))\n');
    assert.deepEqual(
      calls.filter((error) => !error.includes('the run of the program at import')),
      Array(4).fill('6: Not carried into Whetstone: a call of spread, which has a *args parameter, with * or keyword arguments or fewer arguments than the parameters before it has no Whetstone form'),
    );
  });

  it('*args shown by print, str or an f-string is an error at import, since Python shows a tuple as (1, 2)', () => {
    const errors = importErrors('def show(*xs):\n    print(xs)\n    print(str(xs), f"{xs}", len(xs), xs[0])\n    return 0\n\n\nshow(1, 2)\n');
    const shown = errors.filter((error) => error.includes('would print differently'));
    assert.equal(shown.length, 3, errors.join('\n'));
    for (const [index, line] of ['2', '3', '3'].entries()) assert.match(shown[index], new RegExp(`^${line}: .*would print differently: .*this file has tuples`));
  });
});
