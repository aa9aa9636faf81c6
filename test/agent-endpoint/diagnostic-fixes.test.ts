// A diagnostic's fix is applied by its id (applyBatch {fixId}), not copied back: the server keeps
// what getDiagnostics showed, applies it to the text it was made for (a file changed since is
// stale), and refuses an id it did not give this session, changing nothing. An argument that does
// not fit offers, on the parameter it is passed to in another file, to declare that parameter with
// the argument's type; applied, the answer says whether the diagnostic it was for is gone.
// Real `whetstone-agent serve` processes, a real WebSocket, the MCP SDK's own client.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { connectHttp, type McpAgent } from './mcp-harness';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const FILES: Record<string, string> = {
  'shop/rules.wst': 'fn weightLabel(kg: string): string {\n  return "weight " + str(kg);\n}\n',
  'shop/view.wst': 'use shop.rules.{weightLabel};\nlet limit: number = "3";\nprint(weightLabel(limit));\n',
};

interface Related {
  message?: string;
  uri: string;
  nodeId: string;
  revision: number;
  hint?: string;
  fix?: Record<string, unknown>[];
  fixId?: string;
}
interface Diagnostic {
  code: string;
  message: string;
  nodeId: string;
  hint?: string;
  fix?: Record<string, unknown>[];
  fixId?: string;
  related?: Related[];
}

describe('fixes applied by their id', () => {
  let server: ServeProcess;
  let ws: AgentClient;
  let mcp: McpAgent;
  const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;
  const text = (file: string): string => readFileSync(join(server.folder, file), 'utf8');

  beforeEach(async () => {
    server = await startServe({ files: FILES });
    ws = await AgentClient.connect(server);
    await ws.request('setAgentRole', { role: 'refactor' });
    mcp = await connectHttp(server);
    await mcp.ok('setAgentRole', { role: 'refactor' });
  });
  afterEach(async () => {
    await mcp?.close();
    ws?.socket.close();
    await server?.stop();
  });

  it("gives each fix an id beside its mutations, and applyBatch {fixId} applies it to the file it was shown for", async () => {
    const { diagnostics } = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/view.wst') });
    const declared = diagnostics.find((diagnostic) => diagnostic.message.includes("'limit'"));
    assert.ok(declared?.fixId && declared.fix, JSON.stringify(diagnostics));
    assert.equal(declared.hint, 'Write it as the number 3');
    // Shown again at the same revision, the same fix has the same id.
    const again = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/view.wst') });
    assert.equal(again.diagnostics.find((diagnostic) => diagnostic.nodeId === declared.nodeId)?.fixId, declared.fixId);
    const applied = await ws.request<Record<string, unknown>>('applyBatch', { fixId: declared.fixId });
    assert.equal(applied.uri, uriOf('shop/view.wst'));
    assert.equal(applied.success, true);
    assert.ok(!('resolved' in applied), 'in its own file, the change\'s diagnostics say what is left');
    assert.match(text('shop/view.wst'), /\nlet limit: number = 3;\n/);
  });

  it('offers to retype the parameter in the other file, and says the diagnostic is gone once applied (MCP: by the id alone)', async () => {
    // The declaration's own error fixed first: then the argument is a number, the parameter a string.
    const first = await mcp.ok<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: 'shop/view.wst' });
    await mcp.ok('applyBatch', { fixId: first.diagnostics.find((diagnostic) => diagnostic.message.includes("'limit'"))!.fixId });
    const { diagnostics } = await mcp.ok<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: 'shop/view.wst' });
    const [mismatch] = diagnostics;
    assert.equal(mismatch?.message, "Argument of type number is not assignable to parameter 'kg' of type string", JSON.stringify(diagnostics));
    const [parameter] = mismatch.related ?? [];
    // MCP gives each kept fix by its id (the hint says what it does), and the related entry without the message its diagnostic says.
    assert.deepEqual([mismatch.fix, typeof mismatch.fixId, mismatch.hint], [undefined, 'string', 'Convert it with str(…)'], JSON.stringify(mismatch));
    assert.deepEqual({ ...parameter, fixId: typeof parameter.fixId }, { qualifiedName: 'shop.rules.weightLabel', uri: 'shop/rules.wst', nodeId: parameter.nodeId, revision: 1, line: 1, column: 15, hint: 'Or declare it as number', fixId: 'string' });
    // The WebSocket shows the same fix under the same id, with its mutation.
    const overSocket = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/view.wst') });
    const socketParameter = overSocket.diagnostics[0].related![0];
    assert.equal(socketParameter.message, "parameter 'kg'");
    assert.deepEqual(socketParameter.fix, [{ type: 'setProperty', nodeId: parameter.nodeId, property: 'paramType', value: 'number' }]);
    // A dry run previews the fix and changes nothing.
    const preview = await mcp.ok<{ dryRun: boolean; edits: unknown[] }>('applyBatch', { fixId: parameter.fixId, dryRun: true });
    assert.equal(preview.dryRun, true);
    assert.ok(preview.edits.length > 0, JSON.stringify(preview));
    assert.equal(text('shop/rules.wst'), FILES['shop/rules.wst']);
    // Applied: the other file changes; the answer does not say back the file and node the fix named.
    const applied = await mcp.ok<Record<string, unknown>>('applyBatch', { fixId: parameter.fixId });
    assert.deepEqual(applied, { success: true, resolved: true, revision: 2 });
    assert.match(text('shop/rules.wst'), /^fn weightLabel\(kg: number\): string \{/);
    const after = await mcp.ok<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: 'shop/view.wst' });
    assert.deepEqual(after.diagnostics, []);
  });

  it('refuses a fix whose file changed since it was shown (-32012), changing nothing', async () => {
    const { diagnostics } = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/view.wst') });
    const fixId = diagnostics.find((diagnostic) => diagnostic.message.includes("'limit'"))!.fixId;
    const { candidates } = await ws.request<{ candidates: { parentId: string }[] }>('findNodes', { type: 'VariableDeclaration', name: 'limit', uri: uriOf('shop/view.wst') });
    await ws.request('applyMutation', { type: 'insertNode', parentId: candidates[0].parentId, role: 'children', source: 'print(1);', uri: uriOf('shop/view.wst') });
    const changed = text('shop/view.wst');
    const stale = await ws.call('applyBatch', { fixId });
    assert.equal(stale.error?.code, -32012, JSON.stringify(stale));
    assert.equal(text('shop/view.wst'), changed);
  });

  it('refuses a fixId it did not give this session, and one sent with mutations or a file, with -32602 and nothing changed', async () => {
    const { diagnostics } = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/view.wst') });
    const fixId = diagnostics.find((diagnostic) => diagnostic.message.includes("'limit'"))!.fixId!;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ fixId: 'fix_999' }, /fixId names no fix shown to this session/],
      [{ fixId, mutations: [] }, /fixId takes no mutations/],
      [{ fixId, uri: uriOf('shop/view.wst') }, /fixId takes no uri/],
      [{ fixId, ifRevision: 1 }, /fixId takes no ifRevision/],
      [{ fixId: '' }, /fixId/],
      [{}, /mutations|fixId/],
    ];
    for (const [params, why] of refusals) {
      const refused = await ws.call('applyBatch', params);
      assert.equal(refused.error?.code, -32602, JSON.stringify([params, refused]));
      assert.match(refused.error.message, why);
    }
    // Another session was not shown it: the id is this session's.
    const other = await mcp.call('applyBatch', { fixId });
    assert.equal(other.isError, true);
    assert.equal(other.structured.code, -32602, other.text);
    assert.deepEqual([text('shop/view.wst'), text('shop/rules.wst')], [FILES['shop/view.wst'], FILES['shop/rules.wst']]);
  });
});
