// `whetstone-agent check [--json] [--root DIR] [--library FILE] PATH...`: the diagnostics of every file, syntax and
// semantic, computed by the same core as the language server's. Imports are resolved across files:
// `use a.b;` is the file a/b.wst under the source root (--root, else the current folder). The
// files named under the root, and the modules they import (found from their `use` lines, not by
// walking the root), are read and checked as the language server's index does it
// (workspace/index-and-check.ts): imports first, on worker threads, each file's document dropped
// once checked, so a large project is checked on every core and in bounded memory. A file named
// outside the root is checked alone against those modules, as an editor's buffer would be. Text
// lines are `path:line:column severity CODE message` with a 1-based column, as compilers print them
// so terminals link them; --json prints one object a line with the core's own positions (line
// 1-based, column 0-based, UTF-16).
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../core/ast';
import { moduleFilePath, modulePathOf } from '../core/semantics';
import { MAX_LINE_CHARS, terminalLine } from '../protocol/display-text';
import { checkOfAnalysed, type FileDiagnostic } from '../workspace/file-check';
import { FileIndex } from '../workspace/file-index';
import { INDEXED_FILE_LIMITS } from '../workspace/file-limits';
import { loadGrammar } from '../workspace/grammar';
import { importsNamedIn, indexAndCheckWorkspace } from '../workspace/index-and-check';
import { readFileWithin } from '../workspace/regular-file';
import { inSkippedFolder, WHETSTONE_EXTENSION } from '../workspace/source-files';
import type { CheckSink } from '../workspace/workspace-check';
import { Workspace } from '../workspace/workspace';
import { collectFiles, isInside, messageOf, readBufferFile, sourceText } from './files';
import { readLibraryOption } from './library-file';
import { EXIT_ERRORS_FOUND, EXIT_OK, EXIT_USAGE, type Output } from './output';

export interface CheckOptions {
  json: boolean;
  paths: string[];
  /** The source root module paths are resolved under (default: the current folder). */
  root?: string;
  /** A library context file describing modules that are no file (host modules). */
  library?: string;
}

/** One diagnostic as a --json line. */
export function diagnosticRecord(file: string, diagnostic: Diagnostic): Record<string, unknown> {
  const record: Record<string, unknown> = {
    file,
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    nodeId: diagnostic.nodeId,
    line: diagnostic.line,
    column: diagnostic.column,
    span: diagnostic.span,
    hint: diagnostic.hint ?? null,
  };
  if (diagnostic.fix) record.fix = diagnostic.fix;
  return record;
}

/** One diagnostic as a text line: one line on the terminal whatever the file's names and text hold. */
export function diagnosticLine(file: string, diagnostic: Diagnostic): string {
  const hint = diagnostic.hint ? ` (${diagnostic.hint})` : '';
  return terminalLine(`${file}:${diagnostic.line}:${diagnostic.column + 1} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}${hint}`, MAX_LINE_CHARS * 4);
}

export async function runCheck(options: CheckOptions, output: Output): Promise<number> {
  const root = options.root ?? '.';
  const rootProblem = folderProblem(root);
  if (rootProblem) {
    output.err(`whetstone-agent: --root ${root}: ${rootProblem}`);
    return EXIT_USAGE;
  }
  const read = options.library === undefined ? undefined : readLibraryOption(options.library);
  if (read && 'problem' in read) {
    output.err(`whetstone-agent: check: ${read.problem}`);
    return EXIT_USAGE;
  }
  await loadGrammar();
  const { files, problems } = collectFiles(options.paths);
  let unreadable = problems.length > 0;
  for (const problem of problems) output.err(`whetstone-agent: ${problem.path}: ${problem.message}`);
  // Each file named is read here first: one that cannot be read is said so (and the exit status is 2).
  const named: { file: string; path: string; text: string }[] = [];
  for (const file of files) {
    const text = readBufferFile(file);
    if ('problem' in text) {
      output.err(`whetstone-agent: ${file}: ${text.problem}`);
      unreadable = true;
      continue;
    }
    named.push({ file, path: resolve(file), text: sourceText(text.text) });
  }
  const rootPath = resolve(root);
  const workspace = new Workspace((error) => output.err(`whetstone-agent: ${messageOf(error)}`));
  workspace.setLibrary(read?.library);
  workspace.modules.setRoots([rootPath]);
  // A module not found is compared with the module paths of the files named (for "did you mean").
  const knownModules = named.flatMap(({ path }) => {
    const inRoot = relative(rootPath, path);
    const modulePath = inRoot.startsWith('..') || isAbsolute(inRoot) ? undefined : modulePathOf(inRoot.split(sep).join('/'));
    return modulePath ? [modulePath] : [];
  });
  workspace.modules.setKnownModules(knownModules);
  const index = new FileIndex(workspace, {
    skipped: (path, problem) => output.err(`whetstone-agent: ${pathShown(path)}: ${problem}`),
    error: (error) => output.err(`whetstone-agent: ${messageOf(error)}`),
  });
  const checked = new Map<string, readonly FileDiagnostic[]>();
  let failed = false;
  const sink: CheckSink = {
    checked: (path, _uri, diagnostics) => void checked.set(path, diagnostics),
    cancelled: () => false,
    error: (error) => {
      failed = true;
      output.err(`whetstone-agent: ${messageOf(error)}`);
    },
    fixes: true,
  };
  const imports = new ModuleFiles(rootPath, named);
  imports.add(named.flatMap(({ path }) => (indexedHere(path, rootPath) ? [path] : [])));
  for (;;) {
    checked.clear();
    await index.build(
      [{ path: rootPath, real: realpathSync(rootPath) }],
      { found: () => undefined, indexed: () => undefined, cancelled: () => false, readAndCheck: (found, pool, accept) => indexAndCheckWorkspace(found, index, workspace.modules, pool, sink, accept) },
      imports.listed(),
    );
    // A `use` the lines of a text did not show (its parse did): read again with its module.
    const missed = [...index.all()].flatMap((file) => file.summary.imports.map((entry) => entry.module));
    if (!imports.add(imports.filesOf(missed))) break;
  }
  let errors = 0;
  let others = 0;
  for (const { file, path, text } of named) {
    // A file the index did not check (outside the root, a link, one it skipped) is checked as a buffer, against the same modules.
    const diagnostics = checked.get(path) ?? checkAsBuffer(workspace, path, text);
    for (const diagnostic of diagnostics) {
      if (diagnostic.severity === 'error') errors++;
      else others++;
      output.out(options.json ? JSON.stringify(diagnosticRecord(file, diagnostic)) : diagnosticLine(file, diagnostic));
    }
  }
  index.dispose();
  if (!options.json) {
    const counted = `${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${others} other diagnostic${others === 1 ? '' : 's'}`;
    output.err(counted);
  }
  if (unreadable || failed) return EXIT_USAGE;
  return errors > 0 ? EXIT_ERRORS_FOUND : EXIT_OK;
}

/** Whether the index reads a file named: a `.wst` file in the root (not through a link, nor in a folder a walk skips). */
function indexedHere(path: string, root: string): boolean {
  if (!isInside(path, root) || !path.endsWith(WHETSTONE_EXTENSION) || inSkippedFolder(path, root)) return false;
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The files the index reads: the files named in the root and, through the `use` lines of their
 * texts, every module file under the root they import, directly or not (a module's file that
 * cannot be read is still listed, so the index says why it was not read).
 */
class ModuleFiles {
  private readonly files = new Set<string>();
  private readonly texts: Map<string, string>;

  constructor(
    private readonly root: string,
    named: readonly { path: string; text: string }[],
  ) {
    this.texts = new Map(named.map(({ path, text }) => [path, text]));
  }

  listed(): string[] {
    return [...this.files];
  }

  /** The files of module paths that exist under the root. */
  filesOf(modulePaths: readonly string[]): string[] {
    return modulePaths.flatMap((modulePath) => {
      if (modulePathOf(moduleFilePath(modulePath)) !== modulePath) return [];
      const file = join(this.root, moduleFilePath(modulePath));
      return exists(file) ? [file] : [];
    });
  }

  /** Lists `paths` and what they import; whether any was not listed before. */
  add(paths: readonly string[]): boolean {
    const queue = paths.filter((path) => !this.files.has(path));
    for (const path of queue) this.files.add(path);
    const added = queue.length > 0;
    while (queue.length > 0) {
      const path = queue.pop()!;
      const text = this.texts.get(path) ?? moduleText(path);
      for (const file of this.filesOf(importsNamedIn(text ?? ''))) {
        if (this.files.has(file)) continue;
        this.files.add(file);
        queue.push(file);
      }
    }
    return added;
  }
}

function moduleText(path: string): string | undefined {
  const read = readFileWithin(path, { ...INDEXED_FILE_LIMITS, followLinks: false });
  return 'text' in read ? read.text : undefined;
}

/** Whether anything is at `path`, a dangling or outward link too: listed, the index says why it does not read it. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The diagnostics of a file checked alone, opened as an editor's buffer is, its imports from the workspace's modules; as the index's checks give them. */
function checkAsBuffer(workspace: Workspace, path: string, text: string): readonly FileDiagnostic[] {
  const uri = pathToFileURL(path).href;
  const buffer = workspace.open(uri, text);
  try {
    return checkOfAnalysed(buffer.document, buffer.analysis(), undefined, true).diagnostics;
  } finally {
    workspace.close(uri);
  }
}

/** A path as messages name it: relative to the current folder when inside it. */
function pathShown(path: string): string {
  const absolute = resolve(path);
  const inside = relative(process.cwd(), absolute);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : absolute;
}

/** Why the source root cannot be one, or undefined. */
function folderProblem(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? undefined : 'not a folder';
  } catch (error) {
    return messageOf(error);
  }
}
