// The LSP AgentHost's edit path against a real JSON-RPC connection (in-memory streams): what it
// asks the client to apply, and every way that can end — applied and reported, refused, applied
// but never reported, never answered, or taking turns with a second edit. None of
// them may leave the agent's request waiting forever.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createConnection, type Connection } from 'vscode-languageserver/node';
import {
  ApplyWorkspaceEditRequest,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ApplyWorkspaceEditParams,
  type ApplyWorkspaceEditResult,
  type ProtocolConnection,
  type TextDocumentEdit,
} from 'vscode-languageserver-protocol/node';
import { AgentError } from '../../server/src/agent/errors';
import { applyInTurn, inChangeTurn } from '../../server/src/agent/mutation-pipeline';
import type { FunctionDeclaration } from '../../server/src/core/ast';
import { applyMutations } from '../../server/src/core/editing';
import { applyTextEdits } from '../../server/src/core/syntax';
import { LspAgentHost } from '../../server/src/editor-process/lsp-agent-host';
import type { OpenBuffer } from '../../server/src/workspace/buffer';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

const URI = 'file:///host/test.wst';
const SOURCE = 'fn total(): number {\n  return 1;\n}\n';

interface Pair {
  server: Connection;
  client: ProtocolConnection;
  dispose(): void;
}

function connect(): Pair {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  server.listen();
  client.listen();
  return {
    server,
    client,
    dispose: () => {
      client.dispose();
      server.dispose();
    },
  };
}

/** A rename of `total` on the buffer's current tree: the edits and the AST they produce. */
function rename(buffer: OpenBuffer, to: string) {
  const fn = buffer.document.ast.children[0] as FunctionDeclaration;
  const result = applyMutations(buffer.document, [{ type: 'setProperty', nodeId: fn.id, property: 'name', value: to }], () => 'node_new');
  return { ...result, text: applyTextEdits(buffer.text, result.edits) };
}

async function rejection(promise: Promise<unknown>): Promise<AgentError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AgentError, String(error));
    return error;
  }
  assert.fail('expected the edit to be refused');
}

describe('LspAgentHost.applyEdits', () => {
  let pair: Pair;
  let workspace: Workspace;
  let host: LspAgentHost;
  let buffer: OpenBuffer;
  let handle: (params: ApplyWorkspaceEditParams) => ApplyWorkspaceEditResult | Promise<ApplyWorkspaceEditResult>;
  const requests: ApplyWorkspaceEditParams[] = [];

  before(async () => {
    await loadGrammar();
    pair = connect();
    pair.client.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
      requests.push(params);
      return handle(params);
    });
  });
  after(() => pair.dispose());

  function fresh(timeouts: { answerTimeoutMs?: number; changeTimeoutMs?: number } = {}): void {
    workspace = new Workspace();
    host = new LspAgentHost({ connection: pair.server, workspace, info: { ideName: 'test', version: '0' }, ...timeouts });
    buffer = workspace.open(URI, SOURCE, { revision: 7 });
    requests.length = 0;
  }

  /** What VS Code does with an edit it accepts: apply it, and report it as a change (didChange). */
  function applyAndReport(params: ApplyWorkspaceEditParams): ApplyWorkspaceEditResult {
    const change = params.edit.documentChanges?.[0] as TextDocumentEdit;
    const edits = change.edits.map((edit) => {
      const startOffset = buffer.document.offsetAt({ line: edit.range.start.line + 1, column: edit.range.start.character });
      const endOffset = buffer.document.offsetAt({ line: edit.range.end.line + 1, column: edit.range.end.character });
      return { startOffset, endOffset, newText: 'newText' in edit ? edit.newText : '' };
    });
    workspace.edit(URI, edits, { revision: (change.textDocument.version ?? 0) + 1 });
    return { applied: true };
  }

  it('sends one versioned TextDocumentEdit with LSP ranges and resolves with the reported revision', async () => {
    fresh();
    handle = applyAndReport;
    const mutation = rename(buffer, 'sum');
    const revision = await host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 7, label: 'agent: rename' });
    assert.equal(revision, 8);
    assert.equal(buffer.text, SOURCE.replace('total', 'sum'));
    assert.equal(requests.length, 1);
    assert.equal(requests[0].label, 'agent: rename');
    assert.deepEqual(requests[0].edit.documentChanges, [
      { textDocument: { uri: URI, version: 7 }, edits: [{ range: { start: { line: 0, character: 3 }, end: { line: 0, character: 8 } }, newText: 'sum' }] },
    ]);
  });

  it('refuses without asking the client when the buffer is not at the base revision', async () => {
    fresh();
    handle = applyAndReport;
    const mutation = rename(buffer, 'sum');
    const error = await rejection(host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 6, label: 'stale' }));
    assert.equal(error.code, -32012);
    assert.equal(error.data?.currentRevision, 7);
    assert.equal(requests.length, 0);
  });

  it('turns a refusal into -32012 naming the revision the person made, the buffer untouched by the agent', async () => {
    fresh();
    handle = () => {
      // The person's keystroke got there first; its didChange follows the refusal.
      setTimeout(() => workspace.edit(URI, [{ startOffset: 0, endOffset: 0, newText: ' ' }], { revision: 8 }), 30);
      return { applied: false, failureReason: 'version mismatch' };
    };
    const mutation = rename(buffer, 'sum');
    const error = await rejection(host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 7, label: 'raced' }));
    assert.equal(error.code, -32012);
    assert.equal(error.data?.currentRevision, 8);
    assert.match(error.message, /version mismatch/);
    assert.equal(buffer.text, ` ${SOURCE}`);
  });

  it('reports a refusal without any change as a failed mutation (-32010), not a conflict', async () => {
    fresh();
    handle = () => ({ applied: false, failureReason: 'the document is read-only' });
    const mutation = rename(buffer, 'sum');
    const error = await rejection(host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 7, label: 'read-only' }));
    assert.equal(error.code, -32010);
    assert.match(error.message, /read-only/);
    assert.equal(buffer.text, SOURCE);
  });

  it('fails with -32603 when an applied edit is never reported, instead of waiting forever', async () => {
    fresh({ changeTimeoutMs: 200 });
    handle = () => ({ applied: true });
    const mutation = rename(buffer, 'sum');
    const error = await rejection(host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 7, label: 'lost' }));
    assert.equal(error.code, -32603);
    assert.match(error.message, /did not report the change/);
  });

  it('fails with -32603 when the client never answers', async () => {
    fresh({ answerTimeoutMs: 200 });
    handle = () => new Promise<ApplyWorkspaceEditResult>(() => undefined);
    const mutation = rename(buffer, 'sum');
    const error = await rejection(host.applyEdits(buffer, mutation.edits, { expected: mutation.ast, text: mutation.text, baseRevision: 7, label: 'silent' }));
    assert.equal(error.code, -32603);
    assert.match(error.message, /did not answer/);
  });

  it('takes edits in turns (inChangeTurn): the second, computed in its turn, applies on the text the first left', async () => {
    fresh();
    handle = applyAndReport;
    const renameInTurn = (to: string): Promise<number> =>
      inChangeTurn(host, () => {
        const current = workspace.get(URI)!;
        const change = rename(current, to);
        return applyInTurn(host, current, change.edits, change.ast, `rename to ${to}`);
      });
    const results = await Promise.all([renameInTurn('sum'), renameInTurn('other')]);
    assert.deepEqual(results, [8, 9]);
    assert.equal(requests.length, 2, 'each edit went to the client once');
    assert.equal(workspace.get(URI)!.text, SOURCE.replace('total', 'other'));
  });
});
