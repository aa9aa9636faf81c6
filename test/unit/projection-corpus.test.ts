// Generated code, run for real: every corpus program is generated into JavaScript (run with
// node), TypeScript (type-checked by tsc --strict with no errors, then run) and Python (run with
// python3), and each prints exactly the program's expected output. The optimised program, run the
// same way, prints it too.
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { optimise } from '../../server/src/projection/optimise';
import { corpus, prepareProjection, Scratch } from '../helpers/projection';

describe('projection corpus: generated code prints what the program prints', () => {
  const programs = corpus();
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('corpus');
  });
  after(() => scratch.dispose());

  const astOf = (source: string) => {
    const parsed = importSource(source, 'whetstone');
    assert.deepEqual(parsed.diagnostics, []);
    return parsed.ast;
  };

  it('has at least 30 programs, each with an expected output', () => {
    assert.ok(programs.length >= 30, `${programs.length} programs`);
    for (const program of programs) assert.notEqual(program.expected.trim(), '', program.name);
  });

  it('JavaScript: node prints the expected output', () => {
    for (const program of programs) {
      const generated = generate(astOf(program.source), 'javascript');
      assert.deepEqual(generated.diagnostics, [], program.name);
      const result = scratch.node(scratch.write(`js/${program.name}.js`, generated.code));
      assert.equal(result.stderr, '', `${program.name}:\n${generated.code}`);
      assert.equal(result.stdout, program.expected, `${program.name}:\n${generated.code}`);
    }
  });

  it('TypeScript: tsc --strict reports no errors, and the result prints the expected output', () => {
    const files = programs.map((program) => scratch.write(`ts/${program.name}.ts`, generate(astOf(program.source), 'typescript').code));
    const checked = scratch.tsc(files);
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);
    for (const program of programs) {
      const result = scratch.node(`${scratch.dir}/out/${basename(program.name)}.js`);
      assert.equal(result.stdout, program.expected, program.name);
    }
  });

  it('Python: python3 prints the expected output', () => {
    for (const program of programs) {
      const generated = generate(astOf(program.source), 'python');
      const result = scratch.python(scratch.write(`py/${program.name.replace(/-/g, '_')}.py`, generated.code));
      assert.equal(result.stderr, '', `${program.name}:\n${generated.code}`);
      assert.equal(result.stdout, program.expected, `${program.name}:\n${generated.code}`);
    }
  });

  it('Python with snake_case names prints the same', () => {
    let renamed = 0;
    for (const program of programs) {
      const generated = generate(astOf(program.source), 'python', { pythonNames: 'snake_case' });
      if (generated.code === generate(astOf(program.source), 'python').code) continue;
      renamed++;
      const result = scratch.python(scratch.write(`snake/${program.name.replace(/-/g, '_')}.py`, generated.code));
      assert.equal(result.stdout, program.expected, `${program.name}:\n${generated.code}`);
    }
    assert.ok(renamed >= 3, `${renamed} programs have camelCase names`);
  });

  it('the optimised programs print the same', () => {
    let folded = 0;
    let eliminated = 0;
    for (const program of programs) {
      const optimised = optimise(astOf(program.source));
      if (optimised.foldCount + optimised.dceCount === 0) continue;
      folded += optimised.foldCount;
      eliminated += optimised.dceCount;
      const code = generate(optimised.program, 'javascript').code;
      const js = scratch.node(scratch.write(`opt/${program.name}.js`, code));
      assert.equal(js.stdout, program.expected, `${program.name}:\n${code}`);
    }
    // The corpus has constant expressions and dead code to remove, so the checks above ran on changed programs.
    assert.ok(folded >= 10, `folded ${folded}`);
    assert.ok(eliminated >= 3, `eliminated ${eliminated}`);
  });
});
