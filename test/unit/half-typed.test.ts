// A half-typed statement is one diagnostic at its place, not a cascade over the lines after it
// (core/syntax/cascades.ts), over a corpus of half-typed statements (test/fixtures/half-typed):
// each case's file gets exactly one diagnostic of severity error, on the line the case names, and
// what follows the block it is in is checked as usual.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OpenBuffer } from '../../server/src/workspace/buffer';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { readRepoFile } from '../helpers/core';

interface Case {
  name: string;
  text: string;
  line: number;
}

function corpus(): Case[] {
  const cases: Case[] = [];
  const body = readRepoFile('test', 'fixtures', 'half-typed', 'corpus.txt').replace(/^#.*\n/gm, '');
  for (const chunk of body.split(/^=== /m).slice(1)) {
    const [name, ...rest] = chunk.split('\n');
    const joined = rest.join('\n');
    const at = joined.lastIndexOf('\n--- ');
    cases.push({ name, text: `${joined.slice(0, at)}\n`, line: Number(joined.slice(at + 5).trim()) });
  }
  return cases;
}

describe('half-typed statements', () => {
  const cases = corpus();
  it('the corpus has its cases', () => {
    assert.ok(cases.length >= 50, `${cases.length} cases`);
  });
  for (const { name, text, line } of cases) {
    it(`${name}: one diagnostic, on line ${line}`, async () => {
      await loadGrammar();
      const buffer = OpenBuffer.open('file:///half-typed.wst', text);
      const errors = buffer.diagnostics().filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => `${d.line}: ${d.code} ${d.message}`),
        errors.length === 1 && errors[0].line === line ? [`${line}: ${errors[0].code} ${errors[0].message}`] : [`${line}: one error`],
        text,
      );
    });
  }

  it('a later error in another function is still reported', async () => {
    await loadGrammar();
    const buffer = OpenBuffer.open('file:///half-typed.wst', 'fn f(y: number) {\n  let x = y.\n  while y > 0 {\n    y = y - 1;\n  }\n}\n\nfn g(): number {\n  return nope;\n}\n');
    assert.deepEqual(
      buffer.diagnostics().filter((d) => d.severity === 'error').map((d) => [d.line, d.code]),
      [
        [2, 'E_SYNTAX'],
        [9, 'E_UNDEFINED'],
      ],
    );
  });
});
