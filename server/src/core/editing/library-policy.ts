// What a change to the AST means for the library context (docs/AGENT-ENDPOINT.md "Library
// context"): which calls and imports it introduces, which of those the policy blocks, which call
// library functions without importing them (and the `use` imports that would fix that), and which
// call names that are neither defined nor in the library. Pure: the agent endpoint only turns this
// into errors, warnings and extra mutations.
//
// "Introduced" is judged structurally: the mutation engine is copy-on-write, so a node object that
// is also in the original tree is unchanged with everything below it. A call is introduced when
// its node is new, or when its callee now names something else than before; a call that only got
// new arguments is not (its target was there already).
import { childNodes, type CallExpression, type Expression, type ImportDeclaration, type Node, type Program } from '../ast/ast';
import type { Mutation } from '../ast/mutation';
import { BUILTINS } from '../semantics/builtins';
import type { LibraryIndex } from '../semantics/library';
import type { SemanticModel } from '../semantics/model';
import { closestName } from '../semantics/suggest';

/** Where the function a call names comes from. */
export type CallOrigin =
  /** A function, variable or parameter of the buffer. */
  | 'declared'
  | 'builtin'
  /** A name a `use` import binds (the library may or may not define it). */
  | 'imported'
  /** Not defined in the buffer, but a library function of that name exists: it needs an import. */
  | 'library'
  /** Neither defined in the buffer nor in the library. */
  | 'unknown';

export interface CallFact {
  callId: string;
  /** The callee as written: `round`, `http.fetchRaw`. */
  callee: string;
  /** The function's own name (`fetchRaw`). */
  name: string;
  /** The library module it comes from, when known. */
  module: string | null;
  origin: CallOrigin;
}

export interface BlockedUse {
  /** The CallExpression, or the ImportDeclaration that imports what the policy blocks. */
  nodeId: string;
  callee: string;
  module: string | null;
  reason: string;
}

export interface MissingImport {
  module: string;
  name: string;
}

export interface PolicyReview {
  calls: CallFact[];
  blocked: BlockedUse[];
  /** Names called that are neither defined nor in the library, once each, in source order. */
  unknownFunctions: string[];
  /** A close spelling for unknown names, where there is one. */
  didYouMean: Record<string, string>;
  /** Library functions called without an import, once each. */
  missingImports: MissingImport[];
  /** Names several library modules define: which import is meant is not guessed. */
  ambiguous: { name: string; modules: string[] }[];
}

/** How the unchanged parts of the tree are looked up: the buffer's document before the change. */
export type OriginalLookup = (id: string) => Node | undefined;

/** The callee as a dotted path of names (`a`, `a.b`), or null for any other callee expression. */
export function calleePath(callee: Expression): string[] | null {
  if (callee.type === 'Identifier') return [callee.name];
  if (callee.type === 'MemberExpression') {
    const base = calleePath(callee.object);
    return base ? [...base, callee.property] : null;
  }
  return null;
}

/** The new and changed nodes of `mutated` (those not shared with the original tree), parents first. */
export function changedNodes(original: OriginalLookup, mutated: Program): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (original(node.id) === node) return;
    out.push(node);
    for (const child of childNodes(node)) visit(child);
  };
  visit(mutated);
  return out;
}

/** The calls the change introduces and the imports it adds or changes. */
export function introducedUses(original: OriginalLookup, mutated: Program): { calls: CallExpression[]; imports: ImportDeclaration[] } {
  const calls: CallExpression[] = [];
  const imports: ImportDeclaration[] = [];
  for (const node of changedNodes(original, mutated)) {
    if (node.type === 'ImportDeclaration') imports.push(node);
    if (node.type !== 'CallExpression') continue;
    const path = calleePath(node.callee);
    if (!path) continue;
    const before = original(node.id);
    const beforePath = before?.type === 'CallExpression' ? calleePath(before.callee) : null;
    if (!beforePath || beforePath.join('.') !== path.join('.')) calls.push(node);
  }
  return { calls, imports };
}

/** Where the function `call` names comes from, as the analysis of the changed tree resolves it. */
export function classifyCall(call: CallExpression, model: SemanticModel, library: LibraryIndex | undefined): CallFact | undefined {
  const path = calleePath(call.callee);
  if (!path) return undefined;
  const callee = path.join('.');
  if (path.length === 1) {
    const name = path[0];
    const symbol = model.symbolOf(call.callee.id);
    if (symbol?.kind === 'builtin') return { callId: call.id, callee, name, module: null, origin: 'builtin' };
    if (symbol?.kind === 'import') {
      const module = symbol.library?.module ?? symbol.module ?? null;
      return { callId: call.id, callee, name, module, origin: 'imported' };
    }
    if (symbol) return { callId: call.id, callee, name, module: null, origin: 'declared' };
    if (BUILTINS.has(name)) return { callId: call.id, callee, name, module: null, origin: 'builtin' };
    const entries = library?.findByName(name) ?? [];
    if (entries.length > 0) return { callId: call.id, callee, name, module: entries.length === 1 ? entries[0].module : null, origin: 'library' };
    return { callId: call.id, callee, name, module: null, origin: 'unknown' };
  }
  // `http.fetchRaw(…)`: a member of a whole-module import (`use http;`); other member calls are
  // calls of values, not of named functions.
  const head = model.symbolOf(firstIdentifier(call.callee)?.id ?? '');
  if (path.length === 2 && head?.kind === 'import' && head.importIndex === undefined && head.module) {
    return { callId: call.id, callee, name: path[1], module: head.module, origin: 'imported' };
  }
  return undefined;
}

function firstIdentifier(expression: Expression): Expression | undefined {
  let current: Expression = expression;
  while (current.type === 'MemberExpression') current = current.object;
  return current.type === 'Identifier' ? current : undefined;
}

/**
 * Reviews the calls and imports a change introduces. `model` analyses the changed tree and is
 * only asked for when the change introduces a call (most edits do not, and analysis is the cost).
 */
export function reviewChange(original: OriginalLookup, mutated: Program, model: () => SemanticModel, library: LibraryIndex | undefined): PolicyReview {
  const review: PolicyReview = { calls: [], blocked: [], unknownFunctions: [], didYouMean: {}, missingImports: [], ambiguous: [] };
  const uses = introducedUses(original, mutated);
  if (uses.calls.length > 0) {
    const analysed = model();
    for (const call of uses.calls) {
      const fact = classifyCall(call, analysed, library);
      if (fact) review.calls.push(fact);
    }
  }
  for (const fact of review.calls) {
    const blockedBy = library ? blockReason(library, fact) : undefined;
    if (blockedBy) review.blocked.push({ nodeId: fact.callId, callee: fact.callee, module: fact.module, reason: blockedBy });
    if (fact.origin === 'unknown' && !review.unknownFunctions.includes(fact.name)) {
      review.unknownFunctions.push(fact.name);
      const suggestion = closestName(fact.name, knownNames(mutated, library));
      if (suggestion) review.didYouMean[fact.name] = suggestion;
    }
    if (fact.origin === 'library') {
      const entries = library?.findByName(fact.name) ?? [];
      if (fact.module && !review.missingImports.some((m) => m.module === fact.module && m.name === fact.name)) {
        review.missingImports.push({ module: fact.module, name: fact.name });
      } else if (!fact.module && !review.ambiguous.some((a) => a.name === fact.name)) {
        review.ambiguous.push({ name: fact.name, modules: entries.map((entry) => entry.module) });
      }
    }
  }
  if (library) {
    for (const decl of uses.imports) {
      const before = original(decl.id);
      const hadModule = before?.type === 'ImportDeclaration' && before.module === decl.module;
      if (library.isBlocked(decl.module) && !hadModule) {
        review.blocked.push({ nodeId: decl.id, callee: decl.module, module: decl.module, reason: `the library policy blocks the module '${decl.module}'` });
        continue;
      }
      for (const name of decl.names) {
        const already = hadModule && before.names.includes(name);
        if (!already && library.isBlocked(decl.module, name)) {
          review.blocked.push({ nodeId: decl.id, callee: `${decl.module}.${name}`, module: decl.module, reason: `the library policy blocks '${decl.module}.${name}'` });
        }
      }
    }
  }
  return review;
}

/** Why the policy blocks a call, or undefined. A function of the buffer's own is never blocked. */
function blockReason(library: LibraryIndex, fact: CallFact): string | undefined {
  if (fact.origin === 'declared') return undefined;
  if (fact.module) {
    if (library.isBlocked(fact.module)) return `the library policy blocks the module '${fact.module}'`;
    if (library.isBlocked(fact.module, fact.name)) return `the library policy blocks '${fact.module}.${fact.name}'`;
  }
  if (fact.origin === 'library' && !fact.module) {
    const modules = library.findByName(fact.name).map((entry) => entry.module);
    if (modules.length > 0 && modules.every((module) => library.isBlocked(module, fact.name))) {
      return `the library policy blocks '${fact.name}' in every module that defines it (${modules.join(', ')})`;
    }
  }
  // A bare entry in blockedFunctions (`eval`) blocks the name wherever it would come from.
  if (library.isBlocked('', fact.name)) return `the library policy blocks '${fact.name}'`;
  return undefined;
}

function knownNames(program: Program, library: LibraryIndex | undefined): string[] {
  const names: string[] = [];
  for (const child of program.children) if (child.type === 'FunctionDeclaration') names.push(child.name);
  names.push(...BUILTINS.keys());
  for (const module of library?.moduleNames() ?? []) names.push(...(library?.functionsOf(module)?.keys() ?? []));
  return names;
}

/**
 * The mutations that import `missing` into `program` (the tree the batch leaves, so they can be
 * appended to it): a name joins an existing `use module.{…}` of its module, otherwise a new
 * import goes after the last import (or first in the file).
 */
export function importMutations(program: Program, missing: readonly MissingImport[]): Mutation[] {
  const mutations: Mutation[] = [];
  const byModule = new Map<string, string[]>();
  for (const { module, name } of missing) byModule.set(module, [...(byModule.get(module) ?? []), name]);
  let insertAt = 0;
  program.children.forEach((child, index) => {
    if (child.type === 'ImportDeclaration') insertAt = index + 1;
  });
  for (const [module, names] of byModule) {
    const existing = program.children.find((child): child is ImportDeclaration => child.type === 'ImportDeclaration' && child.module === module && child.names.length > 0);
    if (existing) {
      mutations.push({ type: 'setProperty', nodeId: existing.id, property: 'names', value: [...existing.names, ...names.filter((n) => !existing.names.includes(n))] });
    } else {
      mutations.push({ type: 'insertNode', parentId: program.id, role: 'children', index: insertAt++, node: { type: 'ImportDeclaration', module, names } });
    }
  }
  return mutations;
}

/** The sentence `libraryWarning` carries about names that are neither defined nor in the library, or null. */
export function describeUnknownFunctions(review: PolicyReview, hasLibrary: boolean): string | null {
  const parts: string[] = [];
  if (review.unknownFunctions.length > 0) {
    const names = review.unknownFunctions.map((name) => {
      const suggestion = review.didYouMean[name];
      return suggestion ? `'${name}' (did you mean '${suggestion}'?)` : `'${name}'`;
    });
    parts.push(
      `${names.join(', ')} ${review.unknownFunctions.length === 1 ? 'is' : 'are'} neither defined in this buffer${hasLibrary ? ' nor in the library' : ' nor a built-in (no library is configured)'}`,
    );
  }
  for (const { name, modules } of review.ambiguous) parts.push(`'${name}' is defined by several library modules (${modules.join(', ')}): import the one you mean`);
  return parts.length > 0 ? `${parts.join('; ')}.` : null;
}
