// A dry run of a change of several files (renameSymbol across files, applyBatch naming several
// files) over a real WebSocket on a real `serve`: each file's diagnosticsAfter are those it will
// have once every file of the change is applied, so a change that leaves no error previews none
// (an importer's preview was analysed against the declaring file as it is now, and reported the
// renamed name as not declared there); an error the whole change does leave is reported.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const PRICING = `fn roundCents(amount: number): number {
  return round(amount, 2);
}

fn formatPrice(amount: number): string {
  return "$" + str(roundCents(amount));
}
`;

const ORDERS = `use pricing.{roundCents, formatPrice};

print(formatPrice(roundCents(12.345)));
`;

const REPORT = `use pricing.{formatPrice};

fn line(total: number): string {
  return "total " + formatPrice(total);
}

print(line(3));
let shown = formatPrice(1);
print(shown);
`;

interface Diagnostic {
  code: string;
  severity: string;
  message: string;
}
interface Preview {
  changes?: { uri: string; diagnosticsAfter: Diagnostic[] }[];
  files?: { uri: string; diagnosticsAfter: Diagnostic[] }[];
}

const errorsOf = (changes: { uri: string; diagnosticsAfter: Diagnostic[] }[]): string[] =>
  changes.flatMap((change) => change.diagnosticsAfter.filter((d) => d.severity === 'error').map((d) => `${change.uri.split('/').pop()}: ${d.code} ${d.message}`));

describe('a dry run of a change of several files previews each file with the others changed (WebSocket, serve)', () => {
  let server: ServeProcess;
  let client: AgentClient;
  const read = (name: string): string => readFileSync(join(server.folder, name), 'utf8');
  const uriOf = (name: string): string => pathToFileURL(join(server.folder, name)).href;
  const nodeId = async (file: string, query: Record<string, unknown>): Promise<string> => {
    const found = await client.request<{ candidates: { nodeId: string }[] }>('findNodes', { ...query, uri: uriOf(file) });
    assert.equal(found.candidates.length, 1, JSON.stringify(query));
    return found.candidates[0].nodeId;
  };

  before(async () => {
    server = await startServe({ files: { 'pricing.wst': PRICING, 'orders.wst': ORDERS, 'report.wst': REPORT } });
    client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('renameSymbol with dryRun: the importers renamed with the declaration preview no error, and nothing is written', async () => {
    const declaration = await nodeId('pricing.wst', { type: 'FunctionDeclaration', name: 'roundCents' });
    const preview = await client.request<Preview>('renameSymbol', { nodeId: declaration, newName: 'toCents', uri: uriOf('pricing.wst'), dryRun: true });
    assert.deepEqual(preview.changes!.map((change) => change.uri.split('/').pop()).sort(), ['orders.wst', 'pricing.wst']);
    assert.deepEqual(errorsOf(preview.changes!), []);
    assert.equal(read('pricing.wst'), PRICING);
    assert.equal(read('orders.wst'), ORDERS);
  });

  it('applyBatch across files with dryRun: a new parameter and the calls passing it preview no error; a call the batch leaves out previews its error', async () => {
    const formatPrice = await nodeId('pricing.wst', { type: 'FunctionDeclaration', name: 'formatPrice' });
    const calls = await client.request<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'CallExpression', text: 'formatPrice(', uri: uriOf('report.wst') });
    const order = await nodeId('orders.wst', { type: 'CallExpression', text: 'formatPrice(roundCents' });
    const parameter = { type: 'insertNode', parentId: formatPrice, role: 'parameters', node: { type: 'Parameter', name: 'currency', paramType: 'string' }, uri: uriOf('pricing.wst') };
    const passing = (parentId: string, file: string) => ({ type: 'insertNode', parentId, role: 'arguments', node: { type: 'Literal', value: 'EUR ' }, uri: uriOf(file) });

    const whole = await client.request<Preview>('applyBatch', { dryRun: true, mutations: [parameter, ...calls.candidates.map((call) => passing(call.nodeId, 'report.wst')), passing(order, 'orders.wst')] });
    assert.deepEqual(errorsOf(whole.files!), []);

    const partial = await client.request<Preview>('applyBatch', { dryRun: true, mutations: [parameter, passing(calls.candidates[0].nodeId, 'report.wst'), passing(order, 'orders.wst')] });
    assert.deepEqual(errorsOf(partial.files!), ["report.wst: E_ARITY 'formatPrice' expects 2 arguments but got 1"]);
    assert.equal(read('pricing.wst'), PRICING);
    assert.equal(read('report.wst'), REPORT);
  });
});
