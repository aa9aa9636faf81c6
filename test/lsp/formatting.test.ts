// Document formatting over a real LSP connection: the printer's canonical text as one edit,
// nothing for canonical text, and nothing for a document with syntax errors.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DocumentFormattingRequest } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { applyTextEdits, readFixture } from './positions';

const options = { tabSize: 2, insertSpaces: true };

describe('formatting', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client.shutdown();
  });

  it('prints a badly laid out document canonically, and leaves canonical text alone', async () => {
    const { uri, text } = readFixture('unformatted.wst');
    await client.open(uri, text);
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
    assert.ok(edits && edits.length === 1, 'one whole-document edit');
    const formatted = applyTextEdits(text, edits);
    assert.deepEqual(
      formatted.split('\n').filter((line) => line.trim() !== ''),
      ['fn add(a: number, b: number): number {', '  return a + b;', '}', 'let total = add(1, 2) * 3;', 'print(total);'],
    );

    await client.change(uri, [{ text: formatted }]);
    const again = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
    assert.deepEqual(again, [], 'canonical text needs no edit');
  });

  it('keeps comments', async () => {
    const uri = 'untitled:comments.wst';
    await client.open(uri, '// leading\nlet   x=1;  // trailing\n');
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
    const formatted = applyTextEdits('// leading\nlet   x=1;  // trailing\n', edits ?? []);
    assert.match(formatted, /\/\/ leading\nlet x = 1; \/\/ trailing\n/);
  });

  it('does not format a document with syntax errors', async () => {
    const uri = 'untitled:broken.wst';
    await client.open(uri, 'fn   f( {\n  return 1\n');
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
    assert.deepEqual(edits, []);
  });
});
