// The folders the workspace index covers (`whetstone.sourceRoots`): the workspace folders by
// default; the setting's folders, absolute or relative to the first workspace folder, instead.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InitializeParams, WorkspaceFoldersChangeEvent } from 'vscode-languageserver/node';

/** The most source roots taken from the setting (a list typed by a person). */
export const MAX_SOURCE_ROOTS = 64;

/** Every workspace folder that is on disk (file: URIs), in the client's order. */
export function workspaceFolderPaths(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  const paths = pathsOf(uris);
  if (paths.length === 0 && uris.length === 0 && params.rootPath) paths.push(params.rootPath);
  return paths;
}

/** The workspace folders after folders were added to the workspace or removed from it (the added last, as VS Code lists them). */
export function changedFolders(folders: readonly string[], event: WorkspaceFoldersChangeEvent | undefined): string[] {
  const removed = new Set(pathsOf(urisOf(event?.removed)));
  const kept = folders.filter((folder) => !removed.has(folder));
  for (const added of pathsOf(urisOf(event?.added))) if (!kept.includes(added)) kept.push(added);
  return kept;
}

/** The `uri` of each folder of a list as the client sent it (anything else in it names none). */
function urisOf(folders: unknown): unknown[] {
  return Array.isArray(folders) ? folders.map((folder: unknown) => (folder && typeof folder === 'object' ? (folder as { uri?: unknown }).uri : undefined)) : [];
}

/** The paths of the file: URIs among `uris` (anything else names no folder on this machine). */
function pathsOf(uris: readonly unknown[]): string[] {
  const paths: string[] = [];
  for (const uri of uris) {
    try {
      if (typeof uri === 'string' && uri.startsWith('file:')) paths.push(fileURLToPath(uri));
    } catch {
      // Not a path on this machine: nothing to index there.
    }
  }
  return paths;
}

/** The folders to index: the setting's, resolved against the first workspace folder, else the workspace folders. */
export function sourceRootPaths(setting: readonly string[], folders: readonly string[]): string[] {
  if (setting.length === 0) return [...folders];
  const roots: string[] = [];
  for (const root of setting.slice(0, MAX_SOURCE_ROOTS)) {
    if (isAbsolute(root)) roots.push(resolve(root));
    else if (folders[0] !== undefined) roots.push(resolve(folders[0], root));
  }
  return [...new Set(roots)];
}
