// The test helper that reads expected diagnostics from markers under the text they mark
// (test/helpers/diagnostic-markers.ts): it reads them where they point, and it fails a test whose
// program reports something unmarked, misses a marked one, or words it otherwise.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assertMarkedDiagnostics, readMarkers } from '../helpers/diagnostic-markers';

describe('diagnostic markers in test programs', () => {
  it('reads each marker as the place, code and message it points at, and leaves it out of the program', () => {
    const { text, expected } = readMarkers(`fn f() {
  print(a, bb);
//      ^ E_UNDEFINED
//         ^^ E_UNDEFINED Cannot find name 'bb'
}
`);
    assert.equal(text, 'fn f() {\n  print(a, bb);\n}\n');
    assert.deepEqual(expected, [
      { line: 2, start: 8, end: 9, code: 'E_UNDEFINED' },
      { line: 2, start: 11, end: 13, code: 'E_UNDEFINED', message: "Cannot find name 'bb'" },
    ]);
  });

  it('passes a program marked right, and fails one with a diagnostic unmarked, a marker unmet or another message', async () => {
    const program = 'fn f() {\n  print(cont);\n';
    await assertMarkedDiagnostics(`${program}//      ^^^^ E_UNDEFINED Cannot find name 'cont'\n}\n`);
    await assert.rejects(assertMarkedDiagnostics(`${program}}\n`), /\^\^\^\^ E_UNDEFINED Cannot find name 'cont'/, 'an unmarked diagnostic is shown as the marker it needs');
    await assert.rejects(assertMarkedDiagnostics(`${program}//     ^^^^ E_UNDEFINED\n}\n`), /2:7-11 E_UNDEFINED/, 'a marker one column off');
    await assert.rejects(assertMarkedDiagnostics(`${program}//      ^^^^ W_UNUSED\n}\n`), /W_UNUSED/, 'another code');
    await assert.rejects(assertMarkedDiagnostics(`${program}//      ^^^^ E_UNDEFINED Cannot find 'cont'\n}\n`), /the message "Cannot find 'cont'"/);
  });

  it('the example in docs/ARCHITECTURE.md\'s recipe for a diagnostic passes as written', async () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'ARCHITECTURE.md'), 'utf8');
    const recipe = doc.slice(doc.indexOf('- **A diagnostic**'));
    const block = /\n {2}```ts\n([\s\S]*?)\n {2}```/.exec(recipe);
    assert.ok(block, 'the recipe has a TypeScript example');
    const code = block[1].replace(/^ {2}/gm, '');
    const program = /assertMarkedDiagnostics\(`([\s\S]*)`\)/.exec(code);
    assert.ok(program, code);
    await assertMarkedDiagnostics(program[1]);
  });
});
