// Python's `def f(a, *args):` as a Whetstone function with a list parameter. Whetstone functions
// take a fixed number of arguments, so `*args` is carried only where every call can gather its
// extra arguments into a list where it is written: a function defined once at the top level of the
// file, whose name is only ever the callee of a call (never passed as a value, never reused), with
// plain parameters before `*args` and none after it. Inside, Python's `args` is a tuple and
// Whetstone's a list: they read alike by len, an index, a loop, `in` and sorted, and show
// differently (the display check refuses showing it, as it does any list in a file with tuples),
// so any other use of `args` keeps the parameter reported.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** A function whose `*args` is carried: how many parameters come before it. */
export interface Variadic {
  fixed: number;
  declaration: SyntaxNode;
}

export interface VariadicFunctions {
  /** By function name: the functions whose `*args` is a list parameter. */
  carried: Map<string, Variadic>;
  /** By the id of a `*args` parameter's node: why it is not carried. */
  refused: Map<number, string>;
}

/** Calls that only read the tuple they are given, as they read a list. */
const READING_CALLS = new Set(['len', 'sorted', 'print', 'str']);

/** The `*args` parameters of the file: which are carried, and why the others are not. */
export function variadicFunctions(root: SyntaxNode): VariadicFunctions {
  const carried = new Map<string, Variadic & { nameNode: SyntaxNode }>();
  const refused = new Map<number, string>();
  const topLevel = new Set(namedChildren(root).filter((node) => node.type === 'function_definition').map((node) => node.id));
  const defined = new Map<string, number>();
  for (const fn of root.descendantsOfType('function_definition')) {
    const name = fn && field(fn, 'name')?.text;
    if (name) defined.set(name, (defined.get(name) ?? 0) + 1);
  }
  for (const fn of root.descendantsOfType(['function_definition', 'lambda'])) {
    if (!fn) continue;
    const parameters = namedChildren(field(fn, 'parameters') ?? fn);
    const at = parameters.findIndex((param) => splatName(param) !== undefined);
    if (at < 0 || !field(fn, 'parameters')) continue;
    const splat = parameters[at];
    const nameNode = field(fn, 'name');
    const why = ((): string | undefined => {
      if (fn.type === 'lambda') return 'of a lambda';
      if (!topLevel.has(fn.id) || !nameNode || defined.get(nameNode.text) !== 1) return 'of a function that is not defined once at the top level of the file (nested, decorated or defined again)';
      if (parameters.some((param) => param.type === 'dictionary_splat_pattern')) return 'of a function that also takes **kwargs';
      if (at !== parameters.length - 1) return 'followed by keyword-only parameters';
      const before = parameters.slice(0, at);
      if (before.some((param) => param.type === 'default_parameter' || param.type === 'typed_default_parameter')) return 'after a parameter with a default value';
      if (before.some((param) => param.type !== 'identifier' && param.type !== 'typed_parameter')) return 'after a parameter that is not a plain name (/, a pattern)';
      const use = otherUse(fn, splatName(splat)!);
      if (use) return `whose tuple is used other than by len, an index, a for loop, in, sorted, print or str (${use})`;
      return undefined;
    })();
    if (why) refused.set(splat.id, why);
    else carried.set(nameNode!.text, { fixed: at, declaration: fn, nameNode: nameNode! });
  }
  if (carried.size > 0) {
    // Every other occurrence of a carried function's name must be a call's callee.
    const pending: SyntaxNode[] = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      const entry = node.type === 'identifier' ? carried.get(node.text) : undefined;
      if (entry && node.id !== entry.nameNode.id && !(node.parent?.type === 'call' && field(node.parent, 'function')?.id === node.id)) {
        carried.delete(node.text);
        refused.set(splatParameter(entry.declaration)!.id, 'of a function used other than called by its name (passed as a value, or its name used for something else)');
      }
      for (const child of node.children) if (child) pending.push(child);
    }
  }
  return { carried: new Map([...carried].map(([name, { fixed, declaration }]) => [name, { fixed, declaration }])), refused };
}

/** The name of a `*args` parameter (typed or not), or undefined for any other parameter. */
export function splatName(param: SyntaxNode): string | undefined {
  const splat = param.type === 'typed_parameter' ? namedChildren(param)[0] : param;
  if (splat?.type !== 'list_splat_pattern') return undefined;
  return namedChildren(splat)[0]?.text;
}

function splatParameter(fn: SyntaxNode): SyntaxNode | undefined {
  return namedChildren(field(fn, 'parameters') ?? fn).find((param) => splatName(param) !== undefined);
}

/** The first use of `name` in the body of `fn` that does not read it as a list would be read (its text), if any. */
function otherUse(fn: SyntaxNode, name: string): string | undefined {
  const body = field(fn, 'body');
  for (const identifier of body?.descendantsOfType('identifier') ?? []) {
    if (!identifier || identifier.text !== name || readsAsList(identifier)) continue;
    const shown = identifier.parent ?? identifier;
    return shown.text.length > 40 ? `${shown.text.slice(0, 40)}…` : shown.text;
  }
  return undefined;
}

function readsAsList(identifier: SyntaxNode): boolean {
  const parent = identifier.parent;
  if (!parent) return false;
  const is = (of: SyntaxNode, fieldName: string): boolean => field(of, fieldName)?.id === identifier.id;
  switch (parent.type) {
    case 'subscript':
      // args[i], not a slice (a tuple again) nor a target (a tuple cannot be assigned to).
      return is(parent, 'value') && field(parent, 'subscript')?.type !== 'slice' && !isAssigned(parent);
    case 'for_statement':
    case 'for_in_clause':
      return is(parent, 'right');
    case 'comparison_operator': {
      // x in args, x not in args
      const operators = parent.children.filter((child) => child && !child.isNamed).map((child) => child!.type);
      const operands = namedChildren(parent);
      return operands.length === 2 && operands[1].id === identifier.id && operators.join(' ').replace('not in', 'in') === 'in';
    }
    case 'interpolation':
      // f"{args}": str(args), which the display check judges.
      return true;
    case 'argument_list': {
      const call = parent.parent;
      const callee = call?.type === 'call' ? field(call, 'function') : undefined;
      return callee?.type === 'identifier' && READING_CALLS.has(callee.text) && (callee.text === 'print' || namedChildren(parent)[0]?.id === identifier.id);
    }
    default:
      return false;
  }
}

function isAssigned(target: SyntaxNode): boolean {
  const parent = target.parent;
  return (parent?.type === 'assignment' || parent?.type === 'augmented_assignment') && field(parent, 'left')?.id === target.id;
}
