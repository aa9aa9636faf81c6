// Diagnostics over a real LSP connection: codes and data on open, a new version after an
// incremental change, and a burst of changes costing one semantic pass, for the last version.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf, rangeOf, readFixture } from './positions';

const codes = (diagnostics: Diagnostic[]): unknown[] => diagnostics.map((d) => d.code);
const messageOf = (diagnostic: Diagnostic): string => (typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value);

describe('diagnostics', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ settings: { diagnostics: { semanticDelayMs: 40 } } });
  });
  after(async () => {
    await client.shutdown();
  });

  it('publishes an undefined name with its code, source, severity, range and data on open', async () => {
    const { uri, text } = readFixture('undefined-name.wst');
    await client.open(uri, text, 1);
    const published = await client.fullDiagnostics(uri, 1, true);
    assert.equal(published.version, 1);
    const undefinedName = published.diagnostics.find((d) => d.code === 'E_UNDEFINED');
    assert.ok(undefinedName, `E_UNDEFINED is published (got ${JSON.stringify(codes(published.diagnostics))})`);
    assert.equal(undefinedName.source, 'whetstone');
    assert.equal(undefinedName.severity, DiagnosticSeverity.Error);
    assert.deepEqual(undefinedName.range, rangeOf(text, 'nmae'));
    assert.match(messageOf(undefinedName), /nmae/);
    const data = undefinedName.data as { nodeId?: unknown; revision?: unknown };
    assert.match(String(data.nodeId), /^node_\d+$/);
    assert.equal(data.revision, 1);
  });

  it('publishes syntax errors at once and the new version after an incremental change', async () => {
    const uri = 'untitled:change.wst';
    const text = 'fn f(a: number): number {\n  return a + 1;\n}\nprint(f(1));\n';
    await client.open(uri, text, 1);
    const clean = await client.fullDiagnostics(uri, 1, true);
    assert.deepEqual(codes(clean.diagnostics), []);

    // Delete the `;` after `a + 1`: a syntax error.
    const semicolon = positionOf(text, '1;', 0, 1);
    const broken = await client.change(uri, [{ range: { start: semicolon, end: { line: semicolon.line, character: semicolon.character + 1 } }, text: '' }]);
    const syntax = await client.waitFor('the syntax publication', () => client.publicationsFor(uri).find((p) => p.version === broken));
    assert.ok(syntax.diagnostics.some((d) => d.code === 'E_SYNTAX'), 'E_SYNTAX comes with the first publication of the version');

    // Put it back and call an undefined function: a semantic error only.
    const repaired = await client.change(uri, [
      { range: { start: semicolon, end: semicolon }, text: ';' },
      { range: { start: { line: 3, character: 6 }, end: { line: 3, character: 7 } }, text: 'g' },
    ]);
    const full = await client.fullDiagnostics(uri, repaired);
    assert.deepEqual(codes(full.diagnostics), ['E_UNDEFINED']);
    assert.deepEqual(full.diagnostics[0].range, { start: { line: 3, character: 6 }, end: { line: 3, character: 7 } });
  });

  it('coalesces a burst of changes into one semantic pass, for the last version only', async () => {
    const uri = 'untitled:burst.wst';
    await client.open(uri, 'print(u0);\n', 1);
    await client.fullDiagnostics(uri, 1, true);
    // Each change renames the printed name to another undefined one: u1, u2, … u8.
    let version = 1;
    for (let i = 1; i <= 8; i++) {
      version = await client.change(uri, [{ range: { start: { line: 0, character: 6 }, end: { line: 0, character: 8 } }, text: `u${i}` }]);
    }
    const last = await client.fullDiagnostics(uri, version);
    assert.deepEqual(
      last.diagnostics.map((d) => [d.code, messageOf(d).includes('u8')]),
      [['E_UNDEFINED', true]],
    );
    // Give a stray timer the chance to fire, then look at everything published for this buffer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const publications = client.publicationsFor(uri).filter((p) => (p.version ?? 0) > 1);
    const semanticVersions = publications.filter((p) => p.diagnostics.some((d) => (d.data as { revision?: number }).revision === p.version && d.code === 'E_UNDEFINED'));
    assert.deepEqual(
      semanticVersions.map((p) => p.version),
      [version],
      'only the last version was analysed',
    );
    for (let v = 2; v < version; v++) {
      assert.equal(publications.filter((p) => p.version === v).length, 1, `version ${v} had only its syntax publication`);
    }
    const published = publications.map((p) => p.version ?? 0);
    assert.deepEqual(published, [...published].sort((a, b) => a - b), 'versions only move forward');
    assert.ok(
      publications.every((p) => p.diagnostics.every((d) => !/u[1-7]\b/.test(messageOf(d)))),
      'no diagnostic of an earlier version was ever published',
    );
  });

  it('clears the diagnostics of a closed document', async () => {
    const { uri } = readFixture('undefined-name.wst');
    const before = client.publicationsFor(uri).length;
    await client.close(uri);
    const cleared = await client.waitFor('the clearing publication', () => client.publicationsFor(uri)[before]);
    assert.deepEqual(cleared.diagnostics, []);
  });
});
