// Hover on an imported name, over a real LSP connection on real files in a temporary workspace
// folder: it shows the declaration's signature and the comment lines directly above it in the
// module's file (open or not), the comments as inert Markdown.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf } from './positions';

// A CommonMark renderer with raw HTML and bare-URL links on: the worst case a Markdown view could be set to.
const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const markdown = new MarkdownIt({ html: true, linkify: true });

const PRICING = [
  '// Sums the prices of an order,',
  '// less the discount. See [x](command:workbench.action.quit) <img src="https://evil.example/q.png">',
  'fn orderTotal(prices: list<number>, discount: number = 0): number { let t = 0; for p in prices { t = t + p; } return t - discount; }',
  '',
  '// A line of an order.',
  'type Line { sku: string, qty: number }',
  '',
  '// Not about RATE: a blank line follows.',
  '',
  'const RATE = 0.2;',
  '',
].join('\n');
const ORDERS = 'use pricing.{orderTotal, Line, RATE};\nlet total = orderTotal([1, 2], 1);\nlet line: Line = { sku: "a", qty: 1 };\nprint(total * RATE, line.sku);\n';

function valueOf(hover: Hover | null): string {
  return hover ? (hover.contents as MarkupContent).value : '';
}

describe('hover on an imported name', () => {
  let folder: string;
  let client: LspClient;
  let ordersUri: string;
  const hoverAt = async (anchor: string, occurrence = 0): Promise<string> =>
    valueOf(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: ordersUri }, position: positionOf(ORDERS, anchor, occurrence, 1) }));

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-crossfile-hover-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'orders.wst'), ORDERS);
    ordersUri = pathToFileURL(join(folder, 'orders.wst')).href;
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    await client.open(ordersUri, ORDERS);
    await client.waitFor('diagnostics of orders.wst', () => client.publicationsFor(ordersUri)[0]);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows an imported function’s signature and its doc comment from a module that is not open, at its use and in the use line', async () => {
    for (const anchor of ['orderTotal([1', 'orderTotal, Line']) {
      const value = await hoverAt(anchor);
      assert.match(value, /fn orderTotal\(prices: list<number>, discount: number = 0\): number/, value);
      assert.match(value, /Sums the prices of an order/, value);
      assert.match(value, /less the discount/, value);
    }
  });

  it('shows the doc comment as inert Markdown: no link, command link or HTML', async () => {
    const html = markdown.render(await hoverAt('orderTotal([1'));
    assert.ok(html.includes('[x](command:workbench.action.quit)'), `the text is shown as written: ${html}`);
    assert.ok(!/<a |<img/.test(html), `no link or image: ${html}`);
  });

  it('shows an imported type’s fields and its comment', async () => {
    const value = await hoverAt('Line = {');
    assert.match(value, /type Line \{ sku: string, qty: number \}/, value);
    assert.match(value, /A line of an order/, value);
  });

  it('shows a constant’s type and no comment separated from it by a blank line', async () => {
    const value = await hoverAt('RATE, line');
    assert.match(value, /const RATE: number/, value);
    assert.doesNotMatch(value, /Not about RATE/, value);
  });

  it('reads the comment from the open buffer when the module is open', async () => {
    const pricingUri = pathToFileURL(join(folder, 'pricing.wst')).href;
    await client.open(pricingUri, PRICING.replace('Sums the prices', 'Adds up the prices'));
    try {
      let value = '';
      for (let i = 0; i < 100 && !value.includes('Adds up'); i++) {
        value = await hoverAt('orderTotal([1');
        if (!value.includes('Adds up')) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.match(value, /Adds up the prices of an order/, value);
    } finally {
      await client.close(pricingUri);
    }
  });
});
