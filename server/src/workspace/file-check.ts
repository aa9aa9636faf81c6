// Checking a file that is not open: its diagnostics (syntax and semantic, with the modules it
// imports resolved as in the editor) and its exports, from one parse and one analysis, the
// document disposed at once. On a worker (summary-worker.ts) the answers for its imports are
// given with the file. What is kept is plain data: diagnostics with plain spans and no fixes (a
// quick fix needs the open buffer's node ids; opening the file publishes its own; the command
// line's check asks for them, as its --json prints them), and exports
// that can cross to and from a worker thread (structured clone keeps their maps; the primitive
// types are made the core's shared objects again on arrival, reviveExports).
import type { Diagnostic, Span } from '../core/ast';
import {
  analyze,
  ANY,
  BOOL,
  moduleExportsOf,
  NULL,
  NUMBER,
  STRING,
  VOID,
  type ExportedName,
  type LibraryContext,
  type ModuleExports,
  type ModuleResolution,
  type ModuleResolver,
  type SemanticModel,
  type Type,
} from '../core/semantics';
import { createHash } from 'node:crypto';
import { documentDiagnostics } from '../core/editing';
import { WhetstoneDocument } from '../core/syntax';
import { INDEXED_FILE_LIMITS } from './file-limits';
import type { KeptDocuments } from './kept-documents';
import { summarizeDocument, type FileSummary } from './file-summary';
import { summarizeReferences } from './reference-summary';
import { readFileWithin } from './regular-file';

/** A diagnostic of a file that is not open: the core's, with a plain span, and its fix only when asked for. */
export type FileDiagnostic = Omit<Diagnostic, 'span'> & { span: Span };

export interface FileCheck {
  diagnostics: FileDiagnostic[];
  exports: ModuleExports;
  /** The module paths its imports name. */
  imports: string[];
}

/** Analyses `text` with `resolver` and keeps only its diagnostics and exports. */
export function checkText(text: string, resolver: ModuleResolver | undefined, library: LibraryContext | undefined, fixes = false): FileCheck {
  const document = WhetstoneDocument.create(text);
  try {
    return checkOfAnalysed(document, analyze(document, { library, modules: resolver }), undefined, fixes);
  } finally {
    document.dispose();
  }
}

/** The check of a document already analysed with the resolver a check would use (a buffer that closes holding its file's text). */
export function checkOfAnalysed(document: WhetstoneDocument, model: SemanticModel, exports: ModuleExports = moduleExportsOf(model), fixes = false): FileCheck {
  // As an open buffer's: a file shows the same problems, open or not.
  return { diagnostics: documentDiagnostics(document, model, { fixes }).map((diagnostic) => plainDiagnostic(diagnostic, fixes)), exports, imports: importsOf(document) };
}

function importsOf(document: WhetstoneDocument): string[] {
  return document.ast.children.flatMap((child) => (child.type === 'ImportDeclaration' && child.module ? [child.module] : []));
}

function plainDiagnostic(diagnostic: Diagnostic, fixes: boolean): FileDiagnostic {
  const { span } = diagnostic;
  const plain: FileDiagnostic = {
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    nodeId: diagnostic.nodeId,
    line: diagnostic.line,
    column: diagnostic.column,
    span: {
      start: { line: span.start.line, column: span.start.column },
      end: { line: span.end.line, column: span.end.column },
      startOffset: span.startOffset,
      endOffset: span.endOffset,
    },
  };
  if (diagnostic.hint !== undefined) plain.hint = diagnostic.hint;
  if (fixes && diagnostic.fix) plain.fix = diagnostic.fix;
  return plain;
}

const PRIMITIVES: ReadonlyMap<string, Type> = new Map([NUMBER, STRING, BOOL, VOID, ANY, NULL].map((type) => [type.kind, type]));

/** Exports received from a worker: the same, with the primitive types the core's own objects again (the checker may compare them by identity). */
export function reviveExports(exports: ModuleExports): ModuleExports {
  const names = new Map<string, ExportedName>();
  for (const [name, exported] of exports.names) {
    names.set(name, {
      ...exported,
      type: reviveType(exported.type),
      ...(exported.fields ? { fields: new Map([...exported.fields].map(([field, type]) => [field, reviveType(type)])) } : {}),
    });
  }
  return { names, fingerprint: exports.fingerprint };
}

function reviveType(type: Type): Type {
  switch (type.kind) {
    case 'list':
      return { ...type, element: reviveType(type.element) };
    case 'map':
      return { ...type, key: reviveType(type.key), value: reviveType(type.value) };
    case 'optional':
      return { ...type, inner: reviveType(type.inner) };
    case 'function':
      return {
        ...type,
        params: type.params.map((param) => ({ ...param, type: reviveType(param.type) })),
        ...(type.rest ? { rest: { ...type.rest, type: reviveType(type.rest.type) } } : {}),
        returnType: reviveType(type.returnType),
      };
    case 'module':
      return { ...type, members: type.members ? new Map([...type.members].map(([name, member]) => [name, reviveType(member)])) : null };
    case 'object':
      return { ...type, fields: new Map([...type.fields].map(([name, field]) => [name, reviveType(field)])) };
    case 'named':
      return type;
    default:
      return PRIMITIVES.get(type.kind) ?? type;
  }
}

/**
 * A checked file, with the hash of the text checked (module-exports.ts compares it with the file's
 * later readings). `exportsAsKnown` instead of its exports: they are those the request said it
 * holds (FileCheckRequest.knownExports), so they need not cross back.
 */
export type CheckedFile =
  | ({ path: string; hash: string } & (FileCheck | (Omit<FileCheck, 'exports'> & { exportsAsKnown: true })))
  | { path: string; problem: string; missing: boolean };

/** The exports of a checked file: those the asker holds when the answer says they are the same, otherwise the answer's own, revived. */
export function exportsOfAnswer(answer: Exclude<CheckedFile, { problem: string }>, known: ModuleExports | undefined): ModuleExports {
  if ('exports' in answer) return reviveExports(answer.exports);
  if (!known) throw new Error(`the check of ${answer.path} answered exports it was not given`);
  return known;
}

/**
 * Names a file's exports as computed from one text: equal for the same text (so the same node ids)
 * and exports an importer cannot tell apart. A check request carries the one of the exports its
 * asker holds, so a check that finds the same answers without them (most files a change reaches).
 */
export function exportsDigest(hash: string, exports: ModuleExports): string {
  const known = digests.get(exports);
  if (known?.hash === hash) return known.digest;
  const digest = createHash('sha256').update(hash).update('\u0000').update(exports.fingerprint).digest('base64');
  digests.set(exports, { hash, digest });
  return digest;
}
const digests = new WeakMap<ModuleExports, { hash: string; digest: string }>();

/** Reads a file with the index's limits, its byte-order mark dropped (not part of the text, as in editors). */
export function readIndexedFile(path: string, followLinks: boolean): { text: string } | { problem: string; missing: boolean } {
  const read = readFileWithin(path, { ...INDEXED_FILE_LIMITS, followLinks });
  if ('problem' in read) return read;
  return { text: read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text };
}

/** The hash module-exports.ts keeps of a file's text. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/** What a worker is asked to check: a file, and what each module path it imports resolves to. */
export interface FileCheckRequest {
  path: string;
  followLinks: boolean;
  /** Every module path the file imports, with its answer; one not listed is no file. */
  resolutions: readonly [string, ModuleResolution][];
  library?: LibraryContext;
  /** For indexAndCheckFile: its summary only (its imports' exports are not known yet). */
  summaryOnly?: boolean;
  /** For checkFile: the exportsDigest of the exports the asker holds for this file; equal ones are not sent back. */
  knownExports?: string;
  /** Whether each diagnostic keeps its fix (the command line prints them). */
  fixes?: boolean;
}

/** Reads and checks one file against the answers given (in whichever thread calls it); with `kept`, from the document kept for its text. */
export function checkFile(request: FileCheckRequest, kept?: KeptDocuments): CheckedFile {
  const read = readIndexedFile(request.path, request.followLinks);
  if ('problem' in read) return { path: request.path, ...read };
  const answers = new Map(request.resolutions);
  const resolver: ModuleResolver = { resolve: (modulePath) => answers.get(modulePath) ?? UNRESOLVED };
  const hash = textHash(read.text);
  let check: FileCheck;
  if (!kept) check = checkText(read.text, resolver, request.library, request.fixes);
  else {
    const { document, model } = kept.analysed(request.path, read.text, (document, previous) => analyze(document, { library: request.library, modules: resolver, ...(previous ? { previous } : {}) }));
    check = checkOfAnalysed(document, model, undefined, request.fixes);
  }
  if (request.knownExports !== undefined && exportsDigest(hash, check.exports) === request.knownExports) {
    return { path: request.path, hash, diagnostics: check.diagnostics, imports: check.imports, exportsAsKnown: true };
  }
  return { path: request.path, hash, ...check };
}

/** No file: the module's names are any (what a module of the importer's own cycle is, seen from it). */
export const UNRESOLVED: ModuleResolution = { tried: [] };

/** A file read once by the build: its summary, and its check when an answer was given for every module it imports. */
export type IndexedFileCheck = { path: string; problem: string; missing: boolean } | { path: string; hash: string; summary: FileSummary; check?: FileCheck };

/**
 * Reads and parses one file once for both the index and its check: its summary (with its
 * reference summary), and, when every module it imports has an answer in the request, its
 * diagnostics and exports from the same document, which is then disposed. A file importing a
 * module the request did not answer gets its summary only (its check comes later, with answers).
 */
export function indexAndCheckFile(request: FileCheckRequest): IndexedFileCheck {
  const read = readIndexedFile(request.path, request.followLinks);
  if ('problem' in read) return { path: request.path, ...read };
  const document = WhetstoneDocument.create(read.text);
  try {
    const summary = summarizeDocument(document);
    const hash = textHash(read.text);
    const answers = new Map(request.resolutions);
    if (request.summaryOnly || !importsOf(document).every((modulePath) => answers.has(modulePath))) {
      // Scope rules only: what the imported modules declare does not change which tokens denote them.
      summary.references = summarizeReferences(document, analyze(document, { scopesOnly: true }), summary.declarations);
      return { path: request.path, hash, summary };
    }
    const model = analyze(document, { library: request.library, modules: { resolve: (modulePath) => answers.get(modulePath) ?? UNRESOLVED } });
    summary.references = summarizeReferences(document, model, summary.declarations);
    return { path: request.path, hash, summary, check: checkOfAnalysed(document, model, undefined, request.fixes) };
  } finally {
    document.dispose();
  }
}
