// The server's life over a real LSP connection: what initialize announces, the settings it reads,
// the custom whetstone/ast request and whetstone/activeEditor notification, shutdown and exit.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseError, TextDocumentSyncKind } from 'vscode-languageserver-protocol/node';
import { ActiveEditorNotification, AstRequest } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';

describe('lifecycle', () => {
  it('announces incremental sync, UTF-16 positions and its features', async () => {
    const client = await LspClient.start();
    try {
      const capabilities = client.initializeResult?.capabilities;
      assert.ok(capabilities);
      assert.equal(capabilities.positionEncoding, 'utf-16');
      assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental });
      for (const provider of ['documentSymbolProvider', 'hoverProvider', 'definitionProvider', 'referencesProvider', 'documentFormattingProvider', 'foldingRangeProvider'] as const) {
        assert.equal(capabilities[provider], true, provider);
      }
      assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
      assert.ok(capabilities.completionProvider?.triggerCharacters?.includes('@'));
      assert.ok(capabilities.completionProvider?.triggerCharacters?.includes('.'));
      assert.ok(capabilities.semanticTokensProvider?.legend.tokenTypes.includes('decorator'));
      assert.equal(client.initializeResult?.serverInfo?.name, 'whetstone-language-server');
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('reads whetstone.diagnostics.semanticDelayMs from the client', async () => {
    // A delay far longer than the test: the semantic pass must not come.
    const client = await LspClient.start({ settings: { diagnostics: { semanticDelayMs: 60_000 } } });
    try {
      await client.waitFor('the settings request', () => (client.configurationRequests.includes('whetstone') ? true : undefined));
      const uri = 'untitled:delay.wst';
      await client.open(uri, 'print(1);\n');
      await client.fullDiagnostics(uri, 1, true);
      const version = await client.change(uri, [{ range: { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } }, text: 'missing' }]);
      await client.waitFor('the syntax publication', () => client.publicationsFor(uri).find((p) => p.version === version));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ofVersion = client.publicationsFor(uri).filter((p) => p.version === version);
      assert.equal(ofVersion.length, 1, 'only the syntax publication: the semantic pass waits for the configured delay');
      assert.deepEqual(ofVersion[0].diagnostics, []);
    } finally {
      await client.shutdown();
    }
  });

  it('answers whetstone/ast with the AST and revision of the buffer, and refuses an unknown buffer', async () => {
    const client = await LspClient.start();
    try {
      const uri = 'untitled:ast.wst';
      await client.open(uri, 'let x = 1;\n', 3);
      await client.connection.sendNotification(ActiveEditorNotification.method, { uri });
      await client.change(uri, [{ range: { start: { line: 0, character: 8 }, end: { line: 0, character: 9 } }, text: '2' }]);
      const result = (await client.connection.sendRequest(AstRequest.method, { uri })) as {
        uri: string;
        revision: number;
        ast: { type: string; id: string; children: { type: string; name: string; initializer: { raw: string } }[] };
      };
      assert.equal(result.uri, uri);
      assert.equal(result.revision, 4);
      assert.equal(result.ast.type, 'Program');
      assert.match(result.ast.id, /^node_\d+$/);
      assert.equal(result.ast.children[0].type, 'VariableDeclaration');
      assert.equal(result.ast.children[0].initializer.raw, '2');

      await assert.rejects(client.connection.sendRequest(AstRequest.method, { uri: 'untitled:not-open.wst' }), (error: unknown) => {
        assert.ok(error instanceof ResponseError);
        assert.match(error.message, /not-open/);
        return true;
      });
      await assert.rejects(client.connection.sendRequest(AstRequest.method, {}), ResponseError);
      // Bad notifications are ignored, not fatal.
      await client.connection.sendNotification(ActiveEditorNotification.method, { uri: 42 });
      await client.connection.sendNotification(ActiveEditorNotification.method, null);
      const still = (await client.connection.sendRequest(AstRequest.method, { uri })) as { revision: number };
      assert.equal(still.revision, 4);
    } finally {
      await client.shutdown();
    }
  });

  it('exits with 0 after shutdown and exit, and 1 after exit alone', async () => {
    const clean = await LspClient.start();
    assert.equal(await clean.shutdown(), 0);
    const abrupt = await LspClient.start();
    await abrupt.connection.sendNotification('exit');
    const code = await abrupt.waitFor('the server to exit', () => (abrupt.exitCode === undefined ? undefined : abrupt.exitCode));
    assert.equal(code, 1);
    abrupt.kill();
  });
});
