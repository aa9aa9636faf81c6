// The calls `obj.m(…)` of a method name of the file's classes (python-classes.ts,
// javascript-classes.ts) become `C_m(obj, …)` once the checker's types say obj is a C: a name
// assigned from a constructor, a parameter typed C, self, a field typed C, an element of a list of
// C, what a method returning a C gives. Read again after each round, so a call on what another call
// returns follows. What is then still not known to be a C is an error, never guessed nor read as
// the library method of that name (a Stack's pop is not a list's). The same types judge what the
// source does with an instance that a record would not: showing it (Python shows
// `<__main__.C object at …>`, Node `C { … }`), comparing it with == to what is not known to be an
// instance (both compare instances by identity, as Whetstone's == does records, but other values by
// value in Python), and, in Python, reading a field of what is not a C. It also types a list filled
// only with instances, a name given an instance and then what may be None, and bool(x) of an
// instance (true).
import { indexTree, walk, type CallExpression, type Expression, type FunctionDeclaration, type MemberExpression, type Node, type Program, type Statement, type TypeDeclaration, type VariableDeclaration } from '../../core/ast';
import { analyze, stripOptional, type SemanticModel, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { elementType } from './list-elements';
import { constructorName, methodName, type FileClasses } from './class-records';

const SHOWN_BY = new Set(['print', 'str']);

/** What the source language does that a record would not, said in the reports. */
const SOURCE_WORDS = {
  python: {
    typed: (shape: string): string => `give the receiver a type hint (x: ${shape}) or assign it from a constructor`,
    shown: (shape: string): string => `Python shows <__main__.${shape} object at 0x…> (or what __str__ gives), a record its fields: print the fields.`,
    showing: 'print, str or an f-string',
    compared: "Python compares an instance by identity (its class has no __eq__), where the == of other values compares them by value. Give the other side a type hint.",
  },
  javascript: {
    typed: (shape: string): string => `give the receiver a type (x: ${shape}) or assign it from new ${shape}(…)`,
    shown: (shape: string): string => `Node shows ${shape} { … } (String gives [object Object]), a record is shown as a map or dict in each target: print the fields.`,
    showing: 'console.log, String or a template',
    compared: "JavaScript compares an object by identity, where Python's == of the dict a record becomes compares by value. Give the other side a type.",
  },
};
/** Receivers whose methods are the library's: a call on one is read as it would be in a file without classes. */
const LIBRARY_RECEIVERS = new Set(['list', 'map', 'object', 'string', 'number', 'bool']);

/** Rewrites the method calls whose receiver's class is known; with `final`, reports the rest and what the records cannot carry. */
export function carryMethodCalls(program: Program, builder: AstBuilder, classes: FileClasses, final: boolean, source: keyof typeof SOURCE_WORDS = 'python'): ProjectionDiagnostic[] {
  const words = SOURCE_WORDS[source];
  if (classes.methodNames.size === 0 && classes.carried.size === 0) return [];
  if (final) typeFieldsFromParameters(program, classes);
  let model = analyze(program);
  if (typeListsOfInstances(program, model, classes, builder)) model = analyze(program);
  if (typeWalksOfInstances(program, model, classes, builder)) model = analyze(program);
  const asStatements = new Map<Node, Statement[]>();
  for (let changed = true; changed; ) {
    changed = false;
    walk(program, (node: Node) => {
      if (node.type === 'MemberExpression' && classes.fieldReads.has(node.id) && classes.libraryReadings.has(node.id)) {
        // `x.length` where a class of the file has a field length: len(x) of a list or a text.
        const type = model.typeOf(node.object.id);
        if (!type || !LIBRARY_RECEIVERS.has(stripOptional(type).kind)) return;
        classes.fieldReads.delete(node.id);
        const library = classes.libraryReadings.get(node.id)!.expression;
        for (const key of Object.keys(node)) delete (node as unknown as Record<string, unknown>)[key];
        Object.assign(node, library);
        changed = true;
        return;
      }
      if (node.type !== 'CallExpression' || !classes.methodCalls.has(node.id) || node.callee.type !== 'MemberExpression') return;
      const receiver = node.callee.object;
      const type = model.typeOf(receiver.id);
      const library = classes.libraryReadings.get(node.id);
      if (type && LIBRARY_RECEIVERS.has(stripOptional(type).kind) && library) {
        // A list, text or dict: the call is the library's, as read without the classes.
        classes.methodCalls.delete(node.id);
        if (library.statements) asStatements.set(node, library.statements);
        for (const key of Object.keys(node)) delete (node as unknown as Record<string, unknown>)[key];
        Object.assign(node, library.expression);
        const seen = new Set(builder.diagnostics.map((found) => `${found.span.startOffset} ${found.message}`));
        builder.diagnostics.push(...library.diagnostics.filter((found) => !seen.has(`${found.span.startOffset} ${found.message}`)));
        changed = true;
        return;
      }
      const shape = classes.carried.get(className(model.typeOf(receiver.id)) ?? '');
      if (!shape?.methods.has(node.callee.property)) return;
      node.callee = builder.identifier(methodName(shape.name, node.callee.property), node.callee.span);
      node.arguments = [receiver, ...node.arguments];
      classes.methodCalls.delete(node.id);
      changed = true;
    });
    if (asStatements.size > 0) replaceStatements(program, asStatements);
    if (changed) model = analyze(program);
  }
  if (!final) return [];
  widenToOptional(program, model, classes);
  const diagnostics: ProjectionDiagnostic[] = [];
  const report = (node: Node, what: string, hint: string): void => {
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${what} has no Whetstone form`, node.id, node.span, { omitted: builder.source.slice(node.span.startOffset, node.span.endOffset), hint }),
    );
  };
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression' && classes.methodCalls.has(node.id) && node.callee.type === 'MemberExpression') {
      const method = node.callee.property;
      const owners = [...classes.carried.values()].filter((shape) => shape.methods.has(method)).map((shape) => shape.name);
      report(node, `the method call .${method}(…) on a value not known to be ${owners.length > 0 ? `a ${owners.join(' or a ')}` : 'an instance of a class of the file'}`, `A method is carried as a function of its class; ${words.typed(owners[0] ?? 'C')}, so its class is known. It is not read as the library method of that name.`);
    } else if (classes.methodValues.has(node.id)) {
      // `obj.m` (or `obj.length`, read as len(obj)) of an instance whose class has the method m.
      const method = classes.methodValues.get(node.id)!;
      const receiver = node.type === 'MemberExpression' ? node.object : node.type === 'CallExpression' ? node.arguments[0] : undefined;
      const shape = receiver && classes.carried.get(className(model.typeOf(receiver.id)) ?? '');
      if (shape?.methods.has(method)) report(node, `the method ${method} used as a value`, 'A method is carried as a function taking the record first: call it (obj.m(…)), or pass an arrow function that does.');
    } else if (node.type === 'MemberExpression' && classes.fieldReads.has(node.id)) {
      readOfField(node, model, classes, report);
    } else if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'pyTruthy' && builder.libraryCallees.has(node.callee.id) && node.arguments.length === 1 && instanceClass(model.typeOf(node.arguments[0].id), classes)) {
      // bool(x) of an instance: true but for None (a record of no fields would be an empty dict, false, in Python).
      const tested = node.arguments[0];
      const test: Expression = { type: 'BinaryExpression', id: node.id, span: node.span, operator: '!=', left: tested, right: builder.literal(null, node.span) };
      for (const key of Object.keys(node)) delete (node as unknown as Record<string, unknown>)[key];
      Object.assign(node, test);
    } else if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && SHOWN_BY.has(node.callee.name) && builder.libraryCallees.has(node.callee.id)) {
      shown(node, model, classes, report, words);
    } else if (node.type === 'BinaryExpression' && (node.operator === '==' || node.operator === '!=')) {
      // Two instances (or None) compare by identity in Python and Whetstone alike; beside a value of another or no known type, Python's == (pyEquals) would compare a record's fields.
      const left = instanceClass(model.typeOf(node.left.id), classes);
      const right = instanceClass(model.typeOf(node.right.id), classes);
      const sides = [node.left, node.right].map((side) => instanceClass(model.typeOf(side.id), classes) !== undefined || isNone(model, side));
      const held = [node.left, node.right].map((side) => (instanceClass(model.typeOf(side.id), classes) ? undefined : containedClass(model.typeOf(side.id), classes))).find(Boolean);
      if (held && source === 'python') {
        report(node, `== or != of lists or dicts holding instances of ${held}`, "Python compares such lists element by element, each instance by identity; Whetstone's pyEquals would compare the records' fields. Compare the elements in a loop.");
      } else if ((left || right) && !sides.every(Boolean)) {
        report(node, `== or != (or is) of an instance of ${left ?? right} and a value not known to be an instance or ${source === 'python' ? 'None' : 'null'}`, words.compared);
      }
    }
  });
  return diagnostics;
}

/** `ps = []` filled only by `ps.append(P(…))`: a `list<P>`, so `for p in ps: p.m()` knows p's class. */
function typeListsOfInstances(program: Program, model: SemanticModel, classes: FileClasses, builder: AstBuilder): boolean {
  const empty = new Map<string, VariableDeclaration>();
  walk(program, (node: Node) => {
    if (node.type === 'VariableDeclaration' && node.varType === null && node.initializer?.type === 'ArrayLiteral' && node.initializer.elements.length === 0) empty.set(node.id, node);
  });
  if (empty.size === 0) return false;
  const nodes = indexTree(program);
  let typed = false;
  walk(program, (node: Node) => {
    const declaration = node.type === 'Identifier' ? empty.get(model.definitionOf(node.id) ?? '') : undefined;
    if (!declaration || declaration.varType !== null) return;
    const element = elementType(model, nodes, node as Expression, builder.libraryCallees);
    if (element?.kind === 'named' && classes.carried.has(element.name)) {
      declaration.varType = `list<${element.name}>`;
      typed = true;
    }
  });
  return typed;
}

/** The built-ins that call a function with each element of a list, first. */
const WALKS = new Set(['map', 'filter', 'forEach', 'some', 'every', 'find', 'findIndex']);

/** `map(ps, fn(p) => p.m())` of a list of instances: the function's element parameter is an instance, so `p.m()` knows p's class. */
function typeWalksOfInstances(program: Program, model: SemanticModel, classes: FileClasses, builder: AstBuilder): boolean {
  let typed = false;
  walk(program, (node: Node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !WALKS.has(node.callee.name) || !builder.libraryCallees.has(node.callee.id)) return;
    const [list, walker] = node.arguments;
    const listType = list && model.typeOf(list.id);
    const element = listType?.kind === 'list' ? instanceClass(listType.element, classes) : undefined;
    if (element && walker?.type === 'Lambda' && walker.parameters[0] && walker.parameters[0].paramType === null) {
      walker.parameters[0].paramType = element;
      typed = true;
    }
  });
  return typed;
}

/**
 * `cur = n` then `cur = cur.next`: a name first given an instance and later what may be None is
 * declared optional (`let cur: Node? = n;`), which TypeScript needs (the checker accepts a `T?`
 * where a `T` is expected; TypeScript does not).
 */
function widenToOptional(program: Program, model: SemanticModel, classes: FileClasses): void {
  const declarations = new Map<string, VariableDeclaration>();
  walk(program, (node: Node) => {
    if (node.type === 'VariableDeclaration' && node.kind === 'let' && node.varType === null && node.initializer) declarations.set(node.id, node);
  });
  walk(program, (node: Node) => {
    if (node.type !== 'AssignmentStatement' || node.operator !== '=' || node.target.type !== 'Identifier') return;
    const declaration = declarations.get(model.definitionOf(node.target.id) ?? '');
    const declared = declaration?.initializer && model.typeOf(declaration.initializer.id);
    const assigned = model.typeOf(node.value.id);
    if (!declaration || declared?.kind !== 'named' || !classes.carried.has(declared.name) || (assigned?.kind !== 'optional' && assigned?.kind !== 'null')) return;
    declaration.varType = `${declared.name}?`;
  });
}

/** Puts the statements read from a library call (`xs.remove(x)`) in place of the statement that calls it. */
function replaceStatements(program: Program, readings: Map<Node, Statement[]>): void {
  const replace = (statements: Statement[]): void => {
    for (let at = statements.length - 1; at >= 0; at--) {
      const statement = statements[at];
      const reading = statement.type === 'ExpressionStatement' ? readings.get(statement.expression) : undefined;
      if (reading) statements.splice(at, 1, ...reading);
    }
  };
  replace(program.children as Statement[]);
  walk(program, (node: Node) => {
    if (node.type === 'Block') replace(node.statements);
  });
  readings.clear();
}

/**
 * A field __init__ sets from a parameter without a hint has the type the parameter's calls agree
 * on (python-call-site-types.ts types it), so `h.inner.label` of `Holder(bag)` reads a Bag's field.
 */
function typeFieldsFromParameters(program: Program, classes: FileClasses): void {
  for (const shape of classes.carried.values()) {
    const record = program.children.find((child): child is TypeDeclaration => child.type === 'TypeDeclaration' && child.name === shape.name);
    const made = program.children.find((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration' && child.name === constructorName(shape.name));
    for (const declared of record?.fields ?? []) {
      const value = shape.fieldValues.get(declared.name)?.childForFieldName('right');
      const parameter = value?.type === 'identifier' ? made?.parameters.find((param) => param.name === value.text) : undefined;
      if (declared.fieldType === 'any' && parameter?.paramType && !parameter.defaultValue) declared.fieldType = parameter.paramType;
    }
  }
}

function readOfField(node: MemberExpression, model: SemanticModel, classes: FileClasses, report: (node: Node, what: string, hint: string) => void): void {
  const shape = classes.carried.get(className(model.typeOf(node.object.id)) ?? '');
  if (shape?.fields.has(node.property)) return;
  report(node, `the field read .${node.property} of a value not known to be an instance of a class with that field`, 'Give the value a type hint naming its class, or assign it from the constructor, so its fields are known.');
}

function shown(node: CallExpression, model: SemanticModel, classes: FileClasses, report: (node: Node, what: string, hint: string) => void, words: (typeof SOURCE_WORDS)['python']): void {
  for (const argument of node.arguments) {
    const shape = containedClass(model.typeOf(argument.id), classes);
    if (shape) report(argument, `showing an instance of ${shape} (${words.showing})`, words.shown(shape));
  }
}

function isNone(model: SemanticModel, side: Expression): boolean {
  const type = model.typeOf(side.id);
  return (side.type === 'Literal' && side.value === null) || (type !== undefined && stripOptional(type).kind === 'null');
}

function className(type: Type | undefined): string | undefined {
  const inner = type && stripOptional(type);
  return inner?.kind === 'named' ? inner.name : undefined;
}

function instanceClass(type: Type | undefined, classes: FileClasses): string | undefined {
  const name = className(type);
  return name && classes.carried.has(name) ? name : undefined;
}

/** A class of the file a value of this type is or holds (in a list or map). */
function containedClass(type: Type | undefined, classes: FileClasses): string | undefined {
  const inner = type && stripOptional(type);
  if (!inner) return undefined;
  if (inner.kind === 'list') return containedClass(inner.element, classes);
  if (inner.kind === 'map') return containedClass(inner.value, classes) ?? containedClass(inner.key, classes);
  return instanceClass(inner, classes);
}
