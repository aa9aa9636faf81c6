// The MCP contract as an outside client reads it, against the real `serve` with the MCP SDK's own
// client: every tool's real result fits the outputSchema tools/list gives (checked with ajv, no
// field left out) and the field types its method's definition says, what is not listed is not callable, a params error points at the tool's own
// inputSchema, the libraryContext notification reaches the session, and a client without the
// token is told so without being sent looking for an OAuth server.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { METHODS_BY_NAME } from '../../server/src/agent/methods/index';
import { resultSchema } from '../../server/src/mcp/tool-catalog';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectHttp, type McpAgent, type ToolAnswer } from './mcp-harness';
import { startServe, type ServeProcess } from './serve-harness';

const SOURCE = [
  'fn lineTotal(price: number, count: number): number {',
  '  return price * count;',
  '}',
  '',
  'fn calculateTotal(price: number, taxRate: number = 0.2): number {',
  '  let total = lineTotal(price, 2);',
  '  return total * (1 + taxRate);',
  '}',
  '',
  'print(calculateTotal(10));',
  '',
].join('\n');

const LIBRARY = {
  name: 'shop',
  modules: [{ name: 'math', functions: [{ name: 'round', signature: 'round(x: number, digits: number = 0): number', tags: ['numeric'] }] }],
  policy: { blockedFunctions: ['eval'], blockedModules: ['shell'], requireImports: false },
};

describe('MCP contract (serve, the SDK client)', () => {
  let server: ServeProcess;
  let agent: McpAgent;
  before(async () => {
    server = await startServe({ files: { 'orders.wst': SOURCE }, library: LIBRARY, args: ['--approve', 'auto'] });
    agent = await connectHttp(server, { name: 'contract-agent' });
  });
  after(async () => {
    await agent.close();
    await server.stop();
  });

  it('sends libraryContext to an MCP session once its stream is open, the same as getLibraryContext', async () => {
    const context = (await agent.notification('notifications/whetstone/libraryContext')) as { name: string };
    assert.equal(context.name, 'shop');
    assert.deepEqual(await agent.ok('getLibraryContext'), { library: context });
  });

  it('answers every tool with a result its outputSchema describes whole', async () => {
    const { tools } = await agent.client.listTools();
    const ajv = new Ajv2020({ strict: false });
    // Closed at the top: a field the result has and the schema does not list is a failure too.
    const validators = new Map(tools.map((tool) => [tool.name, ajv.compile({ ...tool.outputSchema, additionalProperties: false })]));
    const typed = new Map(tools.map((tool) => [tool.name, ajv.compile(resultSchema(METHODS_BY_NAME.get(tool.name)!.returns!))]));
    const checked = new Set<string>();
    const call = async (name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
      const answer: ToolAnswer = await agent.call(name, args);
      assert.equal(answer.isError, false, `${name}: ${answer.text}`);
      const validate = validators.get(name);
      assert.ok(validate, `${name} is listed`);
      assert.ok(validate(answer.structured), `${name}: ${ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 400)}`);
      const types = typed.get(name)!;
      assert.ok(types(answer.structured), `${name}: ${ajv.errorsText(types.errors)} in ${answer.text.slice(0, 400)}`);
      checked.add(name);
      return answer.structured;
    };
    await call('setAgentName', { name: 'contract-agent' });
    await call('getSessionInfo');
    await call('listSessions');
    await call('setAgentRole', { role: 'refactor' });
    await call('startWorkflowRecording', { name: 'contract' });
    await call('getAST');
    await call('listBuffers');
    const files = (await call('listFiles')) as { files: { module: string }[] };
    assert.deepEqual(files.files.map((file) => file.module), ['orders']);
    const symbols = (await call('findSymbol', { name: 'lineTotal' })) as { matches: { qualifiedName: string }[] };
    assert.deepEqual(symbols.matches.map((match) => match.qualifiedName), ['orders.lineTotal']);
    const references = (await call('findReferences', { qualifiedName: 'orders.lineTotal' })) as { total: number };
    assert.equal(references.total, 1);
    const found = (await call('findNodes', { type: 'FunctionDeclaration', name: 'calculateTotal' })) as { candidates: { nodeId: string }[] };
    const fn = found.candidates[0].nodeId;
    const lineTotal = ((await call('findNodes', { type: 'FunctionDeclaration', name: 'lineTotal' })) as { candidates: { nodeId: string }[] }).candidates[0].nodeId;
    await call('getNode', { nodeId: fn, depth: 1 });
    await call('getNode', { nodeId: fn, depth: 0 });
    await call('getInScopeSymbols', { nodeId: fn });
    await call('getCallHierarchy', { functionId: lineTotal });
    await call('getDependencyGraph', { nodeId: fn });
    await call('getDiagnostics');
    await call('getAnnotationSuggestions', { nodeId: fn });
    const workflow = await call('stopWorkflowRecording');
    await call('replayWorkflow', { workflow });
    await call('parseSource', { source: SOURCE, language: 'whetstone' });
    await call('runPipeline', { source: SOURCE, sourceLanguage: 'whetstone', targetLanguage: 'python' });
    await call('generateFromAST', { language: 'javascript' });
    await call('generateCode', { spec: 'a function that adds two numbers' });
    await call('applyMutation', { type: 'setProperty', nodeId: lineTotal, property: 'name', value: 'lineSum', dryRun: true });
    await call('applyMutation', { type: 'setProperty', nodeId: lineTotal, property: 'name', value: 'lineSum' });
    await call('undo');
    await call('applyBatch', { mutations: [{ type: 'rename', nodeId: lineTotal, newName: 'lineSum' }] });
    await call('renameSymbol', { nodeId: lineTotal, newName: 'linePrice' });
    const annotation = { nodeId: fn, annotationType: 'performance', strategy: 'cache', reason: 'Repeated computation detected', confidence: 0.85 };
    await call('applyAnnotationSuggestion', { ...annotation, accepted: true });
    await call('recordAnnotationFeedback', { ...annotation, accepted: false });
    await call('proposePlan', { steps: ['delete lineTotal'], reason: 'unused after the change', targets: [{ op: 'delete', nodeId: lineTotal }] });
    await call('listPlans');
    await call('getLibraryContext');
    assert.deepEqual(
      tools.map((tool) => tool.name).filter((name) => !checked.has(name)),
      [],
      'every listed tool was called',
    );
  });

  it('answers ping and getCapabilities as any tool it does not list: -32601', async () => {
    const { tools } = await agent.client.listTools();
    for (const name of ['ping', 'getCapabilities', 'getPlan', 'getWorkflowRecording', 'projectLanguage', 'noSuchTool']) {
      assert.ok(!tools.some((tool) => tool.name === name), `${name} is not listed`);
      const answer = await agent.call(name, {});
      assert.equal(answer.isError, true, name);
      assert.equal(answer.structured.code, -32601, `${name}: ${answer.text}`);
      assert.doesNotMatch(answer.text, /getCapabilities (lists|gives)/, name);
    }
  });

  it('names the tool\'s own inputSchema in a params error, not getCapabilities', async () => {
    for (const [name, args] of [
      ['getNode', {}],
      ['findNodes', { type: 7 }],
      ['runPipeline', { source: '', sourceLanguage: 'cobol', targetLanguage: 'python' }],
    ] as const) {
      const answer = await agent.call(name, args);
      assert.equal(answer.structured.code, -32602, `${name}: ${answer.text}`);
      assert.doesNotMatch(answer.text, /getCapabilities/, name);
      if (name !== 'runPipeline') assert.equal(answer.structured.hint, `${name}'s inputSchema (tools/list) gives its arguments.`);
    }
  });

  it('refuses a client without the token so that it does not start OAuth: no discovery, no registration, no redirect', async () => {
    const oauth: string[] = [];
    // An OAuth-capable client as MCP hosts configure one: the SDK runs its OAuth flow on a 401.
    const provider: OAuthClientProvider = {
      redirectUrl: 'http://127.0.0.1:1/callback',
      clientMetadata: { redirect_uris: ['http://127.0.0.1:1/callback'], client_name: 'oauth-probe' },
      tokens: () => undefined,
      saveTokens: () => void oauth.push('saveTokens'),
      clientInformation: () => void oauth.push('clientInformation'),
      saveClientInformation: () => void oauth.push('saveClientInformation'),
      redirectToAuthorization: () => void oauth.push('redirectToAuthorization'),
      saveCodeVerifier: () => void oauth.push('saveCodeVerifier'),
      codeVerifier: () => '',
      saveDiscoveryState: () => void oauth.push('saveDiscoveryState'),
    };
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'oauth-probe', version: '1.0.0' });
    await assert.rejects(client.connect(transport), (error: Error) => {
      assert.equal((error as Error & { code?: number }).code, 403);
      assert.match(error.message, /Authorization: Bearer <token>.*lock file/);
      return true;
    });
    assert.deepEqual(oauth, [], 'the SDK did not start its OAuth flow');
    await client.close();
    // A client that looks for OAuth metadata anyway is told there is none.
    const discovery = await fetch(`http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp`);
    assert.equal(discovery.status, 404);
    assert.match(await discovery.text(), /no OAuth/);
  });
});
