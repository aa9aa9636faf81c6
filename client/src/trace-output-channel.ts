// Where the language client writes the LSP traffic when `whetstone.trace.server` asks for it.
// vscode-languageclient traces only while its trace channel's log level is Trace, and a log
// channel's level is the person's "Set Log Level" choice, not a setting: with the client's own
// channel the setting alone showed nothing. This channel's level follows the setting instead
// (Trace unless it is "off"), and what it is given is written to a plain output channel of its
// own, "Whetstone Language Server Trace", which shows every line it receives.
import * as vscode from 'vscode';
import { CLIENT_ID } from './language-client';

export const TRACE_SETTING = `${CLIENT_ID}.trace.server`;
export const TRACE_CHANNEL_NAME = 'Whetstone Language Server Trace';

function levelOfSetting(): vscode.LogLevel {
  const value = vscode.workspace.getConfiguration(CLIENT_ID).get<unknown>('trace.server', 'off');
  return value === 'off' ? vscode.LogLevel.Info : vscode.LogLevel.Trace;
}

export function createTraceOutputChannel(): vscode.LogOutputChannel & vscode.Disposable {
  const output = vscode.window.createOutputChannel(TRACE_CHANNEL_NAME);
  const levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  let level = levelOfSetting();
  const watcher = vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration(TRACE_SETTING)) return;
    const next = levelOfSetting();
    if (next === level) return;
    level = next;
    levelChanged.fire(level);
  });
  const write = (kind: string, message: string | Error): void => {
    const text = message instanceof Error ? (message.stack ?? message.message) : message;
    output.appendLine(`${new Date().toISOString()} [${kind}] ${text}`);
  };
  return {
    get name() {
      return output.name;
    },
    get logLevel() {
      return level;
    },
    onDidChangeLogLevel: levelChanged.event,
    trace: (message) => write('trace', message),
    debug: (message) => write('debug', message),
    info: (message) => write('info', message),
    warn: (message) => write('warning', message),
    error: (message) => write('error', message),
    append: (value) => output.append(value),
    appendLine: (value) => output.appendLine(value),
    replace: (value) => output.replace(value),
    clear: () => output.clear(),
    show: (columnOrPreserve?: vscode.ViewColumn | boolean, preserveFocus?: boolean) =>
      typeof columnOrPreserve === 'boolean' || columnOrPreserve === undefined ? output.show(columnOrPreserve) : output.show(columnOrPreserve, preserveFocus),
    hide: () => output.hide(),
    dispose: () => {
      watcher.dispose();
      levelChanged.dispose();
      output.dispose();
    },
  };
}
