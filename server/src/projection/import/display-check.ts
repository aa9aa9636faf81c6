// How the source shows a value, against how Whetstone's print and str show it. The importers map
// console.log and print to print, and String(x), x.toString(), `+` with a string, template
// literals, str(x) and f-strings to str. Whetstone shows numbers, strings and, for JavaScript,
// booleans as the source does; other values it shows its own way ([1, 2], ["a"], true, {a: 1}),
// which is not Node's ([ 1, 2 ], 1,2 from String) nor Python's (True, ['a'], {'a': 1}). A Python
// bool is shown through `b ? "True" : "False"`, and None and lists and dicts of texts, numbers,
// bools and None through pystr; a value JavaScript's console.log shows that is not plainly a
// number or a text (a list, an object, a value of unknown type) through jsstr, which shows it as
// Node does. These show the same everywhere; where else the checker's type of a shown value says
// it would show differently, that is an error at import instead of a program that prints
// something else. So is a Python value that may be a float (python-floats.ts): Whetstone's
// numbers have no int/float distinction, and show 2 where Python shows 2.0.
import { indexTree, walk, type AstIndex, type CallExpression, type ConditionalExpression, type Expression, type Identifier, type Program } from '../../core/ast';
import { analyze, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { NumberFacts } from '../generate/number-facts';
import type { AstBuilder } from './ast-builder';
import { OTHER, PERCENT, type JavaScriptValues } from './javascript-values';
import { pythonFloatsAtAll, pythonFloatsShown, pythonShownByPystr } from './python-floats';
import { walkParameterType } from './walk-parameters';

type Source = 'javascript' | 'typescript' | 'python';

/** Why `type`, shown by the source's `shown` (print or str), shows differently in Whetstone; undefined when it shows the same. */
function differs(type: Type | undefined, source: Source, shown: 'print' | 'str' | 'String'): string | undefined {
  if (!type) return shown === 'String' ? unknownInString : undefined;
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'void':
      return undefined;
    case 'bool':
      return source === 'python' ? 'Python shows a bool as True or False, Whetstone as true or false' : undefined;
    case 'null':
      return source === 'python' ? 'Python shows None, Whetstone null' : undefined;
    case 'optional':
      // Judged by the value; a Python None it may hold is shown through pystr.
      return differs(type.inner, source, shown);
    case 'any':
      // Unknown: an explicit String(x) or x.toString() is where a list is most often shown.
      return shown === 'String' ? unknownInString : undefined;
    case 'list':
      if (source === 'python') return type.element.kind === 'number' ? undefined : "Python shows a list's items with repr (['a'], [True]), Whetstone as [\"a\"], [true]";
      return shown === 'print' ? 'Node shows a list as [ 1, 2 ], Whetstone as [1, 2]' : "JavaScript's String shows a list as 1,2, Whetstone's str as [1, 2]";
    case 'function':
      return source === 'python' ? 'Python shows a function as <function …>, Whetstone as <fn>' : 'Node shows a function as [Function: name], Whetstone as <fn>';
    default:
      if (source === 'python') return "Python shows a dict or object with repr ({'a': 1}), Whetstone as {a: 1}";
      return shown === 'print' ? 'Node shows an object as { a: 1 }, Whetstone as {a: 1}' : "JavaScript's String shows an object as [object Object], Whetstone's str as {a: 1}";
  }
}

/**
 * Whether pystr shows a value of this type as Python does: texts, numbers, bools and None, in
 * lists and in maps keyed by texts (a number key would be a text in JavaScript), at any depth.
 */
function pythonShowable(type: Type): boolean {
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
    case 'null':
      return true;
    case 'optional':
      return pythonShowable(type.inner);
    case 'list':
      return pythonShowable(type.element);
    case 'map':
      return type.key.kind === 'string' && pythonShowable(type.value);
    case 'object':
      return [...type.fields.values()].every(pythonShowable);
    default:
      return false;
  }
}

/** Whether a value of this type is or holds a list (which may have been a Python tuple). */
function holdsList(type: Type): boolean {
  switch (type.kind) {
    case 'list':
      return true;
    case 'optional':
      return holdsList(type.inner);
    case 'map':
      return holdsList(type.value);
    case 'object':
      return [...type.fields.values()].some(holdsList);
    default:
      return false;
  }
}

/**
 * Whether jsstr shows a value of this type as Node's console.log does: numbers, texts, bools and
 * null, in lists, maps and records, at any depth; a value of unknown type is one of those, since
 * an imported program holds nothing else but functions (jsstr refuses one at run time).
 */
function nodeShowable(type: Type, fieldsOf: (name: string) => ReadonlyMap<string, Type> | undefined, seen = new Set<string>()): boolean {
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
    case 'null':
    case 'any':
      return true;
    case 'optional':
      return nodeShowable(type.inner, fieldsOf, seen);
    case 'list':
      return nodeShowable(type.element, fieldsOf, seen);
    case 'map':
      return nodeShowable(type.value, fieldsOf, seen);
    case 'object':
      return [...type.fields.values()].every((field) => nodeShowable(field, fieldsOf, seen));
    case 'named': {
      if (seen.has(type.name)) return true;
      const fields = fieldsOf(type.name);
      return fields !== undefined && [...fields.values()].every((field) => nodeShowable(field, fieldsOf, new Set([...seen, type.name])));
    }
    default:
      return false;
  }
}

const unknownInText =
  "its type is not known, and it may be a list, an object, a function or undefined, which JavaScript turns into text as 1,2, [object Object] or undefined where Whetstone's str shows [1, 2], {a: 1} or null";
const unknownInPython =
  "its type is not known at import, and the run of the program at import showed a value here that Whetstone's pystr shows otherwise than Python (a dict with number keys, {1: 2}, or a function)";
const unknownInString = "its type is not known, and JavaScript's String shows a list as 1,2 where Whetstone's str shows [1, 2]";

/**
 * Errors for the values `program` shows (through the print and str calls the importer made:
 * `libraryCallees` are the ids of their callees) that Whetstone would show otherwise than the source.
 */
export function reportDisplayDifferences(program: Program, source: Source, libraryCallees: ReadonlySet<string>, text: string, builder?: AstBuilder, values?: JavaScriptValues): ProjectionDiagnostic[] {
  const shows: { call: CallExpression; shown: 'print' | 'str' | 'String' }[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !libraryCallees.has(node.callee.id)) return;
    if (node.callee.name === 'print') shows.push({ call: node, shown: 'print' });
    // A number a format writes with digits: judged below by its type alone.
    if (node.callee.name === 'formatFixed' && builder?.formatted.has(node.id)) shows.push({ call: node, shown: 'str' });
    if (node.callee.name !== 'str') return;
    // String(x) and x.toString() are written out (the call's text); `+` and templates are not.
    const written = source !== 'python' && /^String\b|\.toString\s*\(\s*\)$/.test(text.slice(node.span.startOffset, node.span.endOffset));
    shows.push({ call: node, shown: written ? 'String' : 'str' });
  });
  if (shows.length === 0) return [];
  // The checker runs only when some shown value is not plainly a number or a text.
  let model: ReturnType<typeof analyze> | undefined = values?.model;
  let nodes: AstIndex | undefined;
  let numbers: NumberFacts | undefined;
  const mayBeFloat = source === 'python' ? pythonFloatsShown(program, libraryCallees, text) : () => false;
  const plain = plainlyShown(libraryCallees);
  const shownByPystr = source === 'python' ? pythonShownByPystr(program, libraryCallees, text) : () => false;
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const { call, shown } of shows) {
    const args = call.arguments as Expression[];
    const [head] = args;
    if (source !== 'python' && shown === 'print' && args.length > 1 && head.type === 'Literal' && typeof head.value === 'string' && /%[sjdOoifc%]/.test(head.value)) {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', "Not carried into Whetstone: console.log reads %s, %d, %% and the like in its first text as a format when more values follow; Whetstone's print writes them as they are", head.id, head.span, {
          hint: 'Join the values to the text (with + or a template literal), so every target prints the same.',
        }),
      );
    } else if (shown === 'print' && args.length > 1 && head.type !== 'Literal' && values && values.valueOf(head) & PERCENT) {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', "Not carried into Whetstone: console.log reads %s, %d, %% and the like in its first argument as a format when more values follow, and this first argument may be a text that holds a %; Whetstone's print writes it as it is", head.id, head.span, {
          hint: 'Join the values to the text (with + or a template literal), so every target prints the same.',
        }),
      );
    }
    const formatted = builder?.formatted.get(call.id);
    if (formatted) {
      // A value a format pads: Python formats a text or a number as str shows it, a bool as a number, and raises for others.
      const type = (model ??= analyze(program)).typeOf(args[0].id);
      const fits = formatted === 'number' || formatted === 'number as str' || formatted === 'whole number' ? type?.kind === 'number' : type?.kind === 'string' || (formatted !== 'text' && type?.kind === 'number');
      if (!fits) {
        const why =
          formatted === 'one value'
            ? 'a value after % that is not a tuple written out may be a tuple, whose items Python formats instead, and this one is not known to be a text or a number'
            : formatted === 'text'
            ? 'Python formats only a text with s'
            : formatted === 'whole number'
            ? "Python's d formats only an int (it raises for a text and a float, and writes a bool as 1 or 0), and this value is not known to be a number"
            : formatted === 'number as str'
            ? 'Python pads a text with 0s on its right and formats a bool as a number (True as 1), and this value is not known to be a number'
            : `Python formats a bool as a number (True as 1) and raises for ${formatted === 'number' ? 'a text, ' : ''}None, a list or a dict, and this value is not known to be a ${formatted === 'number' ? 'number' : 'text or a number'}`;
        diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: a value its format specification writes here: ${why}`, args[0].id, args[0].span, { hint: 'Give it a type hint of str, int or float, or show str(…) of it.' }));
        continue;
      }
      if (formatted === 'whole number' && source === 'python' && pythonFloatsAtAll(program, libraryCallees, text)(args[0])) {
        diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', "Not carried into Whetstone: a value its format specification writes here may be a float, for which Python's d raises (ValueError) where Whetstone writes the number", args[0].id, args[0].span, { hint: 'Give it a type hint of int, or format int(…) of it.' }));
        continue;
      }
      if (formatted === 'number') continue;
      const pad = builder?.alignedByType.get(call.id);
      if (pad && type?.kind === 'number') (pad.callee as Identifier).name = 'padStart';
    }
    for (const [index, argument] of args.entries()) {
      if (source !== 'python' && shown === 'print' && builder) {
        // Node's console.log shows -0 as -0, Whetstone's print (as String) as 0: a number that may be -0 is shown through jsstr, as Node shows it.
        const known = (model ??= analyze(program));
        if (known.typeOf(argument.id)?.kind === 'number' && !(numbers ??= new NumberFacts(program, known)).neverNegativeZero(argument)) {
          args[index] = builder.call('jsstr', [argument], argument.span);
          continue;
        }
      }
      let type = mayBeFloat(argument) || plain(argument) ? undefined : (model ??= analyze(program)).typeOf(argument.id);
      // A parameter of a function a list walk calls has the list's element type (the index's is number).
      if (model && (!type || type.kind === 'any')) type = walkParameterType(model, (nodes ??= indexTree(program)), argument, libraryCallees) ?? type;
      if (source === 'python' && type?.kind === 'bool' && builder) {
        // Python shows a bool as True or False: said so in Whetstone, it shows so in every target.
        const spelled = (word: string): Expression => builder.literal(word, argument.span);
        args[index] = builder.make<ConditionalExpression>('ConditionalExpression', argument.span, { condition: argument, consequent: spelled('True'), alternate: spelled('False') });
        continue;
      }
      let why = mayBeFloat(argument) ? floatShown : plain(argument) ? undefined : differs(type, source, shown);
      if (values && shown !== 'print' && (!type || type.kind === 'any') && !plain(argument)) {
        // Not known to the checker: followed through the file, it may still be only numbers, texts, bools and null.
        why = values.valueOf(argument) & OTHER ? unknownInText : undefined;
      }
      if (source === 'python' && builder?.tuplesAsLists && type && holdsList(type)) {
        why = 'this file has tuples, which Whetstone holds as lists, and Python shows a tuple as (1, 2) where a list shows as [1, 2]';
      }
      if (source !== 'python' && shown === 'print' && builder && type && (why || type.kind === 'any')) {
        if (nodeShowable(type, (name) => model?.types.fieldsOf(name))) {
          // Lists, objects and values of unknown type: jsstr shows them as Node does in every target.
          args[index] = builder.call('jsstr', [argument], argument.span);
          continue;
        }
        why = `${why ?? 'Node shows it with util.inspect'}, and jsstr, which shows values as Node does, carries only numbers, texts, bools, null, and lists and objects of these (not a function)`;
      }
      const mayBeNone = type?.kind === 'optional' || type?.kind === 'null';
      if (source === 'python' && builder && !mayBeFloat(argument) && type && (why || mayBeNone) && pythonShowable(type) && !(builder.tuplesAsLists && holdsList(type))) {
        // None, and lists and dicts of texts, numbers, bools and None: pystr shows them as Python does in every target.
        if (shown === 'print') args[index] = builder.call('pystr', [argument], argument.span);
        else (call.callee as Identifier).name = 'pystr'; // str(x) → pystr(x)
        continue;
      }
      // A list of values of unknown type (a set's elements, sorted), or a dict of keys of unknown type (a
      // dict comprehension's), is judged by the run as such a value is.
      const unknownItems = (type?.kind === 'list' && type.element.kind === 'any') || (type?.kind === 'map' && type.key.kind === 'any');
      if (source === 'python' && builder && !mayBeFloat(argument) && !plain(argument) && (!type || type.kind === 'any' || unknownItems)) {
        // Of no type the checker knows (a function without hints): pystr shows what it mostly is
        // (texts, numbers, bools, None, lists and text-keyed dicts of these) as Python's print and
        // str do. Where the run at import showed something else there, that is an error; where it
        // does not know, python-run-gaps.ts reports the place. A tuple pystr cannot tell from a list.
        // (In a file with tuples, where it does not know, the gaps report stands for it too.)
        const held = shownByPystr(argument);
        if (held === 0) why = unknownInPython;
        else if (builder.tuplesAsLists && held !== 2 && held !== undefined) why = 'its type is not known at import, the run of the program at import showed a list here, and this file has tuples, which Whetstone holds as lists, where Python shows a tuple as (1, 2)';
        else {
          if (shown === 'print') args[index] = builder.call('pystr', [argument], argument.span);
          else (call.callee as Identifier).name = 'pystr';
          continue;
        }
      }
      if (!why) continue;
      const what = shown === 'print' ? (source === 'python' ? 'print' : 'console.log') : source === 'python' ? 'str (or an f-string)' : 'the conversion to text';
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: a value shown by ${what} here would print differently: ${why}`, argument.id, argument.span, {
          hint: why === floatShown ? 'Show int(…) of a value that is whole, or build its text yourself, so every target prints the same.' : 'Show a number or a text (len(…), a join of the items, a condition written as its text) so every target prints the same.',
        }),
      );
    }
  }
  return diagnostics;
}

/**
 * Whether an expression is a number or a text by its form alone (a literal, arithmetic on such,
 * len, str, floor…), so it shows the same everywhere (a Python float aside, judged before).
 */
function plainlyShown(libraryCallees: ReadonlySet<string>): (expression: Expression) => boolean {
  const plain = (expression: Expression): boolean => {
    switch (expression.type) {
      case 'Literal':
        return typeof expression.value === 'number' || typeof expression.value === 'string';
      case 'BinaryExpression':
        return ['+', '-', '*', '/', '%'].includes(expression.operator) && plain(expression.left) && plain(expression.right);
      case 'CallExpression':
        return expression.callee.type === 'Identifier' && libraryCallees.has(expression.callee.id) && ['len', 'str', 'join', 'int', 'floor', 'ceil', 'round', 'abs', 'num'].includes(expression.callee.name);
      default:
        return false;
    }
  };
  return plain;
}

const floatShown = 'it may be a float, which Python shows with its decimal point (4 / 2 is 2.0) and Whetstone as a whole number (2)';
