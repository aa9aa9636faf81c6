// Code actions over a real LSP connection: the quick fix of a diagnostic, applied as the client
// would apply it, removes the diagnostic.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CodeActionKind, CodeActionRequest, type CodeAction, type TextDocumentEdit, type TextEdit } from 'vscode-languageserver-protocol/node';
import { SUGGESTION_ACTION_KIND } from '../../server/src/lsp/suggestions';
import { SUGGESTION_COMMANDS } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';
import { applyTextEdits, readFixture } from './positions';

describe('code actions', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ settings: { diagnostics: { semanticDelayMs: 20 } } });
  });
  after(async () => {
    await client.shutdown();
  });

  it('offers the fix of E_UNDEFINED, and applying it removes the diagnostic', async () => {
    const { uri, text } = readFixture('undefined-name.wst');
    await client.open(uri, text, 1);
    const published = await client.fullDiagnostics(uri, 1, true);
    const problem = published.diagnostics.find((d) => d.code === 'E_UNDEFINED');
    assert.ok(problem);

    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: problem.range,
      context: { diagnostics: [problem], only: [CodeActionKind.QuickFix] },
    })) as CodeAction[];
    assert.equal(actions.length, 1, `one quick fix (got ${actions.map((a) => a.title).join(', ')})`);
    const [fix] = actions;
    assert.equal(fix.kind, CodeActionKind.QuickFix);
    assert.equal(fix.title, "Change 'nmae' to 'name'");
    assert.deepEqual(fix.diagnostics, [problem]);
    const change = fix.edit?.documentChanges?.[0] as TextDocumentEdit | undefined;
    assert.ok(change, 'a versioned document edit');
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    const edits = change.edits as TextEdit[];

    const fixed = applyTextEdits(text, edits);
    assert.match(fixed, /return "Hello, " \+ name;/);
    const version = await client.change(uri, edits.map((edit) => ({ range: edit.range, text: edit.newText })));
    const after = await client.fullDiagnostics(uri, version);
    assert.deepEqual(
      after.diagnostics.filter((d) => d.severity === 1).map((d) => d.code),
      [],
      'no error is left',
    );
  });

  it('offers no fix where no diagnostic has one, and only the annotation suggestions for refactorings', async () => {
    const { uri } = readFixture('undefined-name.wst');
    const none = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } },
      context: { diagnostics: [] },
    });
    assert.deepEqual(none, []);
    const refactor = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } },
      context: { diagnostics: [], only: [CodeActionKind.Refactor] },
    })) as CodeAction[];
    // greet is pure: its suggestion's Accept / Reject / Why stand on its first line, as refactorings.
    assert.deepEqual(
      refactor.map((action) => [action.kind, action.command?.command]),
      [
        [SUGGESTION_ACTION_KIND, SUGGESTION_COMMANDS.accept],
        [SUGGESTION_ACTION_KIND, SUGGESTION_COMMANDS.reject],
        [SUGGESTION_ACTION_KIND, SUGGESTION_COMMANDS.why],
      ],
    );
    assert.match(refactor[0].title, /^Add @semantic\(pure\) on function greet at line 1 \(85%\)$/);
  });
});
