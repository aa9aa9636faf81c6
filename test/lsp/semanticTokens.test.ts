// Semantic tokens over a real LSP connection, decoded with the server's own legend: names are
// classified by what the core resolved them to.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SemanticTokensRequest, type SemanticTokensLegend } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { readFixture } from './positions';

interface DecodedToken {
  line: number;
  character: number;
  text: string;
  type: string;
  modifiers: string[];
}

function decode(data: number[], legend: SemanticTokensLegend, text: string): DecodedToken[] {
  const lines = text.split('\n');
  const tokens: DecodedToken[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type, modifierBits] = data.slice(i, i + 5);
    line += deltaLine;
    character = deltaLine === 0 ? character + deltaStart : deltaStart;
    tokens.push({
      line,
      character,
      text: lines[line].slice(character, character + length),
      type: legend.tokenTypes[type],
      modifiers: legend.tokenModifiers.filter((_, bit) => (modifierBits & (1 << bit)) !== 0),
    });
  }
  return tokens;
}

describe('semantic tokens', () => {
  let client: LspClient;
  let tokens: DecodedToken[];
  const { uri, text } = readFixture('features.wst');

  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
    const legend = client.initializeResult?.capabilities.semanticTokensProvider?.legend;
    assert.ok(legend, 'the server announces a legend');
    const result = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    assert.ok(result);
    tokens = decode(result.data, legend, text);
  });
  after(async () => {
    await client.shutdown();
  });

  const find = (line: string, word: string): DecodedToken | undefined => {
    const lineIndex = text.split('\n').findIndex((l) => l.includes(line));
    const character = text.split('\n')[lineIndex].indexOf(word, text.split('\n')[lineIndex].indexOf(line));
    return tokens.find((t) => t.line === lineIndex && t.character === character);
  };

  it('decodes to tokens that lie on the names they describe, in order', () => {
    assert.ok(tokens.length > 20);
    for (const token of tokens) assert.match(token.text, /^@?[A-Za-z_][A-Za-z0-9_]*$/, `token "${token.text}" is a name`);
    const positions = tokens.map((t) => t.line * 10_000 + t.character);
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
  });

  it('classifies declarations and uses by what they denote', () => {
    assert.deepEqual(find('fn calculateTotal', 'calculateTotal'), { line: find('fn calculateTotal', 'calculateTotal')?.line, character: 3, text: 'calculateTotal', type: 'function', modifiers: ['declaration'] });
    assert.deepEqual(find('fn scale(count', 'count')?.type, 'parameter');
    assert.deepEqual(find('fn scale(count', 'count')?.modifiers, ['declaration']);
    assert.deepEqual(find('let scaled = count', 'count')?.modifiers, []);
    assert.equal(find('let scaled = count', 'count')?.type, 'parameter');
    assert.deepEqual(find('const count', 'count')?.modifiers, ['declaration', 'readonly']);
    assert.equal(find('const count', 'count')?.type, 'variable');
    assert.deepEqual(find('print(scale(count)', 'count')?.modifiers, ['readonly']);
    assert.equal(find('let subtotal', 'subtotal')?.type, 'variable');
    assert.equal(find('item.price', 'price')?.type, 'property');
    assert.equal(find('type Order', 'Order')?.type, 'type');
    assert.equal(find('order: Order', 'Order')?.type, 'type', 'a type name inside a parameter type');
    assert.deepEqual(find('items: list<Item>', 'list')?.modifiers, ['defaultLibrary']);
    assert.equal(find('items: list<Item>', 'Item')?.type, 'type');
    assert.deepEqual(find('print(scale', 'print'), { line: find('print(scale', 'print')?.line, character: 0, text: 'print', type: 'function', modifiers: ['defaultLibrary'] });
    assert.equal(find('@semantic', '@semantic')?.type, 'decorator');
    assert.equal(find('@semantic', '@semantic')?.text, '@semantic');
  });

  it('colours the type of a type test as a built-in type, and is as no name', async () => {
    const testUri = uri.replace(/features\.wst$/, 'type-test.wst');
    const source = 'fn f(x) {\n  print(x is number, x is list);\n}\nlet is = 1;\n';
    await client.open(testUri, source);
    const legend = client.initializeResult!.capabilities.semanticTokensProvider!.legend;
    const result = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: testUri } });
    assert.ok(result);
    const line = decode(result.data, legend, source).filter((token) => token.line === 1 || token.line === 3);
    assert.deepEqual(
      line.map((token) => `${token.text}:${token.type}:${token.modifiers.join(',')}`),
      ['print:function:defaultLibrary', 'x:parameter:', 'number:type:defaultLibrary', 'x:parameter:', 'list:type:defaultLibrary', 'is:variable:declaration'],
    );
  });

  it('colours the name a catch binds as a parameter, where it is declared and used', async () => {
    const testUri = uri.replace(/features\.wst$/, 'try-catch.wst');
    const source = 'try {\n  throw "bad";\n} catch (problem) {\n  print(problem);\n}\n';
    await client.open(testUri, source);
    const legend = client.initializeResult!.capabilities.semanticTokensProvider!.legend;
    const result = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: testUri } });
    assert.ok(result);
    assert.deepEqual(
      decode(result.data, legend, source).map((token) => `${token.line}:${token.text}:${token.type}:${token.modifiers.join(',')}`),
      ['2:problem:parameter:declaration', '3:print:function:defaultLibrary', '3:problem:parameter:'],
    );
  });
});
