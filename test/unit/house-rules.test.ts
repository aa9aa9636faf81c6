// The house rules are the linter's: ESLint (the project's own configuration) reports an import that
// crosses them, type-only imports included, and lets the allowed ones through. Each sample is a
// small file linted as if it stood in a room (lintText with its path); nothing is written to disk.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..', '..');

let eslint: ESLint;

/** The house-rule messages ESLint gives `code` placed at `filePath` (relative to the repository). */
async function houseProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

async function assertRefused(filePath: string, code: string, message: RegExp): Promise<void> {
  const problems = await houseProblems(filePath, code);
  assert.ok(
    problems.some((problem) => message.test(problem)),
    `${filePath}: ${code} should break a house rule (${message}); got ${JSON.stringify(problems)}`,
  );
}

async function assertAllowed(filePath: string, code: string): Promise<void> {
  assert.deepEqual(await houseProblems(filePath, code), [], `${filePath}: ${code} keeps the house rules`);
}

describe('house rules (imports between the rooms of server/src)', () => {
  before(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('core imports nothing of ours outside core, not even a type, and does no I/O', async () => {
    await assertRefused('server/src/core/syntax/sample.ts', "import type { AgentHost } from '../../agent/host';\nexport type H = AgentHost;\n", /core\/ may import no other room/);
    await assertRefused('server/src/core/semantics/sample.ts', "import { Workspace } from '../../workspace/workspace';\nexport const w = Workspace;\n", /core\/ may import no other room/);
    await assertRefused('server/src/core/syntax/sample.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", /does no I\/O/);
    await assertAllowed('server/src/core/editing/sample.ts', "import type { Node } from '../ast/ast';\nimport { analyze } from '../semantics/model';\nexport const a = analyze;\nexport type N = Node;\n");
  });

  it('inside core, a folder imports only the folders below it (ast, syntax, semantics, queries, editing, suggest)', async () => {
    await assertRefused('server/src/core/syntax/sample.ts', "import type { SemanticModel } from '../semantics/model';\nexport type M = SemanticModel;\n", /core\/syntax\/ may import ast only/);
    await assertRefused('server/src/core/ast/sample.ts', "import { printNode } from '../editing/printer';\nexport const p = printNode;\n", /core\/ast\/ may import no other core folder/);
    await assertAllowed('server/src/core/semantics/sample.ts', "import { closestName } from './suggest';\nimport type { Span } from '../ast/ast';\nexport const c = closestName;\nexport type S = Span;\n");
    await assertAllowed('server/src/core/suggest/sample.ts', "import { printNode } from '../editing/printer';\nimport { nameOccurrences } from '../queries/name-occurrences';\nexport const p = [printNode, nameOccurrences];\n");
  });

  it('the lsp handlers do not reach the agent or the process around them', async () => {
    await assertRefused('server/src/lsp/sample.ts', "import type { AgentRole } from '../agent/roles';\nexport type R = AgentRole;\n", /lsp\/ may import projection, workspace, core, protocol only/);
    await assertRefused('server/src/lsp/sample.ts', "import { startServer } from '../editor-process/server';\nexport const s = startServer;\n", /lsp\/ may import/);
    await assertAllowed('server/src/lsp/sample.ts', "import { WhetstoneDocument } from '../core/syntax';\nimport { AstRequest } from '../protocol/messages';\nimport type { OpenBuffer } from '../workspace/buffer';\nexport const x = [WhetstoneDocument, AstRequest];\nexport type B = OpenBuffer;\n");
  });

  it('outside core, core is imported through its folders\' index files', async () => {
    await assertRefused('server/src/workspace/sample.ts', "import type { TextEdit } from '../core/syntax/text-edits';\nexport type E = TextEdit;\n", /index files/);
    await assertRefused('client/src/sample.ts', "import { analyze } from '../../server/src/core/semantics';\nexport const a = analyze;\n", /client\/src imports vscode, vscode-languageclient and server\/src\/protocol only/);
    await assertRefused('client/src/sample.ts', "import type { Connection } from 'vscode-languageserver/node';\nexport type C = Connection;\n", /client\/src imports vscode, vscode-languageclient/);
    await assertAllowed('client/src/sample.ts', "import * as vscode from 'vscode';\nimport type { LanguageClient } from 'vscode-languageclient/node';\nimport { AstRequest } from '../../server/src/protocol/messages';\nimport { CLIENT_ID } from './language-client';\nexport const x = [vscode, AstRequest, CLIENT_ID];\nexport type L = LanguageClient;\n");
  });

  it('the agent protocol is transport-neutral and never reaches the editor, the command line or the LSP', async () => {
    await assertRefused('server/src/agent/methods/sample.ts', "import { runServe } from '../../cli/serve';\nexport const r = runServe;\n", /agent\/ may import projection, workspace, core only/);
    await assertRefused('server/src/agent/sample.ts', "export { AstRequest } from '../protocol/messages';\n", /agent\/ may import/);
    await assertRefused('server/src/agent/sample.ts', "import { WebSocketServer } from 'ws';\nexport const w = WebSocketServer;\n", /transport-neutral/);
    await assertRefused('server/src/agent/sample.ts', "import type { AgentEndpoint } from '../endpoint';\nexport type E = AgentEndpoint;\n", /agent\/ may import projection, workspace, core only/);
    await assertRefused('server/src/agent/sample.ts', "import { webSocketTransport } from '../websocket';\nexport const w = webSocketTransport;\n", /agent\/ may import projection, workspace, core only/);
  });

  it('the endpoint holds what its transports share and knows no transport; WebSocket and MCP are siblings above it', async () => {
    await assertRefused('server/src/endpoint/sample.ts', "import { WebSocketServer } from 'ws';\nexport const w = WebSocketServer;\n", /transport-neutral/);
    await assertRefused('server/src/endpoint/sample.ts', "import { webSocketTransport } from '../websocket';\nexport const w = webSocketTransport;\n", /endpoint\/ may import agent, workspace only/);
    await assertRefused('server/src/endpoint/sample.ts', "import { mcpHttpTransport } from '../mcp';\nexport const m = mcpHttpTransport;\n", /endpoint\/ may import agent, workspace only/);
    await assertAllowed('server/src/endpoint/sample.ts', "import { Dispatcher } from '../agent';\nimport { readRegularFile } from '../workspace/regular-file';\nexport const x = [Dispatcher, readRegularFile];\n");
    await assertAllowed('server/src/websocket/sample.ts', "import { WebSocketServer } from 'ws';\nimport type { Transport } from '../endpoint';\nimport { AgentSession } from '../agent';\nexport const w = [WebSocketServer, AgentSession];\nexport type T = Transport;\n");
    await assertRefused('server/src/websocket/sample.ts', "import { mcpHttpTransport } from '../mcp';\nexport const m = mcpHttpTransport;\n", /websocket\/ may import endpoint, agent only/);
    await assertRefused('server/src/mcp/sample.ts', "import { webSocketTransport } from '../websocket';\nexport const w = webSocketTransport;\n", /mcp\/ may import endpoint, agent only/);
    await assertRefused('server/src/mcp/sample.ts', "import { checkRequest } from '../endpoint/request-guard';\nexport const c = checkRequest;\n", /import endpoint through its public surface/);
    await assertRefused('server/src/cli/sample.ts', "import { AgentConnection } from '../websocket/connection';\nexport const c = AgentConnection;\n", /import websocket through its public surface/);
  });

  it('projection is a language service below the adapters: it imports core only, and lsp, agent and the processes use it', async () => {
    await assertRefused('server/src/projection/sample.ts', "import type { AgentHost } from '../agent/host';\nexport type H = AgentHost;\n", /projection\/ may import core only/);
    await assertRefused('server/src/projection/sample.ts', "import type { Workspace } from '../workspace/workspace';\nexport type W = Workspace;\n", /projection\/ may import core only/);
    await assertRefused('server/src/projection/generate/sample.ts', "import { projectBuffer } from '../../lsp/projection-requests';\nexport const p = projectBuffer;\n", /projection\/ may import core only/);
    await assertRefused('server/src/projection/sample.ts', "import { ProjectRequest } from '../protocol/messages';\nexport const p = ProjectRequest;\n", /projection\/ may import core only/);
    await assertRefused('server/src/projection/sample.ts', "import { printNode } from '../core/editing/printer';\nexport const p = printNode;\n", /index files/);
    await assertAllowed('server/src/projection/import/sample.ts', "import { walk, type Program } from '../../core/ast';\nimport { WhetstoneDocument } from '../../core/syntax';\nexport const x = [walk, WhetstoneDocument];\nexport type P = Program;\n");
    await assertAllowed('server/src/lsp/sample.ts', "import { generate } from '../projection';\nexport const g = generate;\n");
    await assertAllowed('server/src/agent/methods/sample.ts', "import { runPipeline } from '../../projection';\nexport const r = runPipeline;\n");
    await assertAllowed('server/src/agent/sample.ts', "import type { CodeModel } from '../projection';\nexport type M = CodeModel;\n");
    await assertAllowed('server/src/cli/sample.ts', "import { parseSourceText } from '../projection';\nexport const p = parseSourceText;\n");
    await assertAllowed('server/src/editor-process/sample.ts', "import type { CodeModel } from '../projection';\nexport type M = CodeModel;\n");
    await assertRefused('server/src/workspace/sample.ts', "import { generate } from '../projection';\nexport const g = generate;\n", /workspace\/ may import core only/);
    await assertRefused('server/src/core/syntax/sample.ts', "import { generate } from '../../projection';\nexport const g = generate;\n", /core\/ may import no other room/);
  });

  it('the composing rooms and mcp keep to their arrows', async () => {
    await assertAllowed('server/src/editor-process/sample.ts', "import { registerLanguageFeatures } from '../lsp/handlers';\nimport { METHODS } from '../agent';\nexport const x = [registerLanguageFeatures, METHODS];\n");
    await assertRefused('server/src/cli/sample.ts', "import { toLspRange } from '../lsp/convert';\nexport const t = toLspRange;\n", /cli\/ may import websocket, mcp, endpoint, agent, projection, workspace, core, protocol only/);
    await assertAllowed('server/src/cli/sample.ts', "import { runStdioBridge } from '../mcp/index';\nexport const b = runStdioBridge;\n");
    // serve starts itself with the language server's Node options, written once in protocol/.
    await assertAllowed('server/src/cli/sample.ts', "import { SERVER_NODE_OPTIONS } from '../protocol/server-process';\nexport const o = SERVER_NODE_OPTIONS;\n");
    await assertRefused('server/src/mcp/sample.ts', "import { AstRequest } from '../protocol/messages';\nexport const a = AstRequest;\n", /mcp\/ may import endpoint, agent only/);
    await assertAllowed('server/src/mcp/sample.ts', "import { METHODS } from '../agent';\nexport const m = METHODS;\n");
    await assertRefused('server/src/protocol/sample.ts', "import type { Program } from '../core/ast';\nexport type P = Program;\n", /protocol\/ imports only vscode-languageserver-protocol/);
  });

  it('outside agent/, the agent room is imported through its public surface (agent/index.ts) only', async () => {
    await assertAllowed('server/src/cli/sample.ts', "import { planDisplay } from '../agent/index';\nexport const p = planDisplay;\n");
    await assertRefused('server/src/cli/sample.ts', "import { planDisplay } from '../agent/plans/plan-display';\nexport const p = planDisplay;\n", /import agent through its public surface/);
    await assertRefused('server/src/mcp/sample.ts', "import type { AgentRole } from '../agent/roles';\nexport type R = AgentRole;\n", /import agent through its public surface/);
    await assertRefused('server/src/editor-process/sample.ts', "import { Dispatcher } from '../agent/dispatcher';\nexport const d = Dispatcher;\n", /import agent through its public surface/);
    // Inside agent/, sub-rooms import each other directly.
    await assertAllowed('server/src/agent/methods/sample.ts', "import { planStoreOf } from '../plans/plan-store';\nexport const p = planStoreOf;\n");
  });

  it('the escaping of text for display is one pure module every room but core imports (protocol/display-text)', async () => {
    await assertAllowed('server/src/agent/sample.ts', "import { labelText } from '../protocol/display-text';\nexport const l = labelText;\n");
    await assertAllowed('server/src/mcp/sample.ts', "import { terminalLine } from '../protocol/display-text';\nexport const t = terminalLine;\n");
    await assertAllowed('client/src/sample.ts', "import { markdownText } from '../../server/src/protocol/display-text';\nexport const m = markdownText;\n");
    // Only that module: the rest of protocol/ stays out of the transport-neutral rooms, and core imports none of it.
    await assertRefused('server/src/agent/sample.ts', "import { AstRequest } from '../protocol/messages';\nexport const a = AstRequest;\n", /agent\/ may import/);
    await assertRefused('server/src/agent/sample.ts', "import { x } from '../protocol/display-text-more';\nexport const a = x;\n", /agent\/ may import/);
    await assertRefused('server/src/core/semantics/sample.ts', "import { labelText } from '../../protocol/display-text';\nexport const l = labelText;\n", /core\/ may import no other room/);
  });
});
