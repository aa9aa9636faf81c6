// Python classes read as a record plus functions (docs/PROJECTION.md, "Classes"): `class C:` whose
// `__init__` sets every field at the top level of its body becomes `type C { … }`, its
// constructor `C_new(…)` and each method `m(self, …)` a function `C_m(self: C, …)`. This file reads
// the shape of each class (fields, their types, methods) and reports what has no such reading;
// python.ts builds the declarations and class-method-calls.ts the calls `obj.m(…)`.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren, type AstBuilder } from './ast-builder';
import { fileShapes, noClasses, typeFieldsByValues, type ClassShape, type FileClasses } from './class-records';

const NO_BASES = new Set(['', '()', '(object)']);
const WHY_DUNDER = 'Python calls it where the program prints, compares, measures or adds instances, and a record has no such hook';

/** Reads the plain classes of the module (TypedDict and exception classes are read elsewhere). */
export function readClasses(root: SyntaxNode, b: AstBuilder, skipped: (name: string) => boolean, typeOf: (hint: SyntaxNode) => string): FileClasses {
  const found = noClasses();
  const classes = namedChildren(root)
    .map((node) => (node.type === 'decorated_definition' ? field(node, 'definition') : node))
    .filter((node): node is SyntaxNode => node?.type === 'class_definition' && !skipped(field(node, 'name')?.text ?? '') && field(node, 'superclasses')?.text.replace(/\s/g, '') !== '(TypedDict)');
  if (classes.length === 0) return found;
  const shapes: { shape: ClassShape; at: SyntaxNode }[] = [];
  for (const node of classes) {
    const shape = readClass(node, b);
    for (const method of shape?.methods.keys() ?? methodsOf(node)) found.methodNames.add(method);
    if (shape) shapes.push({ shape, at: field(node, 'name') ?? node });
    else found.refused.add(field(node, 'name')?.text ?? '');
  }
  fileShapes(found, shapes, topLevelNames(root), (at, what) => b.unsupported(at, what, 'Rename the class or the method.'));
  typeFields(root, found, typeOf);
  return found;
}

function methodsOf(node: SyntaxNode): string[] {
  return namedChildren(field(node, 'body') ?? node)
    .map((child) => (child.type === 'decorated_definition' ? field(child, 'definition') : child))
    .filter((child) => child?.type === 'function_definition')
    .map((fn) => field(fn!, 'name')?.text ?? '');
}

/** The shape of one class, or undefined (each reason reported) where it has no record reading. */
function readClass(node: SyntaxNode, b: AstBuilder): ClassShape | undefined {
  const name = field(node, 'name')?.text ?? '';
  const bases = field(node, 'superclasses');
  let carried = true;
  const refuse = (at: SyntaxNode, what: string, why: string): void => {
    b.unsupported(at, what, why);
    carried = false;
  };
  if (!NO_BASES.has(bases?.text.replace(/\s/g, '') ?? '')) {
    refuse(bases!, `the base class list ${bases!.text} of the class ${name} (inheritance)`, 'A class is carried as a record plus functions, which have no inheritance or super: copy the fields and methods it needs into the class.');
  }
  const shape: ClassShape = { name, selfName: 'self', fields: new Map(), fieldValues: new Map(), methods: new Map() };
  for (const statement of namedChildren(field(node, 'body') ?? node)) {
    if (statement.type === 'pass_statement' || isDocstring(statement)) continue;
    if (statement.type === 'decorated_definition') {
      const decorator = namedChildren(statement).find((child) => child.type === 'decorator');
      refuse(decorator ?? statement, `the method decorator ${decorator?.text ?? ''} in the class ${name}`, 'Static and class methods and properties have no record reading: write a function outside the class.');
      continue;
    }
    if (statement.type !== 'function_definition') {
      refuse(statement, `the class attribute ${statement.text.split('\n')[0]} of the class ${name}`, 'A class is carried as a record whose fields __init__ sets: set it in __init__ (self.x = …) or make it a module constant.');
      continue;
    }
    const method = field(statement, 'name')?.text ?? '';
    const first = namedChildren(field(statement, 'parameters') ?? statement)[0];
    if (method !== '__init__' && /^__.*__$/.test(method)) {
      refuse(statement, `the method ${method} of the class ${name}, which Python calls implicitly,`, `${WHY_DUNDER}.`);
      continue;
    }
    if (first?.type !== 'identifier') {
      refuse(statement, `the method ${method} of the class ${name} without a plain self parameter`, 'A method is carried as a function taking the record first.');
      continue;
    }
    if (method === '__init__') {
      shape.init = statement;
      shape.selfName = first.text;
    } else shape.methods.set(method, statement);
  }
  if (!carried) return undefined;
  if (shape.init) {
    for (const statement of namedChildren(field(shape.init, 'body') ?? shape.init)) {
      const target = fieldAssignment(statement, shape.selfName);
      if (target && !shape.fields.has(target.field)) {
        shape.fields.set(target.field, 'any');
        shape.fieldValues.set(target.field, target.assignment);
      }
    }
  }
  // A field set anywhere but the top level of __init__'s body has no place in the record.
  for (const fn of [...(shape.init ? [shape.init] : []), ...shape.methods.values()]) {
    const self = namedChildren(field(fn, 'parameters') ?? fn)[0]?.text ?? '';
    for (const assignment of fn.descendantsOfType(['assignment', 'augmented_assignment'])) {
      const left = field(assignment!, 'left');
      if (left?.type !== 'attribute' || field(left, 'object')?.text !== self) continue;
      const attribute = field(left, 'attribute')?.text ?? '';
      if (!shape.fields.has(attribute)) {
        refuse(assignment!, `the field ${attribute} of the class ${name}, first set ${fn.id === shape.init?.id ? 'in a block of __init__' : `in the method ${field(fn, 'name')?.text ?? ''}`}`, 'A class is carried as a record whose fields are the ones __init__ sets at the top level of its body: set it there first (to None if it has no value yet).');
      }
    }
  }
  for (const method of shape.methods.keys()) {
    if (shape.fields.has(method)) refuse(shape.methods.get(method)!, `the method ${method} of the class ${name}, named like one of its fields`, 'Rename the method or the field.');
  }
  return carried ? shape : undefined;
}

/** `self.f = …` (or `self.f: T = …`) as a statement: the field and the assignment. */
export function fieldAssignment(statement: SyntaxNode, selfName: string): { field: string; assignment: SyntaxNode } | undefined {
  const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
  if (assignment?.type !== 'assignment' || !field(assignment, 'right')) return undefined;
  const left = field(assignment, 'left');
  if (left?.type !== 'attribute' || field(left, 'object')?.type !== 'identifier' || field(left, 'object')?.text !== selfName) return undefined;
  return { field: field(left, 'attribute')?.text ?? '', assignment };
}

/** The names the module declares at its top level (functions, classes, assigned names, imports). */
function topLevelNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const node of namedChildren(root)) {
    const declared = node.type === 'decorated_definition' ? field(node, 'definition') : node;
    if (declared?.type === 'function_definition' || declared?.type === 'class_definition') names.add(field(declared, 'name')?.text ?? '');
  }
  for (const name of root.descendantsOfType('identifier')) {
    const parent = name!.parent;
    if ((parent?.type === 'assignment' && field(parent, 'left')?.id === name!.id) || parent?.type === 'dotted_name' || parent?.type === 'for_statement') names.add(name!.text);
  }
  return names;
}

/**
 * The type of each field, from the values the file gives it: its `__init__` value and every
 * `x.f = v` of the field's name. A hint of the `__init__` parameter it takes, a literal, `[]`,
 * `{}`, a constructor call, or a name assigned one of those in the same function; None besides one
 * other type makes it optional. Read twice, so a field set from another field is typed too.
 */
function typeFields(root: SyntaxNode, classes: FileClasses, typeOf: (hint: SyntaxNode) => string): void {
  const values = new Map<string, SyntaxNode[]>();
  for (const assignment of root.descendantsOfType('assignment')) {
    const left = field(assignment!, 'left');
    const right = field(assignment!, 'right');
    if (left?.type !== 'attribute' || !right) continue;
    const name = field(left, 'attribute')?.text ?? '';
    values.set(name, [...(values.get(name) ?? []), right]);
  }
  typeFieldsByValues(
    classes,
    values,
    (shape, name) => {
      const hint = field(shape.fieldValues.get(name)!, 'type');
      return hint ? hintType(hint, classes, typeOf) : undefined;
    },
    (assignment) => field(assignment, 'right'),
    (value) => valueType(value, classes, typeOf),
  );
}

/** The Whetstone type of a value as written, or 'any'. */
function valueType(value: SyntaxNode, classes: FileClasses, typeOf: (hint: SyntaxNode) => string, depth = 0): string {
  switch (value.type) {
    case 'integer':
    case 'float':
      return 'number';
    case 'string':
      return 'string';
    case 'true':
    case 'false':
      return 'bool';
    case 'none':
      return 'null';
    case 'list':
      return 'list<any>';
    case 'call': {
      const callee = field(value, 'function');
      return callee?.type === 'identifier' && classes.carried.has(callee.text) ? callee.text : 'any';
    }
    case 'attribute': {
      const name = field(value, 'attribute')?.text ?? '';
      const types = [...classes.carried.values()].flatMap((shape) => (shape.fields.has(name) ? [shape.fields.get(name)!] : []));
      return types.length === 1 ? types[0] : 'any';
    }
    case 'identifier': {
      if (depth > 0) return 'any';
      const fn = enclosingFunction(value);
      if (!fn) return 'any';
      const parameter = namedChildren(field(fn, 'parameters') ?? fn).find((param) => (param.type === 'identifier' ? param.text : field(param, 'name')?.text ?? namedChildren(param)[0]?.text) === value.text);
      if (parameter) {
        const hint = field(parameter, 'type');
        const fallback = field(parameter, 'value');
        return hint ? hintType(hint, classes, typeOf) : fallback ? valueType(fallback, classes, typeOf, depth + 1) : 'any';
      }
      const assigned = fn.descendantsOfType('assignment').filter((assignment) => field(assignment!, 'left')?.text === value.text);
      const types = new Set(assigned.map((assignment) => valueType(field(assignment!, 'right') ?? assignment!, classes, typeOf, depth + 1)));
      return types.size === 1 ? [...types][0] : 'any';
    }
    default:
      return 'any';
  }
}

/** A hint as a Whetstone type: a class of the file (also written "C", Optional["C"] or "C" | None), else as the importer reads hints. */
function hintType(hint: SyntaxNode, classes: FileClasses, typeOf: (hint: SyntaxNode) => string): string {
  const text = hint.text.replace(/\s/g, '');
  const named = /^["']?(\w+)["']?$/.exec(text)?.[1];
  const optional = /^Optional\[["']?(\w+)["']?\]$/.exec(text)?.[1] ?? /^["']?(\w+)["']?\|None$/.exec(text)?.[1];
  if (named && classes.carried.has(named)) return named;
  if (optional && classes.carried.has(optional)) return `${optional}?`;
  return typeOf(hint);
}

function enclosingFunction(node: SyntaxNode): SyntaxNode | undefined {
  for (let at = node.parent; at; at = at.parent) if (at.type === 'function_definition') return at;
  return undefined;
}

function isDocstring(node: SyntaxNode): boolean {
  return node.type === 'expression_statement' && namedChildren(node).length === 1 && namedChildren(node)[0].type === 'string';
}
