// Python's `for x in d`, `x in c` and `a, b = v` read by the type of what they walk, search or
// unpack, once the whole program is imported (the checker needs it whole): a loop over a dict
// walks its keys, so its iterable becomes keys(d); `x in c` became includes(c, x) (and
// `xs.index(v)` indexOf(xs, v), `xs.count(v)` countItems(xs, v)), which finds an element by Whetstone's sameness (lists and records
// by identity, true is not 1) where Python's `in` uses ==; an unpacking reads elements 0, 1, …,
// where Python unpacks a dict's keys. Where the types say these could differ, that is an error at
// import. Where the types say nothing (a parameter without a hint), the import's run of the program
// decides: a run that ended met only lists and texts there, and no `in` it could not follow.
// A dict's or set's key that may be a bool is found the same way: Python takes True as the key 1
// (and False as 0), a Whetstone map keeps them apart; the run gives up at a bool key.
import { walk, type CallExpression, type Expression, type ForStatement, type IndexExpression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { pythonRun } from './python-floats';

/** What `in`, `xs.index(v)` and `s.find(t)` became. */
const SEARCHES = new Set(['includes', 'indexOf', 'countItems']);

/** Kinds `in` compares by == in Python and by identity or strict sameness in Whetstone. */
const COMPARED_OTHERWISE = new Set(['list', 'map', 'object', 'named', 'bool']);
/** Kinds that are a dict in Python. */
const DICTS = new Set(['map', 'object', 'named']);

/** The values the import reads by their elements 0, 1, … (`a, b = v`; the lists of `zip`), per import, with what read them. */
const unpackings = new WeakMap<AstBuilder, Map<string, string>>();
/** Of those, the ones that must be lists: a text is read by code points where Python walks it, by UTF-16 units where Whetstone indexes it. */
const listsOnlyIds = new WeakMap<AstBuilder, Set<string>>();

/** Records that `value` is read by its elements 0, 1, … where Python reads it by `how` ("this unpacking", "this zip(…)"); `listOnly`: where a text would be walked otherwise. */
export function markUnpacked(builder: AstBuilder, value: Expression, how: string, listOnly = false): void {
  const ids = unpackings.get(builder) ?? new Map<string, string>();
  ids.set(value.id, how);
  unpackings.set(builder, ids);
  if (!listOnly) return;
  const lists = listsOnlyIds.get(builder) ?? new Set<string>();
  lists.add(value.id);
  listsOnlyIds.set(builder, lists);
}

/** The walks (some, every, map, find) made of a generator expression, per import: their list is what its `for` walks. */
const generatorWalks = new WeakMap<AstBuilder, CallExpression[]>();

/** Records that the first argument of `call` is walked as a `for` loop walks its iterable (a dict by its keys). */
export function markGeneratorWalk(builder: AstBuilder, call: CallExpression): void {
  generatorWalks.set(builder, [...(generatorWalks.get(builder) ?? []), call]);
}

/** The walks made of generator expressions in this import. */
export function generatorWalksOf(builder: AstBuilder): readonly CallExpression[] {
  return generatorWalks.get(builder) ?? [];
}

/** The removeKey calls of `del d[k]` and `d.pop(k)`, per import: their first argument must be a dict. */
const dictChanges = new WeakMap<AstBuilder, Set<string>>();

/** Records that `call` (a removeKey) came from Python's `del d[k]` or `d.pop(k)`, which a list would take otherwise. */
export function markDictChange(builder: AstBuilder, call: CallExpression): void {
  dictChanges.set(builder, (dictChanges.get(builder) ?? new Set<string>()).add(call.id));
}

/** The reads `xs[-k]` became `xs[len(xs) - k]`, per import: a dict's key -k is not counted from the end. */
const fromEndReads = new WeakMap<AstBuilder, Set<string>>();

/** Records that `read` counts a negative literal index from the end, as Python does for a list or a text. */
export function markFromEnd(builder: AstBuilder, read: IndexExpression): void {
  fromEndReads.set(builder, (fromEndReads.get(builder) ?? new Set<string>()).add(read.id));
}

/** Rewrites loops over dicts to loops over their keys; errors for loops, `in` tests and unpackings that would read otherwise. */
export function readMembership(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const loops: ForStatement[] = [];
  const tests: CallExpression[] = [];
  const unpacked: Expression[] = [];
  const keyed: { at: Expression; container: Expression; key: Expression }[] = [];
  const unpackedIds = unpackings.get(builder) ?? new Map<string, string>();
  const changeIds = dictChanges.get(builder) ?? new Set<string>();
  const changes: CallExpression[] = [];
  const fromEndIds = fromEndReads.get(builder) ?? new Set<string>();
  const fromEnd: IndexExpression[] = [];
  walk(program, (node: Node) => {
    if (node.type === 'ForStatement') loops.push(node);
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && SEARCHES.has(node.callee.name) && builder.libraryCallees.has(node.callee.id)) tests.push(node);
    if (unpackedIds.has(node.id)) unpacked.push(node as Expression);
    if (changeIds.has(node.id)) changes.push(node as CallExpression);
    if (fromEndIds.has(node.id)) fromEnd.push(node as IndexExpression);
    if (node.type === 'IndexExpression') keyed.push({ at: node, container: (node as IndexExpression).object, key: (node as IndexExpression).index });
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && ['includes', 'removeKey'].includes(node.callee.name) && builder.libraryCallees.has(node.callee.id) && node.arguments.length === 2) {
      keyed.push({ at: node, container: node.arguments[0] as Expression, key: node.arguments[1] as Expression });
    }
  });
  const walks = generatorWalks.get(builder) ?? [];
  if (loops.length === 0 && tests.length === 0 && unpacked.length === 0 && walks.length === 0 && keyed.length === 0 && changes.length === 0 && fromEnd.length === 0) return [];
  const model = analyze(program);
  const kindOf = (expression: Expression | undefined): Type | undefined => {
    const type = expression ? model.typeOf(expression.id) : undefined;
    return type ? stripOptional(type) : undefined;
  };
  const unknown = (kind: string | undefined): boolean => kind === undefined || kind === 'any';
  const diagnostics: ProjectionDiagnostic[] = [];
  /** Sites the types say nothing of, with what to report there unless the run decides. */
  const undecided: { at: Expression; message: string; hint: string }[] = [];
  for (const loop of loops) {
    const kind = kindOf(loop.iterable)?.kind;
    if (kind === 'map' || kind === 'object') loop.iterable = builder.call('keys', [loop.iterable], loop.iterable.span);
    else if (unknown(kind)) {
      undecided.push({
        at: loop.iterable,
        message: "Not carried into Whetstone: this for loop walks a value whose type is not known at import: Python walks a dict's keys, where Whetstone's for walks only lists and texts",
        hint: 'Give the value a type hint (list[int], str, dict[str, int]), or walk d.keys() for a dict.',
      });
    }
  }
  for (const call of walks) {
    const iterable = call.arguments[0] as Expression;
    const kind = kindOf(iterable)?.kind;
    if (kind === 'map' || kind === 'object') call.arguments[0] = builder.call('keys', [iterable], iterable.span);
    else if (unknown(kind)) {
      undecided.push({
        at: iterable,
        message: "Not carried into Whetstone: this generator expression walks a value whose type is not known at import: Python walks a dict's keys, where Whetstone's walks take only lists",
        hint: 'Give the value a type hint (list[int], dict[str, int]), or walk d.keys() for a dict.',
      });
    }
  }
  for (const test of tests) {
    const [container, value] = test.arguments as Expression[];
    const containerType = kindOf(container);
    const containerKind = containerType?.kind;
    const mayBeList = containerKind === 'list' || unknown(containerKind);
    const elementKind = containerKind === 'list' ? stripOptional(containerType!.element as Type).kind : undefined;
    const valueKind = kindOf(value)?.kind;
    const searched = test.callee.type === 'Identifier' && test.callee.name === 'indexOf' ? '.index(…)' : test.callee.type === 'Identifier' && test.callee.name === 'countItems' ? '.count(…)' : '`in`';
    const compared = COMPARED_OTHERWISE.has(elementKind ?? '') || COMPARED_OTHERWISE.has(valueKind ?? '');
    if (containerKind === 'list' && compared) {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: this ${searched} looks for a list, dict or bool in a list; Python compares with == (equal lists, True == 1), Whetstone by identity`, test.id, test.span, {
          hint: 'Look for a number or a text, or write the comparison as a loop.',
        }),
      );
    } else if (mayBeList && (compared || (unknown(elementKind) && (unknown(valueKind) || (searched === '.count(…)' && valueKind === 'number'))))) {
      undecided.push({
        at: test,
        message: `Not carried into Whetstone: this ${searched} looks for a value in something whose types are not both known at import: if it is a list and they are lists, dicts or bools, Python compares with == (equal lists, True == 1), Whetstone by identity`,
        hint: 'Give the value or the list a type hint (int, str, list[int]), or write the comparison as a loop.',
      });
    }
  }
  for (const { at, container, key } of keyed) {
    const containerType = kindOf(container);
    if (containerType?.kind !== 'map') continue;
    const keyKind = stripOptional(containerType.key).kind;
    if (keyKind === 'string' || keyKind === 'number') continue;
    const valueKind = kindOf(key)?.kind;
    const message = 'Not carried into Whetstone: this dict or set key may be a bool: Python takes True as the key 1 and False as 0 (one entry), a Whetstone map keeps them apart';
    const hint = 'Give the dict or set a key type hint (dict[str, int], set[int]), or use numbers or texts as keys.';
    if (valueKind === 'bool' || keyKind === 'bool') diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', message, at.id, at.span, { hint }));
    else if (unknown(valueKind)) undecided.push({ at, message: message.replace('may be a bool', 'has no type known at import, so it may be a bool'), hint });
  }
  for (const read of fromEnd) {
    const kind = kindOf(read.object)?.kind;
    if (kind !== 'map' && kind !== 'object' && kind !== 'named') continue;
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', 'Not carried into Whetstone: a negative number as the key of a dict (Python reads the key itself; the import counts a negative index from the end, as for a list)', read.id, read.span, {
        hint: 'Name the key first (k = -1, then d[k]).',
      }),
    );
  }
  for (const change of changes) {
    const container = change.arguments[0] as Expression;
    const kind = kindOf(container)?.kind;
    if (kind === 'map') continue;
    // A dict written out with text keys is a record (fixed fields, a typed object in TypeScript) until hinted.
    const message = kind === 'object' || kind === 'named'
      ? 'Not carried into Whetstone: this del or pop(k) removes a key from a dict the import reads as a record of fixed fields (its literal), which TypeScript does not let lose a field'
      : "Not carried into Whetstone: this del or pop(k) removes a key from a value that may not be a dict (a list's del and pop take an index): Whetstone's removeKey takes a map";
    const hint = 'Give the dict a type hint (dict[str, int]); for a list, use xs.pop(i).';
    if (unknown(kind)) undecided.push({ at: change, message: message.replace('may not be a dict', 'has no type known at import'), hint });
    else diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', message, change.id, change.span, { hint }));
  }
  for (const value of unpacked) {
    const kind = kindOf(value)?.kind;
    const message = `Not carried into Whetstone: ${unpackedIds.get(value.id)} reads a value that may be a dict: Python reads a dict's keys, where Whetstone reads elements 0, 1, …`;
    const hint = 'Give the value a type hint (list[int], str), or read list(d.keys()) for the keys of a dict.';
    if (kind === 'string' && listsOnlyIds.get(builder)?.has(value.id)) {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${unpackedIds.get(value.id)} reads a text by its elements 0, 1, …: Python walks a text by characters (code points), Whetstone indexes it by UTF-16 units`, value.id, value.span, {
          hint: 'Zip lists: list(text) gives the characters.',
        }),
      );
    } else if (DICTS.has(kind ?? '')) diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', message, value.id, value.span, { hint }));
    else if (unknown(kind)) undecided.push({ at: value, message: message.replace('that may be a dict', 'whose type is not known at import'), hint });
  }
  if (undecided.length === 0) return diagnostics;
  // A run that ended met only lists and texts in those loops and unpackings, and could compare every value `in` looked for.
  const listsOnly = new Set(undecided.filter(({ at }) => at.type !== 'CallExpression' && at.type !== 'IndexExpression').map(({ at }) => at.id));
  const run = pythonRun(program, builder.libraryCallees, builder.source, listsOnly);
  if (run.shown !== undefined) return diagnostics;
  for (const { at, message, hint } of undecided) diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', message, at.id, at.span, { hint }));
  return diagnostics;
}
