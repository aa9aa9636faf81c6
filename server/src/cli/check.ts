// `whetstone-agent check [--json] [--root DIR] [--library FILE] PATH...`: the diagnostics of every file, syntax and
// semantic, computed by the same core as the language server's. Imports are resolved across files:
// `use a.b;` is the file a/b.wst under the source root (--root, else the current folder), read
// whether or not it is among the files checked (modules.ts, module-set.ts). Text lines are
// `path:line:column severity CODE message` with a 1-based column, as compilers print them so
// terminals link them; --json prints one object a line with the core's own positions (line
// 1-based, column 0-based, UTF-16).
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { inSourceOrder, type Diagnostic } from '../core/ast';
import { closestName, moduleFilePath, modulePathOf, ModuleSet, type FoundModule } from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';
import { MAX_LINE_CHARS, terminalLine } from '../protocol/display-text';
import { loadGrammar } from '../workspace/grammar';
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
  let errors = 0;
  let others = 0;
  const documents = new Map<string, WhetstoneDocument>();
  const checked: { file: string; key: string; document: WhetstoneDocument }[] = [];
  for (const file of files) {
    const read = readBufferFile(file);
    if ('problem' in read) {
      output.err(`whetstone-agent: ${file}: ${read.problem}`);
      unreadable = true;
      continue;
    }
    const key = pathShown(file);
    const document = WhetstoneDocument.create(sourceText(read.text), 1);
    documents.set(key, document);
    checked.push({ file, key, document });
  }
  // The module paths of the files checked under the root: what a misspelt `use` may have meant.
  const known = checked.flatMap(({ file }) => {
    const inRoot = relative(root, file);
    const modulePath = inRoot.startsWith('..') || isAbsolute(inRoot) ? undefined : modulePathOf(inRoot.split(sep).join('/'));
    return modulePath ? [modulePath] : [];
  });
  const modules = new ModuleSet({ find: (modulePath) => findModule(root, modulePath, documents, output, known) }, { library: read?.library });
  for (const { key, document } of checked) modules.addDocument(key, document);
  for (const { file, key, document } of checked) {
    const diagnostics = inSourceOrder(document.syntaxDiagnostics, modules.modelOf(key).diagnostics);
    for (const diagnostic of diagnostics) {
      if (diagnostic.severity === 'error') errors++;
      else others++;
      output.out(options.json ? JSON.stringify(diagnosticRecord(file, diagnostic)) : diagnosticLine(file, diagnostic));
    }
  }
  if (!options.json) {
    const counted = `${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${others} other diagnostic${others === 1 ? '' : 's'}`;
    output.err(counted);
  }
  if (unreadable) return EXIT_USAGE;
  return errors > 0 ? EXIT_ERRORS_FOUND : EXIT_OK;
}

/** A path as messages name it and as the module set identifies a file: relative to the current folder when inside it. */
function pathShown(path: string): string {
  const absolute = resolve(path);
  const inside = relative(process.cwd(), absolute);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : absolute;
}

/**
 * The file of a module path under the root: one being checked, else read from disk as the files
 * checked are (a file that cannot be read safely is skipped with the reason, and counts as not found).
 */
function findModule(root: string, modulePath: string, documents: ReadonlyMap<string, WhetstoneDocument>, output: Output, modulePaths: readonly string[]): FoundModule {
  // A module path is identifiers joined by dots (the parser's); anything else names no file.
  if (modulePathOf(moduleFilePath(modulePath)) !== modulePath) return { tried: [] };
  const file = pathShown(join(root, moduleFilePath(modulePath)));
  const near = closestName(modulePath, modulePaths);
  const notFound: FoundModule = near ? { tried: [file], near } : { tried: [file] };
  const known = documents.get(file);
  if (known) return { file, document: known };
  const outside = outsideRoot(root, file);
  if (outside) {
    output.err(`whetstone-agent: ${file}: ${outside}`);
    return notFound;
  }
  const read = readBufferFile(file);
  if ('problem' in read) {
    if (!read.missing) output.err(`whetstone-agent: ${file}: ${read.problem}`);
    return notFound;
  }
  return { file, document: WhetstoneDocument.create(sourceText(read.text), 1) };
}

/** Why a module's file is not read: a link out of the root (it could hand any file to the check); undefined when it may be read or is absent. */
function outsideRoot(root: string, file: string): string | undefined {
  try {
    return isInside(realpathSync(file), realpathSync(root)) ? undefined : 'it leads outside the source root; not read';
  } catch {
    return undefined;
  }
}

/** Why the source root cannot be one, or undefined. */
function folderProblem(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? undefined : 'not a folder';
  } catch (error) {
    return messageOf(error);
  }
}
