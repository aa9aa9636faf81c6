// Text from a file reaches the editor's hovers and notifications as plain text, over a real LSP
// connection: a library function's description (the library file) and a default value in a
// signature are Markdown only escaped or fenced (no link, image or command link comes of them,
// hidden characters are visible), and the "Why?" text of a suggestion whose reason quotes a folded
// string literal cannot become a command link in the notification.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { SuggestionsRequest, type EditorSuggestionData } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';

// A CommonMark renderer (markdown-it, in the lock file with vsce), with raw HTML and bare-URL links
// on: the worst case a Markdown view could be set to.
const MarkdownIt = createRequire(__filename)('markdown-it') as new (options: object) => { render(text: string): string };
const markdown = new MarkdownIt({ html: true, linkify: true });

const LINKS = '[Accept](command:whetstone.acceptAgentChange) ![tracker](https://evil.example/p.png) <img src="https://evil.example/q.png"> https://evil.example';

/** Asks until `done` accepts the answer (5 s at most); the last answer otherwise. */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

function hoverMarkdown(hover: Hover | null): string {
  return hover ? (hover.contents as MarkupContent).value : '';
}

describe('file text in hovers and notifications', () => {
  it('a hover shows a library description and a default value as inert Markdown, hidden characters visible', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-escaping-'));
    const library = join(folder, 'library.json');
    writeFileSync(library, JSON.stringify({ name: 'hostile', modules: [{ name: 'math', functions: [{ name: 'clamp', description: `Clamps. ${LINKS}` }] }] }));
    const client = await LspClient.start({ settings: { library } });
    try {
      const uri = 'file:///escaping/hover.wst';
      const text = 'use math.{clamp};\nfn pick(label: string = "\u202e```![x](https://evil.example/r.png)"): string {\n  return label;\n}\nprint(clamp(1, 2, 3));\nprint(pick());\n';
      await client.open(uri, text);
      const at = (line: number, character: number) => () => client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });

      const library = hoverMarkdown(await eventually(at(4, 7), (hover) => hoverMarkdown(hover).includes('Clamps')));
      const libraryHtml = markdown.render(library);
      assert.ok(libraryHtml.includes('Clamps.'), libraryHtml);
      assert.ok(!/<a |<img/.test(libraryHtml), `no link or image: ${libraryHtml}`);
      assert.ok(libraryHtml.includes('[Accept](command:whetstone.acceptAgentChange)'), 'the text is shown as written');

      const signature = hoverMarkdown(await at(5, 7)());
      const signatureHtml = markdown.render(signature);
      assert.ok(!signature.includes('\u202e'), `the bidi override is shown as an escape: ${JSON.stringify(signature)}`);
      assert.ok(signature.includes('\\u{202e}'), signature);
      assert.ok(!/<a |<img/.test(signatureHtml), signatureHtml);
      assert.equal((signatureHtml.match(/<pre>/g) ?? []).length, 1, `one code block: ${signatureHtml}`);
    } finally {
      await client.shutdown();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('"Why?" of a suggestion quoting a folded string literal cannot plant a command link', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { semanticDelayMs: 20 }, suggestions: { minConfidence: 0 } } });
    try {
      const uri = 'file:///escaping/why.wst';
      await client.open(uri, 'fn main() {\n  let s = "[Accept](command:whetstone.acceptAgentChange)\u202e" + "";\n  print(s);\n}\n');
      const probe = async (): Promise<EditorSuggestionData[]> => ((await client.connection.sendRequest(SuggestionsRequest.method, { uri })) as { suggestions: EditorSuggestionData[] }).suggestions;
      const suggestions = await eventually(probe, (found) => found.some((s) => s.strategy === 'simplify'));
      const fold = suggestions.find((s) => s.strategy === 'simplify');
      assert.ok(fold, JSON.stringify(suggestions));
      assert.ok(fold.reason.includes('[Accept](command:'), 'the rule quotes the literal');
      assert.ok(!fold.explanation.includes(']('), `no link syntax in what the notification shows: ${fold.explanation}`);
      assert.ok(!fold.explanation.includes('\u202e'), fold.explanation);
      assert.match(fold.explanation, /^@style\(simplify\) on let s at line 2, 60% sure: .*\[Accept\] \(command:whetstone\.acceptAgentChange\)\\u\{202e\}/);
    } finally {
      await client.shutdown();
    }
  });
});
