// The person's side of projection:
// - "Show as JavaScript / TypeScript / Python": a read-only virtual document (scheme
//   `whetstone-projection`) beside the editor, filled by the server's `whetstone/project`, that
//   follows the buffer as it changes and never takes the focus;
// - "Import from JavaScript / TypeScript / Python": the active file as a new .wst file, with what
//   had no Whetstone form (W_UNSUPPORTED) shown as diagnostics on the source it came from;
// - the editor's chat model for generateCode (`whetstone/languageModel`), through vscode.lm, when
//   the setting whetstone.generation.useLanguageModel allows it.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { labelText } from '../../server/src/protocol/display-text';
import {
  ImportSourceRequest,
  LanguageModelRequest,
  ProjectRequest,
  type ImportSourceResult,
  type LanguageModelParams,
  type LanguageModelResult,
} from '../../server/src/protocol/messages';

export const PROJECTION_SCHEME = 'whetstone-projection';

type Target = 'javascript' | 'typescript' | 'python';

const EXTENSIONS: Record<Target, string> = { javascript: '.js', typescript: '.ts', python: '.py' };
const TITLES: Record<Target, string> = { javascript: 'JavaScript', typescript: 'TypeScript', python: 'Python' };
/** How long the preview waits after the last keystroke before it asks for the projection again. */
const REFRESH_DELAY_MS = 150;

/** The preview's URI: the source file's name with the target's extension (so it is highlighted as that language). */
export function projectionUri(source: vscode.Uri, language: Target): vscode.Uri {
  const name = source.path.split('/').pop() ?? 'buffer';
  // The source and language travel in the query, base64url-encoded so no URI escaping touches them.
  const query = Buffer.from(JSON.stringify({ uri: source.toString(), language })).toString('base64url');
  return vscode.Uri.from({ scheme: PROJECTION_SCHEME, path: `/${name}${EXTENSIONS[language]}`, query });
}

function sourceOf(uri: vscode.Uri): { source: string; language: Target } {
  try {
    const { uri: source, language } = JSON.parse(Buffer.from(uri.query, 'base64url').toString('utf8')) as { uri?: string; language?: Target };
    return { source: source ?? '', language: language ?? 'javascript' };
  } catch {
    return { source: '', language: 'javascript' };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function commentLines(language: Target, lines: string[]): string {
  const mark = language === 'python' ? '#' : '//';
  return lines.map((line) => `${mark} ${line}`).join('\n');
}

class ProjectionPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly client: LanguageClient) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.languageId === 'whetstone' && event.contentChanges.length > 0) this.sourceChanged(event.document.uri.toString());
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const { source, language } = sourceOf(uri);
    try {
      const result = await this.client.sendRequest(ProjectRequest, { uri: source, language });
      const notes = result.diagnostics.map((d) => `line ${d.line}: ${d.message}`);
      const header = notes.length > 0 ? `${commentLines(language, ['Not carried faithfully:', ...notes])}\n\n` : '';
      return header + result.code;
    } catch (error) {
      return commentLines(language, [`The projection is not available: ${errorText(error)}`]);
    }
  }

  /** A Whetstone buffer changed: every open preview of it asks again, once the typing pauses. */
  private sourceChanged(source: string): void {
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== PROJECTION_SCHEME || sourceOf(document.uri).source !== source) continue;
      const key = document.uri.toString();
      clearTimeout(this.timers.get(key));
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          this.changed.fire(document.uri);
        }, REFRESH_DELAY_MS),
      );
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}

/** Opens the active Whetstone buffer's projection beside it, keeping the focus in the editor. */
async function showAs(language: Target): Promise<vscode.TextEditor | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.languageId !== 'whetstone') {
    void vscode.window.showWarningMessage(`Whetstone: open a Whetstone (.wst) file to see it as ${TITLES[language]}.`);
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(projectionUri(editor.document.uri, language));
  return vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
}

/** Where the imported file goes: beside the source, as name.wst (name-2.wst… when taken). */
async function freeWstUri(source: vscode.Uri): Promise<vscode.Uri> {
  const base = source.path.replace(/\.[^./]+$/, '');
  for (let n = 1; ; n++) {
    const candidate = source.with({ path: `${base}${n === 1 ? '' : `-${n}`}.wst` });
    try {
      await vscode.workspace.fs.stat(candidate);
    } catch {
      return candidate;
    }
  }
}

async function importFrom(client: LanguageClient, language: Target, problems: vscode.DiagnosticCollection): Promise<vscode.TextDocument | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(`Whetstone: open a ${TITLES[language]} file to import it.`);
    return undefined;
  }
  const source = editor.document;
  let result: ImportSourceResult;
  try {
    result = await client.sendRequest(ImportSourceRequest, { text: source.getText(), language });
  } catch (error) {
    void vscode.window.showErrorMessage(`Whetstone: could not import ${labelText(source.fileName)}: ${labelText(errorText(error))}`);
    return undefined;
  }
  // What was left out is shown where it is: in the source file.
  problems.set(
    source.uri,
    result.diagnostics.map((d) => {
      const range = new vscode.Range(d.span.start.line - 1, d.span.start.column, d.span.end.line - 1, d.span.end.column);
      const severity = d.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
      const diagnostic = new vscode.Diagnostic(range, d.message, severity);
      diagnostic.code = d.code;
      diagnostic.source = 'whetstone import';
      return diagnostic;
    }),
  );
  let document: vscode.TextDocument;
  if (source.uri.scheme === 'file') {
    const target = await freeWstUri(source.uri);
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(result.code));
    document = await vscode.workspace.openTextDocument(target);
  } else {
    document = await vscode.workspace.openTextDocument({ language: 'whetstone', content: result.code });
  }
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside });
  const left = result.diagnostics.filter((d) => d.code === 'W_UNSUPPORTED').length;
  if (left > 0) void vscode.window.showWarningMessage(`Whetstone: imported ${labelText(source.fileName.split(/[\\/]/).pop() ?? '')}; ${left} construct${left === 1 ? '' : 's'} had no Whetstone form and ${left === 1 ? 'was' : 'were'} left out (see Problems).`);
  return document;
}

/** Answers generateCode's question to the editor's chat model, when the setting allows and a model is there. */
async function askLanguageModel(params: LanguageModelParams, token: vscode.CancellationToken): Promise<LanguageModelResult> {
  if (!vscode.workspace.getConfiguration('whetstone.generation').get<boolean>('useLanguageModel', true)) {
    return { unavailable: 'the setting whetstone.generation.useLanguageModel is off' };
  }
  // vscode.lm is missing in editors without the Language Model API.
  const lm = (vscode as { lm?: typeof vscode.lm }).lm;
  if (!lm) return { unavailable: 'this editor has no Language Model API' };
  try {
    const [model] = await lm.selectChatModels();
    if (!model) return { unavailable: 'no chat model is available' };
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(params.prompt)], { justification: 'An agent asked Whetstone to generate code from a specification.' }, token);
    let text = '';
    for await (const part of response.text) text += part;
    return { text, model: model.name };
  } catch (error) {
    return { unavailable: `the chat model did not answer: ${errorText(error)}` };
  }
}

export function registerProjection(client: LanguageClient): vscode.Disposable {
  const previews = new ProjectionPreviews(client);
  const problems = vscode.languages.createDiagnosticCollection('whetstone-import');
  return vscode.Disposable.from(
    previews,
    problems,
    client.onRequest(LanguageModelRequest, (params, token) => askLanguageModel(params, token)),
    vscode.workspace.registerTextDocumentContentProvider(PROJECTION_SCHEME, previews),
    vscode.commands.registerCommand('whetstone.showAsJavaScript', () => showAs('javascript')),
    vscode.commands.registerCommand('whetstone.showAsTypeScript', () => showAs('typescript')),
    vscode.commands.registerCommand('whetstone.showAsPython', () => showAs('python')),
    vscode.commands.registerCommand('whetstone.importFromJavaScript', () => importFrom(client, 'javascript', problems)),
    vscode.commands.registerCommand('whetstone.importFromTypeScript', () => importFrom(client, 'typescript', problems)),
    vscode.commands.registerCommand('whetstone.importFromPython', () => importFrom(client, 'python', problems)),
  );
}
