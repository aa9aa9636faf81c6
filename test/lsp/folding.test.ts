// Folding ranges over a real LSP connection: blocks, type bodies, block comments and imports.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FoldingRangeKind, FoldingRangeRequest } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';

const TEXT = [
  'use math.{round};', // 0
  'use http.{fetchJson};', // 1
  'use text.{trim};', // 2
  '', // 3
  'type Order {', // 4
  '  id: string,', // 5
  '  total: number', // 6
  '}', // 7
  '', // 8
  '/* A comment', // 9
  '   over two lines. */', // 10
  'fn f(order: Order): number {', // 11
  '  if order.total > 0 {', // 12
  '    return round(order.total, 2);', // 13
  '  }', // 14
  '  return 0;', // 15
  '}', // 16
  '',
].join('\n');

describe('folding', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client.shutdown();
  });

  it('folds imports, the type body, the comment and the blocks, keeping closing braces visible', async () => {
    const uri = 'untitled:folding.wst';
    await client.open(uri, TEXT);
    const ranges = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    assert.ok(ranges);
    const simplified = ranges.map((r) => [r.startLine, r.endLine, r.kind ?? 'region']).sort((a, b) => Number(a[0]) - Number(b[0]));
    assert.deepEqual(simplified, [
      [0, 2, FoldingRangeKind.Imports],
      [4, 6, 'region'],
      [9, 10, FoldingRangeKind.Comment],
      [11, 15, 'region'],
      [12, 13, 'region'],
    ]);
  });
});
