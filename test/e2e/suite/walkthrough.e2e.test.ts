// The Get Started walkthrough, step by step as a person who installed the extension takes it: the
// example opens from inside the extension (no workspace file needed), its misspelt name is reported
// with a fix, its loop body gets a hoist suggestion that Accept writes, and Copy MCP Configuration
// copies a snippet. Each step's picture is taken here. Last, the walkthrough itself: contributed,
// every button and completion event naming a command that exists, every picture in the package.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import { drawnLabels, EXTENSION_ID, readyApi, screenshot, waitFor, type PictureArea } from './helpers';

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { image: string; altText: string };
  completionEvents: string[];
}

interface Walkthrough {
  id: string;
  title: string;
  steps: WalkthroughStep[];
}

function codeOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  const code = diagnostic.code;
  return typeof code === 'object' ? code.value : code;
}

// The walkthrough shows its pictures in a narrow column: each is of the editor's top left (and the
// command palette above it), scrolled to where the step happens.
const AREA: PictureArea = { x: 344, y: 0, width: 768, height: 420 };

/** Scrolls the editor so that the 0-based `line` is its first. */
function scrollTo(editor: vscode.TextEditor, line: number): void {
  editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
}

/**
 * Closes the editors the suites before left open, their unsaved changes dropped (the workspace is
 * a copy made for this run), so the pictures show the example as a person who just opened it sees it.
 */
async function closeEditors(): Promise<void> {
  for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
    const document = tab.input instanceof vscode.TabInputText ? vscode.workspace.textDocuments.find((open) => open.uri.toString() === (tab.input as vscode.TabInputText).uri.toString()) : undefined;
    if (tab.isDirty && document) {
      await vscode.window.showTextDocument(document, { viewColumn: tab.group.viewColumn });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } else if (!tab.isDirty) {
      await vscode.window.tabGroups.close(tab);
    }
  }
}

describe('the Get Started walkthrough', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;
  const extension = vscode.extensions.getExtension(EXTENSION_ID);

  before(async () => {
    api = await readyApi();
    await closeEditors();
    // No picture is taken halfway through a fade (the command palette's, for one).
    await vscode.workspace.getConfiguration('workbench').update('reduceMotion', 'on', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('workbench').update('reduceMotion', undefined, vscode.ConfigurationTarget.Global);
    // The example is an untitled document: closed without asking to save it.
    if (editor && !editor.document.isClosed) {
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('Open Example opens the example shipped in the extension as an untitled Whetstone document', async () => {
    assert.ok(extension);
    editor = await vscode.commands.executeCommand<vscode.TextEditor>('whetstone.openExample');
    assert.equal(editor.document.uri.scheme, 'untitled', 'nothing is written into the workspace');
    assert.equal(editor.document.languageId, 'whetstone');
    assert.equal(editor.document.getText(), readFileSync(join(extension.extensionPath, 'examples', 'first-steps.wst'), 'utf8'));
    assert.equal(vscode.window.activeTextEditor?.document, editor.document);
    await waitFor('the misspelt name to be reported', () =>
      vscode.languages.getDiagnostics(editor.document.uri).find((diagnostic) => codeOf(diagnostic) === 'E_UNDEFINED'),
    );
    await waitFor('a CodeLens suggestion', async () => ((await api.suggestions.list(editor.document.uri)).suggestions.length > 0 ? true : undefined));
    await screenshot('walkthrough-open-example', '.contentWidgets .codelens-decoration a', AREA);
  });

  it('the misspelt name has a diagnostic whose quick fix corrects it', async () => {
    const document = editor.document;
    const typo = await waitFor('E_UNDEFINED on prcie', () =>
      vscode.languages.getDiagnostics(document.uri).find((diagnostic) => codeOf(diagnostic) === 'E_UNDEFINED'),
    );
    assert.equal(document.getText(typo.range), 'prcie');
    assert.match(typo.message, /prcie/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, typo.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((action) => action.edit && /price/.test(action.title));
    assert.ok(fix, `a quick fix names the correct name: ${actions.map((action) => action.title).join(' | ')}`);

    // What the person sees: the lightbulb's menu on the underlined name.
    editor.selection = new vscode.Selection(typo.range.start, typo.range.start);
    scrollTo(editor, typo.range.start.line - 7);
    await vscode.commands.executeCommand('editor.action.quickFix');
    await screenshot('walkthrough-diagnostic-fix', `.action-widget:has-text("price")`, AREA);
    await vscode.commands.executeCommand('hideCodeActionWidget');
    await vscode.commands.executeCommand('workbench.actions.view.problems');

    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(document.lineAt(typo.range.start.line).text, /return price - price \* percent \/ 100;/);
    await waitFor('the diagnostic to go', () =>
      vscode.languages.getDiagnostics(document.uri).some((diagnostic) => codeOf(diagnostic) === 'E_UNDEFINED') ? undefined : true,
    );
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });

  it('the loop body has a hoist suggestion that Accept Suggestion at Cursor writes', async () => {
    const document = editor.document;
    const hoist = await waitFor('the hoist suggestion in total', async () =>
      (await api.suggestions.list(document.uri)).suggestions.find((suggestion) => suggestion.strategy === 'hoist'),
    );
    const line = hoist.range.start.line;
    assert.match(document.lineAt(line).text, /sum = sum \+ discounted\(item\.price, 10\) \* rate\(base\);/);
    editor.selection = new vscode.Selection(line, 6, line, 6);
    scrollTo(editor, line - 8);
    await screenshot('walkthrough-accept-suggestion', '.contentWidgets .codelens-decoration a:has-text("hoist")', AREA);

    const answer = await vscode.commands.executeCommand<{ done: boolean; message?: string }>('whetstone.acceptSuggestion');
    assert.equal(answer.done, true, answer.message);
    assert.match(document.lineAt(line).text.trim(), /^@performance\(hoist/);
    assert.match(document.lineAt(line + 1).text, /sum = sum \+ discounted/);
    await waitFor('the written suggestion to leave the list', async () =>
      (await api.suggestions.list(document.uri)).suggestions.some((suggestion) => suggestion.strategy === 'hoist') ? undefined : true,
    );
    // And to leave the editor: no CodeLens offers it any more, given or drawn.
    await waitFor('the CodeLens of the written suggestion to go', async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
      return lenses.some((lens) => /hoist/.test(lens.command?.title ?? '')) ? undefined : true;
    });
    await waitFor('the drawn CodeLens of the written suggestion to go', async () => {
      const drawn = await drawnLabels('.contentWidgets .codelens-decoration a');
      return drawn === undefined || !drawn.visible.some((label) => /hoist/.test(label)) ? true : undefined;
    });
  });

  it('Copy MCP Configuration copies a snippet for an MCP client, without the token', async () => {
    const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
    const text = await vscode.commands.executeCommand<string>('whetstone.copyMcpConfiguration');
    assert.equal(await vscode.env.clipboard.readText(), text);
    assert.match(text, /"mcpServers"/);
    assert.match(text, new RegExp(`http://127\\.0\\.0\\.1:${status.port}/mcp`));
    const lock = JSON.parse(readFileSync(status.lockFile!, 'utf8')) as { token: string };
    assert.equal(text.includes(lock.token), false, 'the token stays in the lock file');
    // The picture is of the command in the palette, where a person finds it.
    await vscode.commands.executeCommand('workbench.action.quickOpen', '>Whetstone: Copy MCP Configuration');
    await screenshot('walkthrough-connect-agent', '.quick-input-widget .monaco-list-row:has-text("Copy MCP Configuration")', AREA);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('is contributed: every button and completion event names a command that exists, every picture ships', async () => {
    assert.ok(extension);
    const walkthroughs = (extension.packageJSON as { contributes: { walkthroughs: Walkthrough[] } }).contributes.walkthroughs;
    assert.equal(walkthroughs.length, 1);
    const [walkthrough] = walkthroughs;
    assert.deepEqual(
      walkthrough.steps.map((step) => step.id),
      ['openExample', 'diagnosticFix', 'acceptSuggestion', 'connectAgent'],
    );
    const commands = new Set(await vscode.commands.getCommands(false));
    for (const step of walkthrough.steps) {
      const buttons = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((match) => match[1]);
      assert.ok(buttons.length > 0, `${step.id} has a button`);
      assert.ok(step.completionEvents.length > 0, `${step.id} can be completed`);
      const completing = step.completionEvents.map((event) => /^onCommand:(.+)$/.exec(event)?.[1]);
      for (const command of [...buttons, ...completing]) {
        assert.ok(command && commands.has(command), `${step.id}: ${command} is a command`);
      }
      assert.ok(buttons.every((command) => completing.includes(command)), `${step.id}: its button completes it`);
      assert.ok(existsSync(join(extension.extensionPath, step.media.image)), `${step.id}: ${step.media.image} exists`);
      assert.ok(step.media.altText.length > 0);
    }

    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${walkthrough.id}`, false);
    const drawn = await drawnLabels('.getting-started-step .step-title');
    if (drawn) {
      for (const step of walkthrough.steps) assert.ok(drawn.labels.includes(step.title), `${step.title} is drawn: ${drawn.labels.join(' | ')}`);
    }
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
