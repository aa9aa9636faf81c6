// Projection through the language server, over real connections: the preview's
// `whetstone/project` follows the buffer as it changes, `whetstone/importSource` imports another
// language with what it left out, and an agent's generateCode asks the editor's chat model
// through the client (`whetstone/languageModel`), whose answer is checked before it is returned.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ImportSourceRequest, LanguageModelRequest, ProjectRequest } from '../../server/src/protocol/messages';
import { AgentClient, type LockFile } from '../agent-endpoint/serve-harness';
import { LspClient } from './lspClient';

const URI = 'file:///projection/total.wst';
const SOURCE = 'fn total(prices: list<number>): number {\n  let sum = 0;\n  for price in prices {\n    sum += price;\n  }\n  return sum;\n}\n';

describe('projection in the language server', () => {
  let lockDir: string;
  let client: LspClient;
  /** What the fake editor's chat model answers next (undefined: no model available). */
  let modelAnswer: string | undefined;
  const prompts: string[] = [];

  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    client = await LspClient.start({
      settings: { diagnostics: { semanticDelayMs: 20 }, agentServer: { port: 0 } },
      initializationOptions: { trusted: true },
      env: { WHETSTONE_LOCK_DIR: lockDir },
    });
    client.connection.onRequest(LanguageModelRequest, (params) => {
      prompts.push(params.prompt);
      return modelAnswer === undefined ? { unavailable: 'no chat model is available' } : { text: modelAnswer, model: 'test-model' };
    });
    await client.open(URI, SOURCE);
  });
  after(async () => {
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
  });

  it(`${ProjectRequest.method} gives the buffer in another language, and follows it as it changes`, async () => {
    const first = await client.connection.sendRequest(ProjectRequest, { uri: URI, language: 'python' });
    assert.equal(first.language, 'python');
    assert.match(first.code, /^def total\(prices: list\[float\]\) -> float:\n {4}sum = 0\n {4}for price in prices:\n {8}sum = double\(sum \+ price\)\n {4}return sum\n$/m);
    const version = await client.change(URI, [{ text: SOURCE.replace('sum += price;', 'sum += price * 2;') }]);
    const second = await client.connection.sendRequest(ProjectRequest, { uri: URI, language: 'typescript' });
    assert.equal(second.revision, version);
    assert.match(second.code, /sum \+= price \* 2;/);
    await assert.rejects(client.connection.sendRequest(ProjectRequest, { uri: URI, language: 'cobol' }), /Unknown language 'cobol'/);
  });

  it(`${ImportSourceRequest.method} reads another language as Whetstone with what it left out`, async () => {
    const result = await client.connection.sendRequest(ImportSourceRequest, {
      text: 'class A(Base):\n    pass\n\ndef = 1\n',
      language: 'python',
    });
    assert.deepEqual(result.diagnostics[0], { ...result.diagnostics[0], code: 'W_UNSUPPORTED', line: 1 });
    assert.ok(result.diagnostics.some((d) => d.code === 'E_SYNTAX' && d.line === 4), JSON.stringify(result.diagnostics));
    const js = await client.connection.sendRequest(ImportSourceRequest, { text: 'const x = 2 * 3;\n', language: 'js' });
    assert.equal(js.code, 'const x = 2 * 3;\n');
    assert.deepEqual(js.diagnostics, []);
  });

  it('generateCode asks the editor\'s chat model through the client and checks its answer', async () => {
    const status = await client.waitFor('the agent endpoint', () => {
      const files = readdirLocks(lockDir);
      return files.length > 0 ? files[0] : undefined;
    });
    const lock = JSON.parse(readFileSync(status, 'utf8')) as LockFile;
    const agent = await AgentClient.connect({ port: lock.port, lock });
    try {
      await agent.request('setAgentRole', { role: 'generator' });
      modelAnswer = '```whetstone\nfn triple(x: number): number {\n  return x * 3;\n}\n```';
      const result = await agent.request<{ node: { name: string }; generator: string }>('generateCode', { spec: 'triple a number' });
      assert.equal(result.node.name, 'triple');
      assert.equal(result.generator, 'vscode.lm');
      assert.match(prompts[prompts.length - 1], /triple a number/);

      // An answer that does not check is refused, not passed on.
      modelAnswer = 'fn broken(): number {\n  return missing;\n}\n';
      const refused = await agent.call('generateCode', { spec: 'something' });
      assert.equal(refused.error?.code, -32020);
      assert.match(refused.error?.message ?? '', /E_UNDEFINED/);

      // Without a model the built-in forms answer.
      modelAnswer = undefined;
      const builtin = await agent.request<{ node: { name: string }; generator: string }>('generateCode', { spec: 'whether a number is even' });
      assert.equal(builtin.generator, 'builtin');
      assert.equal(builtin.node.name, 'isEven');
    } finally {
      await agent.close();
    }
  });
});

function readdirLocks(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => join(dir, file));
}
