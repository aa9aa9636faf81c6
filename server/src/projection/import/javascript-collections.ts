// JavaScript's Map and Set, and objects written as maps, read as Whetstone maps. A name the file
// binds only to `new Map(…)` or `new Set(…)` (and never assigns again) is a `map<any, V>`: a Set
// is a map of its elements to true. Whetstone compares keys as a Map does (SameValueZero: NaN is
// one key, -0 is 0, the text "1" is not the number 1) and keeps their insertion order, and the
// generated JavaScript holds such a map in a Map (generate/map-keys.ts). The file's other uses of
// the name are errors at import: passed, printed or compared, a Map is not what Whetstone's map is.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

export type CollectionKind = 'Map' | 'Set';

/** `new Map(…)` or `new Set(…)` of JavaScript's own Map and Set (the file declares no such name). */
export function newCollection(node: SyntaxNode | null | undefined, declaresName: (name: string) => boolean): CollectionKind | undefined {
  if (node?.type !== 'new_expression') return undefined;
  const constructor = field(node, 'constructor');
  if (constructor?.type !== 'identifier' || (constructor.text !== 'Map' && constructor.text !== 'Set') || declaresName(constructor.text)) return undefined;
  return constructor.text;
}

/** The nodes that open a scope of names: functions and the file (a block's names count as its function's). */
const SCOPES = new Set(['program', 'function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function', 'function']);

/** The scope `id` is declared in: a function's own name belongs to the scope around it. */
function declaringScope(id: SyntaxNode): SyntaxNode | undefined {
  let current = id.parent;
  if (current && (current.type === 'function_declaration' || current.type === 'generator_function_declaration') && field(current, 'name')?.id === id.id) current = current.parent;
  while (current && !SCOPES.has(current.type)) current = current.parent;
  return current ?? undefined;
}

/**
 * Which names are a Map or a Set (or an object literal) where they are used. A name is one in a function (or the file)
 * when every declaration of it there is `const|let name = new Map(…)` (or all `new Set(…)`) and
 * nothing assigns it afterwards (`m = other` would make it another value); a use is resolved to
 * the nearest function around it that declares the name (block scopes count as their function's,
 * so a name declared twice there, as a Map and as anything else, is neither).
 */
export class Collections {
  private readonly declared = new Map<number, Map<string, CollectionKind | 'object' | null>>();
  /** The names some scope binds to a Map, a Set or an object literal: only these are looked up. */
  private readonly candidates = new Set<string>();

  constructor(root: SyntaxNode, declares: (id: SyntaxNode) => boolean, declaresName: (name: string) => boolean) {
    for (const id of root.descendantsOfType('identifier')) {
      if (!id || !declares(id)) continue;
      const scope = declaringScope(id);
      if (!scope) continue;
      const parent = id.parent;
      const value = parent?.type === 'variable_declarator' && field(parent, 'name')?.id === id.id ? field(parent, 'value') : undefined;
      const kind = value?.type === 'object' ? 'object' : newCollection(value, declaresName);
      let names = this.declared.get(scope.id);
      if (!names) this.declared.set(scope.id, (names = new Map()));
      const known = names.get(id.text);
      names.set(id.text, kind && (known === undefined || known === kind) ? kind : null);
      if (kind) this.candidates.add(id.text);
    }
    for (const found of root.descendantsOfType(['assignment_expression', 'augmented_assignment_expression', 'update_expression'])) {
      const target = found && (found.type === 'update_expression' ? field(found, 'argument') : field(found, 'left'));
      const scope = target?.type === 'identifier' && this.candidates.has(target.text) ? this.scopeOf(target) : undefined;
      if (target && scope) this.declared.get(scope.id)?.set(target.text, null);
    }
  }

  /** The Map or Set the identifier `id` names, if it names one. */
  kindOf(id: SyntaxNode | null | undefined): CollectionKind | undefined {
    const kind = this.boundTo(id);
    return kind === 'object' ? undefined : kind;
  }

  /** Whether the identifier `id` names a value only ever an object literal. */
  isObject(id: SyntaxNode | null | undefined): boolean {
    return this.boundTo(id) === 'object';
  }

  private boundTo(id: SyntaxNode | null | undefined): CollectionKind | 'object' | undefined {
    if (id?.type !== 'identifier' || !this.candidates.has(id.text)) return undefined;
    const scope = this.scopeOf(id);
    return (scope && this.declared.get(scope.id)?.get(id.text)) ?? undefined;
  }

  /** The nearest scope around `id` that declares its name. */
  private scopeOf(id: SyntaxNode): SyntaxNode | undefined {
    for (let current: SyntaxNode | null = id; current; current = current.parent) {
      if (SCOPES.has(current.type) && this.declared.get(current.id)?.has(id.text)) return current;
    }
    return undefined;
  }
}

/** The methods that change a Map or Set: a loop over one that calls them on it sees what it adds in JavaScript. */
const CHANGING = new Set(['set', 'add', 'delete', 'clear']);

/** Whether `body` calls a method that changes the collection `name` (m.set, s.add, .delete, .clear). */
export function changesCollection(body: SyntaxNode, name: string): boolean {
  return body.descendantsOfType('call_expression').some((call) => {
    const callee = call && field(call, 'function');
    return callee?.type === 'member_expression' && field(callee, 'object')?.text === name && CHANGING.has(field(callee, 'property')?.text ?? '');
  });
}

/**
 * The pairs of `new Map([[k, v], …])` written out as a list of two-element lists, or undefined
 * for any other argument (a list built elsewhere may hold other than pairs).
 */
export function literalPairs(argument: SyntaxNode): [SyntaxNode, SyntaxNode][] | undefined {
  if (argument.type !== 'array') return undefined;
  const pairs: [SyntaxNode, SyntaxNode][] = [];
  for (const element of namedChildren(argument)) {
    const parts = element.type === 'array' ? namedChildren(element) : [];
    if (parts.length !== 2 || parts.some((part) => part.type === 'spread_element') || element.children.filter((child) => child?.type === ',').length !== 1) return undefined;
    pairs.push([parts[0], parts[1]]);
  }
  return argument.children.filter((child) => child?.type === ',').length === Math.max(0, pairs.length - 1) ? pairs : undefined;
}

/** What a use of a Map or Set other than through its methods loses, for the error at import. */
export function collectionUseMessage(kind: CollectionKind, name: string): string {
  return `the ${kind} '${name}' used other than through its methods (${kind === 'Map' ? 'get, set, has, delete, size, keys, values, entries' : 'add, has, delete, size'}, a for…of loop or a spread): Whetstone holds it as a map, which is passed, printed and compared otherwise than a ${kind}`;
}
