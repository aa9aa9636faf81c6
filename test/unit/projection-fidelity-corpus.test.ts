// Programs written in the style of published algorithm collections, each run as written, imported,
// projected into JavaScript, TypeScript and Python and run: every run prints what the original
// prints, or some stage reported an error that says why. Never a different output without one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { corpusFiles, corpusTable, hasPython, runCorpus, type CorpusOutcome } from '../helpers/projection-corpus';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection corpus: never silently different', { skip: hasPython() ? false : 'python3 is not installed' }, () => {
  let scratch: Scratch;
  let outcomes: CorpusOutcome[];
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('fidelity-corpus');
    outcomes = runCorpus(scratch);
  });
  after(() => scratch.dispose());

  it('has at least 60 programs in each of the three languages together', () => {
    const files = corpusFiles();
    assert.ok(files.length >= 60);
    for (const extension of ['.py', '.js', '.ts']) assert.ok(files.filter((file) => file.endsWith(extension)).length >= 15, extension);
  });

  it('every program runs as written', () => {
    for (const outcome of outcomes) assert.equal(outcome.expected.status, 0, `${outcome.file}: ${outcome.expected.stderr}`);
  });

  it('every projection prints the same as its source, or an error said why', () => {
    const silent = outcomes.flatMap((outcome) => outcome.targets.filter((target) => target.silent).map((target) => `${outcome.file} → ${target.target}`));
    assert.deepEqual(silent, [], corpusTable(outcomes));
  });

  it('the doctest and export scaffolding is recognised without a diagnostic', () => {
    for (const file of ['gcd_loop.py', 'fibonacci.js', 'linear_search.js', 'digital_root.js']) {
      const outcome = outcomes.find((found) => found.file === file)!;
      assert.ok(outcome.importedClean, `${file}: ${outcome.importErrors.join('; ')}`);
      assert.ok(outcome.targets.every((target) => target.same), file);
    }
  });

  it("the programs that console.log lists and objects import without a diagnostic and print as Node does in every target (jsstr)", () => {
    for (const file of ['selection_sort_steps.js', 'matrix_product.ts', 'letter_frequency.js', 'square_numbers.ts', 'word_groups.js']) {
      const outcome = outcomes.find((found) => found.file === file)!;
      assert.ok(outcome.importedClean, `${file}: ${outcome.importErrors.join('; ')}`);
      assert.ok(outcome.targets.every((target) => target.same), file);
    }
  });

  it('the programs that change case, trim, test prefixes, replace and count in texts import without a diagnostic and print the same in every target', () => {
    for (const file of ['slugify.js', 'sentence_palindrome.py']) {
      const outcome = outcomes.find((found) => found.file === file)!;
      assert.ok(outcome.importedClean, `${file}: ${outcome.importErrors.join('; ')}`);
      assert.ok(outcome.targets.every((target) => target.same), file);
    }
  });
});
