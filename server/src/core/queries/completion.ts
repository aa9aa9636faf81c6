// What can be written at a cursor: annotation types after `@`, the strategies of that type
// inside `@type(`, the fields of a value after `.`, type names where a type is written, and
// otherwise the names in scope (parameters, locals, globals, imports, built-ins) and keywords.
// The semantic model says what is in scope and what a value's type is; this file reads the text
// just before the cursor to know which of those questions the person is asking. Given the
// workspace's modules (a ModuleCatalog): module paths after `use `, a module's names inside
// `use m.{…}`, its members after `m.`, and names other modules declare that this file does not
// import yet, after the file's own (each says its module: the caller adds the `use`).
import type { Node } from '../ast/ast';
import { KEYWORDS } from '../ast/lexical';
import { ANNOTATION_TYPES, annotationTypeInfo } from '../semantics/annotations';
import type { SemanticModel } from '../semantics/model';
import { visibleSymbols } from '../semantics/scopes';
import type { Scope, SemanticSymbol, SymbolKind } from '../semantics/symbols';
import { BUILTIN_TYPE_NAMES, typeToString, type Type } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';
import type { CatalogDeclaration, ModuleCatalog } from './module-catalog';

export type CompletionKind = SymbolKind | 'keyword' | 'annotationType' | 'annotationStrategy' | 'annotationKey' | 'builtinType' | 'module' | 'folder';

export interface CompletionCandidate {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line: a signature or a type. */
  readonly detail?: string;
  readonly documentation?: string;
  /** What to insert, when it differs from the label (`reason: ` for an annotation key). */
  readonly insertText?: string;
  /** The symbol offered, for names and fields. */
  readonly symbol?: SemanticSymbol;
  /** The type of a field or member offered after `.`. */
  readonly type?: Type;
  /** A name another module declares that the file does not import: choosing it adds `use <this module>.{label}`. */
  readonly autoImport?: string;
}

export interface Completions {
  /** What is being completed. */
  readonly context: 'none' | 'annotationType' | 'annotationArgument' | 'member' | 'type' | 'name' | 'modulePath' | 'importName';
  /** Start of the partly typed word: a chosen candidate replaces [replaceFrom, cursor). */
  readonly replaceFrom: number;
  readonly candidates: CompletionCandidate[];
  /** More would be offered than are listed (the bound was reached): ask again as the word grows. */
  readonly incomplete?: boolean;
}

/** The most names of other modules offered at once (the list is asked again as the word grows). */
export const MAX_AUTO_IMPORTS = 50;
/** The most module path segments offered at once after `use `. */
export const MAX_MODULE_PATHS = 200;

/** The keys an annotation takes besides its strategy (docs/LANGUAGE.md "Annotations"). */
const ANNOTATION_KEYS: readonly { name: string; doc: string }[] = [
  { name: 'reason', doc: 'why the annotation applies (a string)' },
  { name: 'confidence', doc: 'how sure its author is, from 0 to 1' },
];

const IDENTIFIER_TAIL = /[A-Za-z_][A-Za-z0-9_]*$/;

/** How many characters before the cursor the context patterns look at. */
const CONTEXT_WINDOW = 400;

export function completionsAt(document: WhetstoneDocument, model: SemanticModel, offset: number, modules?: ModuleCatalog): Completions {
  const text = document.text;
  const cursor = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const none: Completions = { context: 'none', replaceFrom: cursor, candidates: [] };
  if (insideComment(document, cursor) || insideString(text.slice(lineStart, cursor))) return none;

  // What decides the context is just before the cursor. The patterns below end in `$`, and a
  // regular expression tries each start position in turn: on a megabyte-long line that would be
  // quadratic, so they only see the last part of it.
  const windowStart = Math.max(lineStart, cursor - CONTEXT_WINDOW);
  const before = text.slice(windowStart, cursor);

  const annotationType = /@([A-Za-z_][A-Za-z0-9_]*)?$/.exec(before);
  if (annotationType) {
    return {
      context: 'annotationType',
      replaceFrom: cursor - (annotationType[1]?.length ?? 0),
      candidates: ANNOTATION_TYPES.map((info) => ({ label: info.name, kind: 'annotationType', detail: `@${info.name}(${info.strategies.map((s) => s.name).join(' | ')})`, documentation: info.description })),
    };
  }

  const annotationArguments = /@([A-Za-z_][A-Za-z0-9_]*)\s*\(([^()]*)$/.exec(before);
  if (annotationArguments) return annotationArgumentCompletions(annotationArguments[1], annotationArguments[2], cursor);

  // A number being typed (`12`, `1.`, `1.5e`) completes to nothing.
  if (/^[0-9]/.test(/[A-Za-z0-9_.]*$/.exec(before)?.[0] ?? '')) return none;
  const word = IDENTIFIER_TAIL.exec(before)?.[0] ?? '';
  const replaceFrom = cursor - word.length;
  const head = before.slice(0, before.length - word.length);

  // `use a.b.{x, ` : the names module a.b declares that the braces do not list yet. The list may
  // run over several lines, so this one looks back across lines (as far as the window).
  const acrossLines = text.slice(Math.max(0, cursor - CONTEXT_WINDOW), replaceFrom);
  const importList = /(?:^|[;\n])\s*use\s+([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*\.\s*\{([^{}]*)$/.exec(acrossLines);
  if (importList) {
    const listed = new Set(importList[2].split(',').map((name) => name.trim()));
    const module = importList[1].replace(/\s+/g, '');
    const declared = modules?.declarationsOf(module) ?? libraryDeclarations(model, module);
    return { context: 'importName', replaceFrom, candidates: declared.filter((declaration) => !listed.has(declaration.name)).map(declarationCandidate) };
  }
  // `use a.` : the next segment of the module paths under a.
  const usePath = /(?:^|;)\s*use\s+((?:[A-Za-z_][A-Za-z0-9_]*\s*\.\s*)*)$/.exec(head);
  if (usePath) {
    // A module that is no file may be the library's (as imports resolve).
    const paths = [...(modules?.modulePaths() ?? []), ...(model.library?.moduleNames() ?? [])];
    return { context: 'modulePath', replaceFrom, ...modulePathCandidates(paths, usePath[1].replace(/\s+/g, ''), word) };
  }

  const member = /\.\s*$/.exec(head);
  if (member) {
    const dot = windowStart + member.index;
    const type = memberObjectType(document, model, dot, cursor);
    if (type?.kind === 'module' && modules) {
      const declared = modules.declarationsOf(type.name);
      if (declared) return { context: 'member', replaceFrom, candidates: moduleMemberCandidates(declared, type.members) };
    }
    return { context: 'member', replaceFrom, candidates: type ? fieldCandidates(model, type) : [] };
  }

  const scope = scopeAtOffset(document, model, cursor);
  const visible = visibleSymbols(scope, cursor);
  if (inTypePosition(document, head, cursor)) {
    const candidates = typeCandidates(model, scope, cursor);
    const imported = modules && word !== '' ? autoImportCandidates(modules, word, visible, 'type') : undefined;
    return { context: 'type', replaceFrom, candidates: [...candidates, ...(imported?.candidates ?? [])], ...(imported?.incomplete ? { incomplete: true } : {}) };
  }

  const candidates: CompletionCandidate[] = visible.filter((symbol) => symbol.name !== '' && symbol.kind !== 'field').map((symbol) => symbolCandidate(model, symbol));
  for (const keyword of KEYWORDS) candidates.push({ label: keyword, kind: 'keyword' });
  // Other modules' names only once a word is begun: before that they would bury the file's own.
  const imported = modules && word !== '' ? autoImportCandidates(modules, word, visible, 'value') : undefined;
  return { context: 'name', replaceFrom, candidates: [...candidates, ...(imported?.candidates ?? [])], ...(imported?.incomplete ? { incomplete: true } : {}) };
}

/** The segment after `prefix` (`a.` or empty) of every module path that starts with it, modules and folders, at most MAX_MODULE_PATHS. */
function modulePathCandidates(paths: readonly string[], prefix: string, word: string): { candidates: CompletionCandidate[]; incomplete?: boolean } {
  const segments = new Map<string, { module: boolean; folder: boolean }>();
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const dot = rest.indexOf('.');
    const segment = dot < 0 ? rest : rest.slice(0, dot);
    if (!containsInOrder(segment, word)) continue;
    const entry = segments.get(segment) ?? { module: false, folder: false };
    if (dot < 0) entry.module = true;
    else entry.folder = true;
    segments.set(segment, entry);
  }
  const sorted = [...segments].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const candidates = sorted.slice(0, MAX_MODULE_PATHS).map(([segment, { module, folder }]): CompletionCandidate => {
    const path = `${prefix}${segment}`;
    const detail = module ? `module ${path}${folder ? ` (and the folder ${path}.…)` : ''}` : `folder ${path}.…`;
    return { label: segment, kind: module ? 'module' : 'folder', detail };
  });
  return sorted.length > MAX_MODULE_PATHS ? { candidates, incomplete: true } : { candidates };
}

/** The functions the library gives a module that is no file. */
function libraryDeclarations(model: SemanticModel, module: string): CatalogDeclaration[] {
  const functions = model.library?.functionsOf(module);
  return functions ? [...functions].map(([name, entry]) => ({ name, kind: 'function', detail: `${name}: ${typeToString(entry.type)}` })) : [];
}

/** After `m.` where `use m;` binds a module file: its values (types are imported by name), with their kind and signature. */
function moduleMemberCandidates(declared: readonly CatalogDeclaration[], members: ReadonlyMap<string, Type> | null): CompletionCandidate[] {
  return declared
    .filter((declaration) => declaration.kind !== 'type' && (members === null || members.has(declaration.name)))
    .map((declaration) => {
      const type = members?.get(declaration.name);
      // A variable's type that was inferred is not written in its file: the analysis says it.
      const detail = declaration.kind !== 'function' && !declaration.detail && type ? { ...declaration, detail: typeToString(type) } : declaration;
      return { ...declarationCandidate(detail), ...(type ? { type } : {}) };
    });
}

/**
 * Names other modules declare that match `word` and that nothing visible here already is (a local
 * declaration, an import), values or types, each with the module to import it from; at most
 * MAX_AUTO_IMPORTS, best match first.
 */
function autoImportCandidates(modules: ModuleCatalog, word: string, visible: readonly SemanticSymbol[], wanted: 'value' | 'type'): { candidates: CompletionCandidate[]; incomplete: boolean } {
  const taken = new Set(visible.map((symbol) => symbol.name));
  // Asked for more than are offered: some found are visible already or of the other sort.
  const asked = MAX_AUTO_IMPORTS * 4;
  const found = modules.search(word, asked);
  const candidates: CompletionCandidate[] = [];
  const seen = new Set<string>();
  for (const { module, declaration } of found) {
    if (taken.has(declaration.name) || (declaration.kind === 'type') !== (wanted === 'type')) continue;
    const key = `${module}\u0000${declaration.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (candidates.length === MAX_AUTO_IMPORTS) return { candidates, incomplete: true };
    candidates.push({ ...declarationCandidate(declaration), autoImport: module });
  }
  return { candidates, incomplete: found.length >= asked };
}

function declarationCandidate(declaration: CatalogDeclaration): CompletionCandidate {
  return { label: declaration.name, kind: declaration.kind, detail: declarationDetail(declaration) };
}

/** How a declaration of another file reads in one line: `fn total(items: list<Item>): number`, `type Order { … }`, `const rate: number`. */
function declarationDetail(declaration: CatalogDeclaration): string {
  switch (declaration.kind) {
    case 'function':
      return declaration.detail ?? `fn ${declaration.name}(…)`;
    case 'type':
      return `type ${declaration.name}${declaration.detail ? ` ${declaration.detail}` : ''}`;
    case 'constant':
    case 'variable':
      return `${declaration.kind === 'constant' ? 'const' : 'let'} ${declaration.name}${declaration.detail ? `: ${declaration.detail}` : ''}`;
  }
}

/** Whether `name` holds `word`'s characters in order, ignoring case (as the editor filters). */
function containsInOrder(name: string, word: string): boolean {
  const lower = name.toLowerCase();
  let at = 0;
  for (const ch of word.toLowerCase()) {
    at = lower.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The innermost scope at an offset. The model records each node's enclosing scope; a block's own
 * scope is the one its statements sit in, so a cursor between a block's statements looks there.
 */
export function scopeAtOffset(document: WhetstoneDocument, model: SemanticModel, offset: number): Scope {
  const node = document.nodeAt(offset);
  if (node.type === 'Block' && node.statements.length > 0) {
    const inner = model.scopeAt(node.statements[0].id);
    if (inner) return inner;
  }
  return model.scopeAt(node.id) ?? model.programScope;
}

function annotationArgumentCompletions(annotationType: string, written: string, cursor: number): Completions {
  const segments = written.split(',');
  const current = segments[segments.length - 1];
  const partial = /^\s*([A-Za-z_][A-Za-z0-9_-]*)?$/.exec(current);
  if (!partial) return { context: 'annotationArgument', replaceFrom: cursor, candidates: [] };
  const replaceFrom = cursor - (partial[1]?.length ?? 0);
  const usedKeys = new Set(segments.slice(0, -1).map((segment) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/.exec(segment)?.[1]).filter(Boolean));
  const candidates: CompletionCandidate[] = [];
  // The strategy is the first argument, written bare.
  if (segments.length === 1) {
    for (const strategy of annotationTypeInfo(annotationType)?.strategies ?? []) {
      candidates.push({ label: strategy.name, kind: 'annotationStrategy', detail: `@${annotationType}(${strategy.name})`, documentation: strategy.description });
    }
  }
  for (const key of ANNOTATION_KEYS) {
    if (!usedKeys.has(key.name)) candidates.push({ label: key.name, kind: 'annotationKey', insertText: `${key.name}: `, documentation: key.doc });
  }
  return { context: 'annotationArgument', replaceFrom, candidates };
}

/** The type of the value before the `.` at `dot`: from the parsed member expression, else from the names written. */
function memberObjectType(document: WhetstoneDocument, model: SemanticModel, dot: number, cursor: number): Type | undefined {
  for (let node: Node | undefined = document.nodeAt(cursor); node; node = document.parentOf(node.id)) {
    if (node.type === 'MemberExpression' && node.object.span.endOffset <= dot && node.span.endOffset >= dot) {
      const type = model.typeOf(node.object.id);
      if (type) return type;
      break;
    }
  }
  // `order.` followed by nothing parses as an error; the names before the dot still say what it is.
  const chain = /([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*$/.exec(document.text.slice(Math.max(0, dot - 500), dot));
  if (!chain) return undefined;
  const names = chain[1].split('.').map((name) => name.trim());
  const first = visibleSymbols(scopeAtOffset(document, model, dot), dot).find((symbol) => symbol.name === names[0]);
  let type: Type | undefined = first?.type;
  for (const name of names.slice(1)) {
    if (!type) return undefined;
    type = model.fieldsOfType(type).find((field) => field.name === name)?.type;
  }
  return type;
}

function fieldCandidates(model: SemanticModel, type: Type): CompletionCandidate[] {
  return model.fieldsOfType(type).map((field) => ({
    label: field.name,
    kind: field.type.kind === 'function' ? 'function' : 'field',
    detail: field.symbol ? model.signatureOf(field.symbol) : `${field.name}: ${typeToString(field.type)}`,
    type: field.type,
    ...(field.symbol ? { symbol: field.symbol } : {}),
  }));
}

/**
 * Whether a type is being written: after the `:` of a parameter, variable, field or return type
 * (not the `:` of an object literal's key), or inside the `<…>` of list/map.
 */
function inTypePosition(document: WhetstoneDocument, head: string, cursor: number): boolean {
  if (/\b(list|map)\s*<[^>]*$/.test(head)) return true;
  if (!/:\s*$/.test(head)) return false;
  for (let node: Node | undefined = document.nodeAt(cursor); node; node = document.parentOf(node.id)) {
    if (node.type === 'ObjectLiteral' || node.type === 'Property') return false;
  }
  return true;
}

function typeCandidates(model: SemanticModel, scope: Scope, cursor: number): CompletionCandidate[] {
  const candidates: CompletionCandidate[] = visibleSymbols(scope, cursor)
    .filter((symbol) => symbol.kind === 'type')
    .map((symbol) => symbolCandidate(model, symbol));
  for (const name of BUILTIN_TYPE_NAMES) candidates.push({ label: name, kind: 'builtinType', detail: name === 'list' ? 'list<T>' : name === 'map' ? 'map<K, V>' : name });
  return candidates;
}

function symbolCandidate(model: SemanticModel, symbol: SemanticSymbol): CompletionCandidate {
  const documentation = model.docOf(symbol);
  return { label: symbol.name, kind: symbol.kind, detail: model.signatureOf(symbol), symbol, ...(documentation ? { documentation } : {}) };
}

function insideComment(document: WhetstoneDocument, offset: number): boolean {
  return document.comments.some((comment) => {
    const { startOffset, endOffset } = comment.span;
    if (offset <= startOffset) return false;
    // A line comment runs to the end of its line, where the cursor still is inside it.
    return comment.text.startsWith('//') ? offset <= endOffset : offset < endOffset || !comment.text.endsWith('*/');
  });
}

/** Whether the cursor is inside a string on its line (strings do not span lines). */
function insideString(lineBefore: string): boolean {
  let inside = false;
  for (let i = 0; i < lineBefore.length; i++) {
    const ch = lineBefore[i];
    if (inside && ch === '\\') i++;
    else if (ch === '"') inside = !inside;
    else if (!inside && ch === '/' && lineBefore[i + 1] === '/') return false;
  }
  return inside;
}
