// What the import's run of a Python program did not check is an error, not a silence: where the run
// gave up (a construct it does not follow, where Python raises, its step budget) or code it never
// reached (a function the program does not call, a branch not taken) holds a construct whose
// difference only the run can rule out (whole-number arithmetic past 2^53, int(…) of NaN, a division
// by zero, a text above U+FFFF measured or ordered), with why. The run reaches texts walked by
// reversed(…) and ordinary corpus loops, and reports texts it orders otherwise than Python.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

/** The import's errors, as `line:column: message`. */
const errors = (source: string): string[] =>
  importSource(source, 'python')
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}:${d.column}: ${d.message}`);

describe('Python: what the run at import did not check is reported', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-run-gaps');
  });
  after(() => scratch.dispose());

  const pythonPrints = (source: string): string => scratch.prints(source, 'python');

  it('a function the program never calls is one error at its def, naming each construct and its line', () => {
    const source = ['def cube(n):', '    return n * n * n', '', 'def part(a, b):', '    return a // b', '', 'def used(x):', '    return x + 1', '', 'print(used(2))', ''].join('\n');
    assert.equal(pythonPrints(source), '3\n');
    const found = errors(source);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found[0], /^1:0: Not carried into Whetstone: the run of the program at import never reached the function cube, which the program never calls \(not run at import\).*whole-number arithmetic \(Python's ints stay exact past 2\^53, a Whetstone number is a double and rounds\) on line 2$/);
    assert.match(found[1], /^4:0: .*never reached the function part, which the program never calls.*a division or remainder by a value not known to be non-zero \(Python raises ZeroDivisionError.*\) on line 5$/);
  });

  it('a branch the run never takes is an error at its first construct', () => {
    const source = ['def size(text, wide):', '    if wide:', '        return len(text) * 2', '    return 1', '', 'print(size("ab", False))', ''].join('\n');
    assert.equal(pythonPrints(source), '1\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^3:15: .*never reached code of the function size that the program never runs \(not run at import\).*whole-number arithmetic .* on line 3; a text's length, index, slice or search \(Python counts a character above U\+FFFF once, Whetstone as two UTF-16 units\) on line 3$/);
  });

  it('where Python raises, the run stops: one error there, naming what follows unchecked', () => {
    const source = ['import math', 'root = math.sqrt(-1)', 'def grow(n):', '    return n ** 40', 'print(grow(9))', ''].join('\n');
    assert.notEqual(scratch.runProgram(source, 'python').status, 0);
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^2:7: Not carried into Whetstone: the run of the program at import stopped here \(Python raises an error here \(the program stops\)\), so it did not check the program for values Python and Whetstone hold otherwise: whole-number arithmetic .* on line 4; a value of no type known at import shown by print or str .* on line 5$/);
  });

  it('where Python and Whetstone both stop (an index past the end), the run has seen all the program does: only what it never reached is reported', () => {
    const source = ['def grow(n):', '    return n ** 40', 'values = [1, 2]', 'print(values[5])', 'print(grow(9))', ''].join('\n');
    assert.notEqual(scratch.runProgram(source, 'python').status, 0);
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^1:0: .*never reached the function grow, which the program never calls \(not run at import\).*whole-number arithmetic .* on line 2$/);
  });

  it('a spent step budget is reported at the loop that spent it', () => {
    const source = ['spin = 0', 'while spin < 2000000:', '    spin += 1', 'print(spin)', ''].join('\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^2:0: .*stopped here \(its step budget is spent\).*whole-number arithmetic .* on line 3$/);
  });

  it('a loop of ordinary corpus size is run to its end, and an int past 2^53 after it is found', () => {
    // About 62,000 turns of the inner loop: past the budget the run had before.
    const source = ['def perfect(number):', '    total = 0', '    for divisor in range(1, number // 2 + 1):', '        if number % divisor == 0:', '            total += divisor', '    return total == number', '', 'count = 0', 'for n in range(1, 500):', '    if perfect(n):', '        count += 1', 'print(count)', 'print(count * 3 ** 33)', ''].join('\n');
    assert.equal(pythonPrints(source), '3\n16677181699666569\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^13:6: .*a run of the program at import computes a whole number here beyond 2\^53/);
  });

  it('reversed(…) of a text is run, so what follows it is checked', () => {
    const source = ['def backwards(text):', '    return "".join(reversed(text))', '', 'print(backwards("héllo"))', 'print(len(backwards("a😀")))', ''].join('\n');
    assert.equal(pythonPrints(source), 'olléh\n2\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^5:6: .*measures or cuts a text here that holds a character above U\+FFFF/);
  });

  it('texts ordered by <, sorted and min where one holds a character in U+E000–U+FFFF and the other one above U+FFFF are errors there', () => {
    const message = /Not carried into Whetstone: a run of the program at import orders two texts here that differ at a character in U\+E000–U\+FFFF and one above U\+FFFF .*: Python compares code points, Whetstone UTF-16 units/;
    const less = 'a = "\\ue000"\nb = "\\U0001F600"\nprint(a < b)\n';
    assert.equal(pythonPrints(less), 'True\n');
    assert.deepEqual(errors(less).length, 1);
    assert.match(errors(less)[0], /^3:6: /);
    assert.match(errors(less)[0], message);
    const sorts = 'words = ["x\\U0001F600", "x\\ufb01"]\nprint(len(sorted(words)[0]))\n';
    assert.equal(pythonPrints(sorts), '2\n');
    assert.match(errors(sorts).join('\n'), /^2:10: /);
    assert.match(errors(sorts)[0], message);
    const least = 'print(len(min("\\uffee", "\\U0001F600")))\n';
    assert.equal(pythonPrints(least), '1\n');
    assert.match(errors(least)[0], /^1:10: /);
    assert.match(errors(least)[0], message);
  });

  it('a program whose run reaches everything and meets nothing is not reported, and prints the same in every target', () => {
    const source = [
      'def classify(n):',
      '    if n % 2 == 0:',
      '        return n // 2',
      '    return 3 * n + 1',
      '',
      'def steps(n):',
      '    count = 0',
      '    while n != 1:',
      '        n = classify(n)',
      '        count += 1',
      '    return count',
      '',
      'def first_word(text):',
      '    at = text.find(" ")',
      '    if at < 0:',
      '        return text',
      '    return text[:at]',
      '',
      'def middle(values):',
      '    ordered = sorted(values)',
      '    if len(ordered) % 2 == 1:',
      '        return ordered[len(ordered) // 2]',
      '    return (ordered[len(ordered) // 2 - 1] + ordered[len(ordered) // 2]) / 2',
      '',
      '# The run passes reversed(…) of a text to see that middle([3, 1, 2]) shows an int.',
      'print("".join(reversed("stressed")), middle([3, 1, 2]), middle([4, 1, 3, 2]))',
      'print(steps(27), int(7 / 2))',
      'print(first_word("hello world"), first_word("solo"))',
      'print(" ".join(sorted(["pear", "apple", "fig"])), "b" < "a")',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), "desserts 2 2.5\n111 3\nhello solo\napple fig pear False\n");
    scratch.keepsItsMeaning(source, 'python', /fn steps/);
  });
});
