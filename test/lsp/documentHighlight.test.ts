// Document highlight over a real LSP connection: the symbol under the cursor in its file, Write at
// its declaration and assignments, Read at its uses; a shadowing parameter is a symbol of its own;
// nothing where no name is.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DocumentHighlightKind, DocumentHighlightRequest, type DocumentHighlight } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf, rangeKey, rangeOf, readFixture } from './positions';

const { uri, text } = readFixture('features.wst');

function shown(highlights: DocumentHighlight[] | null): string[] {
  assert.ok(highlights, 'the server answers');
  return highlights.map((highlight) => `${rangeKey(highlight.range)} ${highlight.kind === DocumentHighlightKind.Write ? 'write' : 'read'}`);
}

describe('document highlight', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
  });
  after(async () => {
    await client.shutdown();
  });

  it('is announced', () => {
    assert.equal(client.initializeResult?.capabilities.documentHighlightProvider, true);
  });

  it('marks a local’s declaration and assignment as Write and its reads as Read', async () => {
    const highlights = await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(text, 'subtotal * (1', 0, 2) });
    assert.deepEqual(shown(highlights), [
      `${rangeKey(rangeOf(text, 'subtotal', 0))} write`,
      `${rangeKey(rangeOf(text, 'subtotal', 1))} write`,
      `${rangeKey(rangeOf(text, 'subtotal', 2))} read`,
      `${rangeKey(rangeOf(text, 'subtotal', 3))} read`,
    ]);
  });

  it('keeps a parameter apart from the global it shadows', async () => {
    // `count` where `needle` starts.
    const count = (needle: string): string => {
      const start = positionOf(text, needle);
      return rangeKey({ start, end: { line: start.line, character: start.character + 'count'.length } });
    };
    const parameter = await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(text, 'count * 2') });
    assert.deepEqual(shown(parameter), [`${count('count: number')} write`, `${count('count * 2')} read`, `${count('count;\n}')} read`]);
    const global = await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(text, 'count = 10') });
    assert.deepEqual(shown(global), [`${count('count = 10')} write`, `${count('count), len')} read`]);
  });

  it('answers nothing where no name is', async () => {
    const none = await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(text, '(1 + taxRate)') });
    assert.deepEqual(none, []);
  });
});
