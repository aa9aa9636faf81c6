// Round trips on realistic samples: JavaScript → Whetstone → JavaScript, TypeScript → Whetstone
// → JavaScript, and Python → Whetstone → Python keep what the program does. Both sides are run
// and their output compared; the import carries every construct of these samples (no
// W_UNSUPPORTED), and the Whetstone in the middle checks without errors.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { languageOfFile } from '../../server/src/projection/languages';
import { prepareProjection, ROUNDTRIP_DIR, Scratch } from '../helpers/projection';

describe('projection round trips keep behaviour', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('roundtrip');
  });
  after(() => scratch.dispose());

  const samples = readdirSync(ROUNDTRIP_DIR).sort();

  for (const file of samples) {
    it(`${file}: out through Whetstone and back, it prints the same`, () => {
      const language = languageOfFile(file);
      assert.ok(language && language !== 'whetstone');
      const source = readFileSync(join(ROUNDTRIP_DIR, file), 'utf8');
      const imported = importSource(source, language);
      assert.deepEqual(
        imported.diagnostics.map((d) => `${d.code} ${d.line}: ${d.message}`),
        [],
      );
      const errors = analyze(imported.ast).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(errors.map((d) => `${d.code} ${d.line}: ${d.message}`), []);

      const back = language === 'python' ? 'python' : 'javascript';
      const generated = generate(imported.ast, back);
      assert.deepEqual(generated.diagnostics, []);
      let original;
      if (language === 'typescript') {
        const checked = scratch.tsc([scratch.write(file, source)]);
        assert.equal(checked.status, 0, checked.stdout);
        original = scratch.node(join(scratch.dir, 'out', file.replace(/\.ts$/, '.js')));
      } else {
        const path = scratch.write(`original/${file}`, source);
        original = language === 'python' ? scratch.python(path) : scratch.node(path);
      }
      const path = scratch.write(`back/${file.replace(/\.ts$/, '.js')}`, generated.code);
      const roundTripped = back === 'python' ? scratch.python(path) : scratch.node(path);
      assert.equal(original.status, 0, original.stderr);
      assert.ok(original.stdout.split('\n').length > 3, 'the sample prints something to compare');
      assert.equal(roundTripped.stderr, '', generated.code);
      assert.equal(roundTripped.stdout, original.stdout, generated.code);
    });
  }

  it('has realistic samples in each direction', () => {
    assert.ok(samples.filter((file) => file.endsWith('.js')).length >= 2);
    assert.ok(samples.filter((file) => file.endsWith('.py')).length >= 2);
    assert.ok(samples.some((file) => file.endsWith('.ts')));
  });
});
