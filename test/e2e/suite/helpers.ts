// Shared steps of the end-to-end tests: open a file of the temporary workspace (a copy of
// test/fixtures/e2e-workspace), get the extension's API, and wait for a condition with a deadline.
import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { WhetstoneApi } from '../../../client/src/extension';
import { AgentClient, type LockFile } from './agentClient';

export const EXTENSION_ID = 'whetstone.whetstone-vscode';

/** Polls `probe` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function workspaceUri(file: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test run opens the temporary workspace folder');
  return vscode.Uri.joinPath(folder.uri, file);
}

/** Opens a workspace file in an editor, as a person would. */
export async function openFile(file: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceUri(file));
  return vscode.window.showTextDocument(document);
}

/** The extension's exported API once its language server has started. */
export async function readyApi(): Promise<WhetstoneApi> {
  const extension = vscode.extensions.getExtension<WhetstoneApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  // Activation starts with the first Whetstone document; activate() returns the same exports.
  const api = await extension.activate();
  await api.ready;
  return api;
}

/** Text of `document` after applying `edits` (as a formatter's or a rename's edits apply). */
export function applyEdits(document: vscode.TextDocument, edits: readonly vscode.TextEdit[]): string {
  const text = document.getText();
  const sorted = [...edits].sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start));
  let result = text;
  for (const edit of sorted) {
    result = result.slice(0, document.offsetAt(edit.range.start)) + edit.newText + result.slice(document.offsetAt(edit.range.end));
  }
  return result;
}

/** A part of the workbench page (1280×800), in pixels. */
export interface PictureArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Asks the launcher to save a picture of the workbench (or of `area` of it) as
 * docs/images/<name>.png once `selector` is drawn, and waits until it is written. Does nothing
 * when the run takes no pictures.
 */
export async function screenshot(name: string, selector: string, area?: PictureArea): Promise<void> {
  const folder = process.env.WHETSTONE_E2E_SCREENSHOTS;
  if (!folder) return;
  const file = join(folder, `${name}.png`);
  // The secondary side bar (chat) is empty here; the picture is of the editor and the views.
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar').then(undefined, () => undefined);
  const asked = Date.now();
  const clip = area ? `@${[area.x, area.y, area.width, area.height].map(Math.round).join(',')} ` : '';
  console.log(`WHETSTONE_SCREENSHOT ${name} ${clip}${selector}`);
  await waitFor(`the screenshot ${name}.png`, () => {
    try {
      return statSync(file).mtimeMs >= asked - 1000 ? true : undefined;
    } catch {
      return undefined;
    }
  }, 30_000);
}

let drawnQuestions = 0;

/**
 * What the workbench has drawn for `selector` (the page's DOM, which the extension host cannot
 * see): the launcher waits until it is visible (up to 10 s) and answers with the label of each
 * element matched, and of those visible. Undefined when the run has no launcher to ask.
 */
export async function drawnLabels(selector: string): Promise<{ labels: string[]; visible: string[] } | undefined> {
  const folder = process.env.WHETSTONE_E2E_DRAWN;
  if (!folder) return undefined;
  const id = `q${process.pid}-${++drawnQuestions}`;
  const file = join(folder, `${id}.json`);
  console.log(`WHETSTONE_DRAWN ${id} ${selector}`);
  const text = await waitFor(`the launcher's answer about ${selector}`, () => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }, 30_000);
  return JSON.parse(text) as { labels: string[]; visible: string[] };
}

/** The lock file of the editor's running agent endpoint, as an outside agent would read it. */
export async function runningEndpointLock(api: WhetstoneApi): Promise<LockFile> {
  const status = await waitFor('the agent endpoint to run', () => (api.agents.status()?.running ? api.agents.status() : undefined));
  assert.ok(status.lockFile, 'the status names the lock file');
  return AgentClient.readLockFile(status.lockFile);
}
