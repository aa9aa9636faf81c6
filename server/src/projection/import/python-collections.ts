// Python's collections.deque, defaultdict and Counter, each carried where it is built into a name of its own
// and used only as Whetstone's list or map is.
//
// A deque is read as a Whetstone list: `deque()` and `deque(xs)` assigned to a
// name that only ever holds deques in its function, then `q.append(x)`, `q.appendleft(x)` (a
// splice at 0), `q.popleft()` (shift), `q.pop()`, `len(q)`, `list(q)`, `sorted(q)`, `x in q`,
// `for x in q`, `q[i]` and a test of `q` for truth, each the same on a list. Python shows a deque
// as `deque([…])`, compares it unequal to a list, refuses slicing it and raises when a loop walks
// one that changes; so any other use of such a name (print, str, ==, a slice, passing it on,
// rotate, extendleft, maxlen) is an error at import.
//
// A defaultdict of int, str, list or a lambda of a literal is read as a Whetstone map whose reads
// `d[k]` (and `d[k] += v`, `d[k].append(x)`) are first given the default where the key is
// missing, as Python's read inserts it: `if !includes(d, k) { d[k] = 0; }` just before the
// statement. `d.get(k)`, `k in d`, `len(d)`, `for k in d` and the views do not insert, in either.
// Python shows one as `defaultdict(<class 'int'>, {…})`, and a read of one passed on or returned
// inserts where a map's does not; so any other use of the name is an error at import, as is a
// read where the insertion cannot go just before its statement.
//
// A Counter is read as a map of counts: `Counter(xs)` counts the elements of a list or the
// characters of a text into it, a read `c[k]` is `includes(c, k) ? c[k] : 0` (no insertion, as
// Python's Counter), `c[k] += n` puts the sum in, and `c.most_common(n)` sorts the keys by count,
// highest first and ties in the order first counted (Python's sort is stable), as [key, count]
// pairs. Printing one, passing it on and its other methods are errors at import.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { walk, type CallExpression, type Node, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { field, namedChildren, type AstBuilder } from './ast-builder';

/** The names of collections this import carries when the file imports them as they are. */
const CARRIED = new Set(['deque', 'defaultdict', 'Counter']);

/** The deque methods carried, with the number of arguments each takes. */
const DEQUE_METHODS: Record<string, number> = { append: 1, appendleft: 1, popleft: 0, pop: 0 };
const CHANGES = new Set(Object.keys(DEQUE_METHODS));
/** Calls of one deque whose meaning is the same on a list. */
const DEQUE_READERS = new Set(['len', 'list', 'sorted']);

/**
 * The names `from collections import …` statements of the file bring in and this import carries:
 * every name of the statement carried and none renamed (as), and the file neither defines nor
 * assigns the name itself. Undefined when a statement names anything else (it is reported as an
 * import of a standard module).
 */
export function carriedCollections(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const statement of root.descendantsOfType('import_from_statement')) {
    if (!statement || field(statement, 'module_name')?.text !== 'collections') continue;
    const imported = namedChildren(statement).slice(1);
    if (imported.length === 0 || !imported.every((name) => name.type === 'dotted_name' && CARRIED.has(name.text))) continue;
    for (const name of imported) names.add(name.text);
  }
  for (const node of root.descendantsOfType(['function_definition', 'class_definition', 'assignment'])) {
    const defined = node && (node.type === 'assignment' ? field(node, 'left') : field(node, 'name'));
    if (defined?.type === 'identifier') names.delete(defined.text);
  }
  return names;
}

/** Whether every `from collections import …` of the statement is a name this import carries. */
export function importsOnlyCarried(statement: SyntaxNode, carried: ReadonlySet<string>): boolean {
  const imported = namedChildren(statement).slice(1);
  return imported.length > 0 && imported.every((name) => carried.has(name.text));
}

/** How a deque is built: `deque()` or `deque(xs)`; undefined for anything else (maxlen, keywords). */
export function dequeConstruction(node: SyntaxNode | null | undefined, carried: ReadonlySet<string>): 'empty' | 'from' | undefined {
  const callee = node?.type === 'call' ? field(node, 'function') : undefined;
  if (!node || callee?.type !== 'identifier' || callee.text !== 'deque' || !carried.has('deque')) return undefined;
  const args = namedChildren(field(node, 'arguments') ?? node);
  if (args.length === 0) return 'empty';
  return args.length === 1 && !['keyword_argument', 'list_splat', 'dictionary_splat', 'generator_expression'].includes(args[0].type) ? 'from' : undefined;
}

/**
 * Why the deque name `id` is not carried where it stands; undefined where the use means the same
 * on a list. `id` is an identifier of a name that holds only deques.
 */
export function dequeUseProblem(id: SyntaxNode): string | undefined {
  const parent = id.parent;
  const why = `the deque '${id.text}' used other than by append, appendleft, popleft, pop(), len, list, sorted, in, a for loop, an index or a test for truth: Python shows a deque as deque([…]), compares it unequal to a list and refuses a slice of it, which a Whetstone list does not keep`;
  if (!parent) return why;
  const is = (node: SyntaxNode | null | undefined): boolean => node?.id === id.id;
  switch (parent.type) {
    case 'attribute': {
      const call = parent.parent;
      const method = field(parent, 'attribute')?.text ?? '';
      const args = call?.type === 'call' ? namedChildren(field(call, 'arguments') ?? call) : [];
      if (!is(field(parent, 'object')) || call?.type !== 'call' || field(call, 'function')?.id !== parent.id || DEQUE_METHODS[method] !== args.length || args.some((arg) => ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(arg.type))) {
        return `${parent.text}${call?.type === 'call' ? '(…)' : ''} of the deque '${id.text}': a deque's append, appendleft, popleft and pop() are carried (as a list's); rotate, extendleft, maxlen and pop(i) are not`;
      }
      if (method === 'appendleft' && call.parent?.type !== 'expression_statement') return `${call.text.slice(0, 40)} used as a value (appendleft is carried as a statement)`;
      return undefined;
    }
    case 'argument_list': {
      const call = parent.parent;
      const callee = call && field(call, 'function');
      return callee?.type === 'identifier' && DEQUE_READERS.has(callee.text) && namedChildren(parent).length === 1 ? undefined : why;
    }
    case 'comparison_operator': {
      const [left, right] = namedChildren(parent);
      const operators = parent.children.filter((child) => child && !child.isNamed).map((child) => child!.type);
      return namedChildren(parent).length === 2 && is(right) && !is(left) && (operators.join(' ') === 'in' || operators.join(' ') === 'not in') ? undefined : why;
    }
    case 'for_statement':
    case 'for_in_clause': {
      if (!is(field(parent, 'right'))) return why;
      const body = parent.type === 'for_in_clause' ? parent.parent : field(parent, 'body');
      const changed = body?.descendantsOfType('attribute').some((attribute) => attribute !== null && field(attribute, 'object')?.text === id.text && CHANGES.has(field(attribute, 'attribute')?.text ?? ''));
      return changed ? `a for loop over the deque '${id.text}' that changes it: Python raises RuntimeError (deque mutated during iteration), a Whetstone loop walks on` : undefined;
    }
    case 'subscript':
      return is(field(parent, 'value')) && namedChildren(parent).slice(1).every((index) => index.type !== 'slice') ? undefined : why;
    case 'not_operator':
      return undefined;
    case 'while_statement':
    case 'if_statement':
    case 'elif_clause':
      return is(field(parent, 'condition')) ? undefined : why;
    default:
      return why;
  }
}

/** The value a defaultdict gives a missing key, and the Whetstone type of its values. */
export interface DefaultValue {
  /** A literal (0, "", a lambda's literal), or an empty list. */
  value: number | string | boolean | 'list';
  type: string;
}

const FACTORIES: Record<string, DefaultValue> = { int: { value: 0, type: 'number' }, str: { value: '', type: 'string' }, bool: { value: false, type: 'bool' }, list: { value: 'list', type: 'list<any>' } };

/**
 * What `defaultdict(f)` gives a missing key: int, str, bool or list (the file defines none of
 * them), or a lambda of no parameters returning a whole number, a text, a bool or `[]`;
 * undefined for anything else (float's 0.0 shows otherwise, set and dict are not carried).
 */
export function defaultConstruction(node: SyntaxNode | null | undefined, carried: ReadonlySet<string>): DefaultValue | undefined {
  const callee = node?.type === 'call' ? field(node, 'function') : undefined;
  if (!node || callee?.type !== 'identifier' || callee.text !== 'defaultdict' || !carried.has('defaultdict')) return undefined;
  const args = namedChildren(field(node, 'arguments') ?? node);
  if (args.length !== 1) return undefined;
  const [factory] = args;
  if (factory.type === 'identifier') return FACTORIES[factory.text];
  if (factory.type !== 'lambda' || field(factory, 'parameters')) return undefined;
  const body = field(factory, 'body');
  if (body?.type === 'integer' && /^\d+$/.test(body.text) && Number.isSafeInteger(Number(body.text))) return { value: Number(body.text), type: 'number' };
  if (body?.type === 'true' || body?.type === 'false') return { value: body.type === 'true', type: 'bool' };
  if (body?.type === 'list' && namedChildren(body).length === 0) return { value: 'list', type: 'list<any>' };
  // A text written plainly: no escapes, prefixes or fields to decode.
  return body?.type === 'string' && /^("[^"\\{}]*"|'[^'\\{}]*')$/.test(body.text) ? { value: body.text.slice(1, -1), type: 'string' } : undefined;
}

/** The methods of a defaultdict carried: reads that insert nothing, as a map's. */
const DEFAULTDICT_METHODS = new Set(['get', 'keys', 'values', 'items']);

/**
 * Why the defaultdict name `id` is not carried where it stands; undefined where the use means
 * the same on a map (a read `d[k]` is given its default first, by the caller).
 */
export function defaultdictUseProblem(id: SyntaxNode): string | undefined {
  const parent = id.parent;
  const why = `the defaultdict '${id.text}' used other than by d[k], d.get, keys, values, items, len, list, sorted, in, a for loop or a test for truth: Python shows one as defaultdict(<class …>, {…}), and a read of one passed on or returned inserts the default where a Whetstone map's does not`;
  if (!parent) return why;
  const is = (node: SyntaxNode | null | undefined): boolean => node?.id === id.id;
  switch (parent.type) {
    case 'subscript':
      return is(field(parent, 'value')) && namedChildren(parent).slice(1).every((index) => index.type !== 'slice') ? undefined : why;
    case 'attribute': {
      const call = parent.parent;
      const method = field(parent, 'attribute')?.text ?? '';
      if (is(field(parent, 'object')) && call?.type === 'call' && field(call, 'function')?.id === parent.id && DEFAULTDICT_METHODS.has(method)) return changedInLoop(id, call);
      return why;
    }
    case 'argument_list': {
      const call = parent.parent;
      const callee = call && field(call, 'function');
      return callee?.type === 'identifier' && DEQUE_READERS.has(callee.text) && namedChildren(parent).length === 1 && call ? changedInLoop(id, call) : why;
    }
    case 'comparison_operator': {
      const [left, right] = namedChildren(parent);
      const operators = parent.children.filter((child) => child && !child.isNamed).map((child) => child!.type);
      return namedChildren(parent).length === 2 && is(right) && !is(left) && (operators.join(' ') === 'in' || operators.join(' ') === 'not in') ? undefined : why;
    }
    case 'for_statement':
    case 'for_in_clause':
      return is(field(parent, 'right')) ? changedInLoop(id, id) : why;
    case 'not_operator':
      return undefined;
    case 'while_statement':
    case 'if_statement':
    case 'elif_clause':
      return is(field(parent, 'condition')) ? undefined : why;
    default:
      return why;
  }
}

/**
 * Where `walked` (the defaultdict `id`, or a call of it) is what a for loop walks: an error when
 * the loop's body reads the defaultdict at another key than the loop's first name, which may
 * insert it (Python raises RuntimeError when a dict changes size while it is walked).
 */
function changedInLoop(id: SyntaxNode, walked: SyntaxNode): string | undefined {
  const loop = walked.parent;
  if ((loop?.type !== 'for_statement' && loop?.type !== 'for_in_clause') || field(loop, 'right')?.id !== walked.id) return undefined;
  const left = field(loop, 'left');
  const name = left?.type === 'identifier' ? left.text : left && namedChildren(left)[0]?.text;
  // A comprehension's body and conditions run for each element, as a loop's body.
  const reads = (loop.type === 'for_in_clause' ? loop.parent : field(loop, 'body'))?.descendantsOfType('subscript') ?? [];
  const other = reads.find((read) => read !== null && field(read, 'value')?.text === id.text && field(read, 'subscript')?.text !== name);
  return other ? `a for loop over the defaultdict '${id.text}' whose body reads ${other.text}, which inserts a missing key: Python raises RuntimeError when a dict changes size while a loop walks it` : undefined;
}

/** How a Counter is built: `Counter()` or `Counter(xs)`; undefined for anything else. */
export function counterConstruction(node: SyntaxNode | null | undefined, carried: ReadonlySet<string>): 'empty' | 'from' | undefined {
  const callee = node?.type === 'call' ? field(node, 'function') : undefined;
  if (!node || callee?.type !== 'identifier' || callee.text !== 'Counter' || !carried.has('Counter')) return undefined;
  const args = namedChildren(field(node, 'arguments') ?? node);
  if (args.length === 0) return 'empty';
  return args.length === 1 && !['keyword_argument', 'list_splat', 'dictionary_splat', 'generator_expression', 'dictionary'].includes(args[0].type) ? 'from' : undefined;
}

const COUNTER_METHODS = new Set(['most_common', 'items', 'keys', 'values', 'get']);

/** Why the Counter name `id` is not carried where it stands; undefined where the use means the same on a map of counts. */
export function counterUseProblem(id: SyntaxNode): string | undefined {
  const parent = id.parent;
  const why = `the Counter '${id.text}' used other than by c[k], c[k] += n, most_common, items, keys, values, get, len, list, sorted, in, a for loop or a test for truth: Python shows one as Counter({…}) and reads a missing key as 0 where a Whetstone map passed on would not`;
  if (parent?.type === 'attribute') {
    const call = parent.parent;
    const method = field(parent, 'attribute')?.text ?? '';
    return field(parent, 'object')?.id === id.id && call?.type === 'call' && field(call, 'function')?.id === parent.id && COUNTER_METHODS.has(method) ? changedInLoop(id, call) : why;
  }
  // Elsewhere as a defaultdict's: a loop over one may not change it (a write at another key is an insertion).
  return defaultdictUseProblem(id) === undefined ? undefined : why;
}

const countedSources = new WeakMap<AstBuilder, Set<string>>();

/** Records that `walked` (charsOf(xs)) is what `Counter(xs)` counts. */
export function markCounted(builder: AstBuilder, walked: CallExpression): void {
  countedSources.set(builder, (countedSources.get(builder) ?? new Set<string>()).add(walked.id));
}

/** Errors for `Counter(d)` of a dict (python-text-lists.ts made it its keys): Python's Counter takes a dict's counts. */
export function reportCountedDicts(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const marked = countedSources.get(builder);
  const diagnostics: ProjectionDiagnostic[] = [];
  if (!marked) return diagnostics;
  walk(program, (node: Node) => {
    if (node.type !== 'CallExpression' || !marked.has(node.id) || node.callee.type !== 'Identifier' || node.callee.name !== 'keys') return;
    diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', "Not carried into Whetstone: Counter(…) of a dict: Python's Counter takes the dict's values as counts", node.id, node.span, { hint: 'Count a list or a text.' }));
  });
  return diagnostics;
}
