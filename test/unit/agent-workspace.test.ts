// listFiles, findSymbol and findReferences on a host that has no workspace index (an embedder's,
// or this test's headless host): the open buffers answer alone, each file named by its file name.
import * as assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { readRepoFile } from '../helpers/core';

const ORDERS = readRepoFile('test', 'fixtures', 'agent', 'orders.wst');

describe('agent workspace methods without an index', () => {
  let f: AgentFixture;
  beforeEach(async () => {
    f = await agentFixture({ 'orders.wst': ORDERS, 'other.wst': 'fn lineTotal(): number {\n  return 1;\n}\n' });
  });
  afterEach(() => f.dispose());

  it('lists the open buffers, each named by its file name', async () => {
    const listed = await f.call<{ files: { uri: string; module: string; open: boolean; revision: number }[]; truncated: boolean }>('listFiles');
    assert.deepEqual(
      listed.files.map((file) => [file.uri, file.module, file.open, file.revision]),
      [
        [f.uri('orders.wst'), 'orders', true, 1],
        [f.uri('other.wst'), 'other', true, 1],
      ],
    );
  });

  it('finds declarations in the buffers and the references in the buffer declaring them', async () => {
    const found = await f.call<{ matches: { qualifiedName: string; nodeId: string; uri: string }[] }>('findSymbol', { name: 'lineTotal', kind: 'function' });
    assert.deepEqual(found.matches.map((match) => match.qualifiedName), ['orders.lineTotal', 'other.lineTotal']);
    const references = await f.call<{ declaration: { nodeId: string }; references: { uri: string; line: number; column: number; nodeId: string }[] }>('findReferences', { qualifiedName: 'orders.lineTotal' });
    assert.equal(references.declaration.nodeId, found.matches[0].nodeId);
    assert.deepEqual(references.references.map((reference) => [reference.uri, reference.line, reference.column]), [[f.uri('orders.wst'), 16, 26]]);
  });
});
