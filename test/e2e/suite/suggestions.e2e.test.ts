// Annotation suggestions inside the real VS Code: the engine's suggestions show as CodeLenses and
// lightbulb actions without any tab opening; accepting one from its CodeLens writes the annotation
// as one undo step (the cursor stays); rejecting one records it in the workspace's feedback model
// (kept in the extension's storage), hides it on that node until its code changes and lowers the
// confidence of that kind elsewhere; the settings filter what is shown. With the default settings:
// an Accept made after typing elsewhere in the file still writes (the short form), a second
// Accept right after the first too, and an item with an error gets no suggestion.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import type { EditorSuggestionData } from '../../../server/src/protocol/messages';
import { openFile, readyApi, screenshot, waitFor, workspaceUri } from './helpers';

const FILE = 'suggestions.wst';
// 0-based lines of the fixture: the loop bodies of total and scaled, and findUser.
const TOTAL_LOOP_BODY = 7;
const SCALED_LOOP_BODY = 15;
const FIND_USER = 24;

function tabCount(): number {
  return vscode.window.tabGroups.all.reduce((count, group) => count + group.tabs.length, 0);
}

describe('annotation suggestions in the editor', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;

  async function shown(): Promise<EditorSuggestionData[]> {
    return (await api.suggestions.list(editor.document.uri)).suggestions;
  }

  async function hoistOn(line: number): Promise<EditorSuggestionData | undefined> {
    return (await shown()).find((s) => s.strategy === 'hoist' && s.range.start.line === line);
  }

  async function lensesOn(line: number): Promise<vscode.CodeLens[]> {
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)) ?? [];
    return lenses.filter((lens) => lens.range.start.line === line);
  }

  before(async () => {
    api = await readyApi();
    editor = await openFile(FILE);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('whetstone.suggestions').update('kinds', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('whetstone.suggestions').update('minConfidence', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('whetstone.suggestions').update('codeLens', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('shows each suggestion as a CodeLens and in the lightbulb, without opening a tab', async () => {
    const tabs = tabCount();
    const hoist = await waitFor('the hoist suggestion in total', () => hoistOn(TOTAL_LOOP_BODY));
    assert.equal(hoist.annotationType, 'performance');
    assert.match(hoist.reason, /`rate\(base\)` gives the same value on every iteration of the for loop on line 7/);
    const sanitize = (await shown()).find((s) => s.strategy === 'sanitize');
    assert.ok(sanitize, 'the query concatenation is found');
    assert.equal(sanitize.range.start.line, FIND_USER);
    assert.match(sanitize.reason, /parameter 'name' reaches query\(…\) on line 26/);

    const lenses = await waitFor('the CodeLenses above the loop body', async () => {
      const found = (await lensesOn(TOTAL_LOOP_BODY)).filter((lens) => /hoist|Reject|Why/.test(lens.command?.title ?? ''));
      return found.length >= 3 ? found : undefined;
    });
    assert.deepEqual(
      lenses.map((lens) => lens.command?.command),
      ['whetstone.acceptSuggestion', 'whetstone.rejectSuggestion', 'whetstone.explainSuggestion'],
    );
    assert.match(lenses[0].command?.title ?? '', /Accept @performance\(hoist\) · 75%/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      new vscode.Range(TOTAL_LOOP_BODY, 4, TOTAL_LOOP_BODY, 4),
    );
    const titles = actions.map((action) => action.title);
    assert.ok(titles.some((title) => /^Add @performance\(hoist\) on the assignment at line 8/.test(title)), titles.join(' | '));
    assert.ok(titles.some((title) => /^Reject @performance\(hoist\)/.test(title)));
    assert.ok(titles.some((title) => /^Why @performance\(hoist\)\?/.test(title)));

    const why = await vscode.commands.executeCommand<string>(lenses[2].command!.command, ...(lenses[2].command!.arguments ?? []));
    assert.match(why, /@performance\(hoist\) on the assignment at line 8, 75% sure: `rate\(base\)` gives the same value/);
    assert.equal(tabCount(), tabs, 'no editor tab opened');
    editor.selection = new vscode.Selection(TOTAL_LOOP_BODY, 4, TOTAL_LOOP_BODY, 4);
    await screenshot('inline-suggestion', '.contentWidgets .codelens-decoration a');
  });

  it('rejecting records it, hides it on that node until its code changes, and lowers that kind elsewhere', async () => {
    // Every suggestion as a CodeLens from here on (by default scaled's hoist is the third in 30 lines).
    await vscode.workspace.getConfiguration('whetstone.suggestions').update('codeLens', 'all', vscode.ConfigurationTarget.Workspace);
    await waitFor('every suggestion as a CodeLens', async () => ((await shown()).every((s) => s.codeLens) ? true : undefined));
    const before = await waitFor('the hoist suggestion in scaled', () => hoistOn(SCALED_LOOP_BODY));
    const other = await hoistOn(TOTAL_LOOP_BODY);
    assert.ok(other);
    const [, reject] = await lensesOn(SCALED_LOOP_BODY);
    assert.equal(reject.command?.command, 'whetstone.rejectSuggestion');
    const answer = await vscode.commands.executeCommand<{ done: boolean }>(reject.command!.command, ...(reject.command!.arguments ?? []));
    assert.equal(answer.done, true);
    assert.equal(await hoistOn(SCALED_LOOP_BODY), undefined, 'hidden on that node');
    const lowered = await hoistOn(TOTAL_LOOP_BODY);
    assert.ok(lowered && lowered.confidence < other.confidence, `the other hoist is less sure now (${lowered?.confidence} < ${other.confidence})`);
    assert.ok(lowered.ruleConfidence === other.ruleConfidence);
    await waitFor('the rejected CodeLens to go', async () => ((await lensesOn(SCALED_LOOP_BODY)).some((lens) => /hoist/.test(lens.command?.title ?? '')) ? undefined : true));

    // Kept in the extension's storage for this workspace, not in the workspace's files.
    const file = api.suggestions.feedbackFile;
    assert.ok(file && existsSync(file), `the feedback model is saved (${file})`);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).rules['performance/hoist'], { accepted: 0, rejected: 1 });
    assert.equal(existsSync(workspaceUri('.whetstone/feedback.json').fsPath), false);

    // The loop body's code changes: the suggestion may be right now, so it shows again.
    const line = editor.document.lineAt(SCALED_LOOP_BODY);
    const column = line.text.indexOf('x *');
    assert.ok(column > 0);
    await editor.edit((edit) => edit.insert(new vscode.Position(SCALED_LOOP_BODY, column + 1), ' '));
    const back = await waitFor('the hoist suggestion in scaled to come back', () => hoistOn(SCALED_LOOP_BODY));
    assert.equal(back.nodeId, before.nodeId, 'on the same node');
    await vscode.commands.executeCommand('undo');
  });

  it('accepting from the CodeLens writes the annotation as one undo step, the cursor and tabs stay', async () => {
    const original = editor.document.getText();
    const tabs = tabCount();
    await waitFor('the hoist suggestion in total', () => hoistOn(TOTAL_LOOP_BODY));
    editor.selection = new vscode.Selection(1, 3, 1, 3);
    const [accept] = await waitFor('the CodeLens of the hoist', async () => {
      const found = (await lensesOn(TOTAL_LOOP_BODY)).filter((lens) => /hoist/.test(lens.command?.title ?? ''));
      return found.length > 0 ? found : undefined;
    });
    const answer = await vscode.commands.executeCommand<{ done: boolean; message?: string }>(accept.command!.command, ...(accept.command!.arguments ?? []));
    assert.equal(answer.done, true, answer.message);
    assert.equal(editor.document.lineAt(TOTAL_LOOP_BODY).text.trim(), '@performance(hoist)', 'the short form');
    assert.match(editor.document.lineAt(TOTAL_LOOP_BODY + 1).text, /sum = sum \+ x \* rate\(base\);/);
    assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [1, 3], 'the cursor did not move');
    assert.equal(tabCount(), tabs, 'no editor tab opened');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), editor.document.uri.toString());
    await waitFor('the written suggestion to leave the list', async () => ((await shown()).some((s) => s.strategy === 'hoist' && s.range.start.line === TOTAL_LOOP_BODY + 1) ? undefined : true));

    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), original, 'one undo takes the annotation out');
  });

  it('the keyboard commands act on the suggestion at the cursor', async () => {
    await waitFor('the sanitize suggestion', async () => (await shown()).find((s) => s.strategy === 'sanitize'));
    editor.selection = new vscode.Selection(FIND_USER + 1, 5, FIND_USER + 1, 5);
    const why = await vscode.commands.executeCommand<string>('whetstone.explainSuggestion');
    // The surest of the suggestions on the declaration the cursor is in.
    assert.match(why, /^@semantic\(pure\) on function findUser at line 25, 85% sure/);
  });

  it('the settings limit suggestions to some types and a minimum confidence', async () => {
    const settings = vscode.workspace.getConfiguration('whetstone.suggestions');
    await settings.update('kinds', ['security'], vscode.ConfigurationTarget.Workspace);
    await waitFor('only security suggestions', async () => {
      const list = await shown();
      return list.length > 0 && list.every((s) => s.annotationType === 'security') ? true : undefined;
    });
    await settings.update('minConfidence', 0.95, vscode.ConfigurationTarget.Workspace);
    await waitFor('no suggestion above 95%', async () => ((await shown()).length === 0 ? true : undefined));
    await settings.update('kinds', undefined, vscode.ConfigurationTarget.Workspace);
    await settings.update('minConfidence', undefined, vscode.ConfigurationTarget.Workspace);
    await waitFor('every suggestion again', async () => ((await shown()).some((s) => s.annotationType === 'performance') ? true : undefined));
  });
});

describe('annotation suggestions with the default settings', () => {
  let api: WhetstoneApi;
  let editor: vscode.TextEditor;

  async function lensOf(line: number, strategy: string): Promise<vscode.CodeLens> {
    return waitFor(`the CodeLens of ${strategy} on line ${line + 1}`, async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)) ?? [];
      return lenses.find((lens) => lens.range.start.line === line && new RegExp(`Accept @\\w+\\(${strategy}\\)`).test(lens.command?.title ?? ''));
    });
  }

  before(async () => {
    api = await readyApi();
    editor = await openFile(FILE);
    await vscode.window.showTextDocument(editor.document);
  });

  after(async () => {
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('accepts after typing elsewhere in the file, then a second Accept at once: both written in the short form', async () => {
    const original = editor.document.getText();
    const hoist = await lensOf(TOTAL_LOOP_BODY, 'hoist');
    const sanitize = await lensOf(FIND_USER, 'sanitize');
    const shownOn = editor.document.version;
    // The person types at the end of the file: the lenses were drawn for the version before.
    await editor.edit((edit) => edit.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '\n// x'));
    assert.ok(editor.document.version > shownOn);
    const first = await vscode.commands.executeCommand<{ done: boolean; message?: string }>(hoist.command!.command, ...(hoist.command!.arguments ?? []));
    assert.equal(first.done, true, first.message);
    const second = await vscode.commands.executeCommand<{ done: boolean; message?: string }>(sanitize.command!.command, ...(sanitize.command!.arguments ?? []));
    assert.equal(second.done, true, second.message);
    assert.equal(editor.document.lineAt(TOTAL_LOOP_BODY).text.trim(), '@performance(hoist)');
    assert.equal(editor.document.lineAt(FIND_USER + 1).text.trim(), '@security(sanitize)');
    assert.ok(editor.document.getText().endsWith('// x'), 'the typing is kept');
    assert.equal(editor.document.getText().split('\n').length, original.split('\n').length + 3);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('shows no suggestion on an item with an error, and at most two CodeLenses in 30 lines', async () => {
    const broken = '\nfn broken(xs: list<number>, base: number): number {\n  let s = 0;\n  for x in xs {\n    s = s + x * rate(base) + nope;\n  }\n  return s;\n}\n';
    const firstLine = editor.document.lineCount;
    await editor.edit((edit) => edit.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, broken));
    await waitFor('the undefined name to be reported', () => (vscode.languages.getDiagnostics(editor.document.uri).some((d) => /nope/.test(d.message)) ? true : undefined));
    const { version, suggestions } = await api.suggestions.list(editor.document.uri);
    assert.equal(version, editor.document.version);
    assert.deepEqual(suggestions.filter((s) => s.range.start.line >= firstLine), [], 'none on broken (its loop would otherwise be a hoist)');
    const lensLines = suggestions.filter((s) => s.codeLens).map((s) => s.range.start.line);
    assert.ok(lensLines.length > 0 && lensLines.length <= 2, JSON.stringify(lensLines));
    assert.ok(suggestions.some((s) => s.strategy === 'pure' && !s.codeLens), 'a pure function waits in the lightbulb');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
