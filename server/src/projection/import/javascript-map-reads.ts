// A JavaScript map read at a key the map does not hold (`m.get(k)` of a Map, `o[k]` of an object
// used as a map) is undefined, where Whetstone's is null: shown (console.log, String, a template,
// `+` with a text), the source prints `undefined` and every target `null`. Such a read shown, as
// it is or through a name it was given to, or computed with (arithmetic: NaN in JavaScript, where
// the generated JavaScript reads null as 0), is an error at import unless the read is known to hit:
// its key walks that map's keys (`for (const k of m.keys())`, `for…in`, Object.keys, entries);
// or walks a list the program fills only with keys the map holds when each is pushed; the same
// condition or an enclosing if tests the key first (`m.has(k)`, `k in o`) or the read against
// null; the same or an enclosing block set that key earlier, or a loop there set a key for each
// element of a list that holds the key written out or that the read's own loop walks again; or
// the key is a field the object was written with. No removeKey of the map may come between.
import { childNodes, indexTree, visitReturns, walk, type AstIndex, type CallExpression, type Expression, type ForStatement, type IndexExpression, type Node, type Program, type Statement } from '../../core/ast';
import { printNode } from '../../core/editing';
import { stripOptional, type SemanticModel } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { MapReadFlow } from './javascript-map-read-flow';
import { OBJECT, type JavaScriptValues } from './javascript-values';

/** The built-ins the importer shows a value with (console.log, String, templates, `+` with a text). */
const SHOWS = new Set(['print', 'str', 'jsstr']);
/** The operators that make NaN of undefined, where null is 0 in JavaScript (and an error in Python). */
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '**']);
/** Built-ins that read a list without changing it. */
const READS_ONLY = new Set(['len', 'includes', 'indexOf', 'join', 'slice', 'print', 'str', 'jsstr', 'keys', 'jsKeys', 'sorted']);

/** Each map read shown whose key may be missing, as an error at import. */
export function reportMissingKeyReads(program: Program, libraryCallees: ReadonlySet<string>, values: JavaScriptValues): ProjectionDiagnostic[] {
  const index = indexTree(program);
  const model = values.model;
  const reads = new MapReads(program, index, values, libraryCallees);
  // What each name is given (by `=`) and what each function is called with, by declaring node.
  const assigned = new Map<string, Expression[]>();
  const calls = new Map<string, CallExpression[]>();
  walk(program, (node) => {
    if (node.type === 'AssignmentStatement' && node.operator === '=' && node.target.type === 'Identifier') {
      const declared = model.definitionOf(node.target.id);
      if (declared) assigned.set(declared, [...(assigned.get(declared) ?? []), node.value]);
    }
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier') {
      const declared = model.definitionOf(node.callee.id);
      if (declared) calls.set(declared, [...(calls.get(declared) ?? []), node]);
    }
  });
  const flow = new MapReadFlow(program, index, model, libraryCallees);
  const reported = new Set<string>();
  const diagnostics: ProjectionDiagnostic[] = [];
  const report = (read: IndexExpression, through?: string, computed = false, elsewhere?: string): void => {
    if (reported.has(read.id) || reads.hits(read)) return;
    reported.add(read.id);
    const map = printNode(read.object);
    const why =
      elsewhere !== undefined
        ? `${elsewhere}: JavaScript gives undefined for a missing key where Whetstone gives null, and the two are shown and computed with otherwise`
        : computed
          ? 'is computed with: JavaScript gives undefined for a missing key (NaN in arithmetic, "undefined" joined to a text), Whetstone gives null'
          : `is shown${through ? ` (through '${through}')` : ''}: JavaScript gives undefined for a missing key and shows undefined, Whetstone gives null and shows null`;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        `Not carried into Whetstone: this read of '${map}' at a key it may not hold ${why}`,
        read.id,
        read.span,
        { hint: `Test the key first (${map}.has(k) or k in ${map}, in the same condition or an enclosing if), set it earlier in the same block, or write ${map}.get(k) ?? null (or o[k] ?? null) if null is meant.` },
      ),
    );
  };
  /** The map reads `value` shows when it is shown. */
  const shown = (value: Expression, through?: string, seen = new Set<string>()): void => {
    switch (value.type) {
      case 'IndexExpression':
        if (reads.isMapRead(value)) report(value, through);
        return;
      case 'ConditionalExpression':
        shown(value.consequent, through, seen);
        shown(value.alternate, through, seen);
        return;
      case 'ArrayLiteral':
        value.elements.forEach((element) => shown(element, through, seen));
        return;
      case 'ObjectLiteral':
        value.properties.forEach((property) => shown(property.value, through, seen));
        return;
      case 'Identifier': {
        // What the name holds: its initialiser, what it is assigned, and as a parameter what the calls pass.
        // (A constant tested against null before this read holds no missing entry here.)
        if (flow.testedConstant(value)) return;
        const declared = model.definitionOf(value.id);
        if (!declared || seen.has(declared)) return;
        seen.add(declared);
        const declaration = index.node(declared);
        const values = [...(declaration?.type === 'VariableDeclaration' && declaration.initializer ? [declaration.initializer] : []), ...(assigned.get(declared) ?? [])];
        const fn = declaration?.type === 'Parameter' ? index.parent(declared) : undefined;
        if ((fn?.type === 'FunctionDeclaration' || fn?.type === 'Lambda') && declaration?.type === 'Parameter') {
          const at = fn.parameters.indexOf(declaration);
          const holder = fn.type === 'Lambda' ? index.parent(fn.id) : fn;
          for (const call of (holder && calls.get(holder.id)) ?? []) if (call.arguments[at]) values.push(call.arguments[at]);
        }
        values.forEach((held) => shown(held, through ?? value.name, seen));
        return;
      }
      case 'CallExpression': {
        // What a function of the program returns.
        const declared = value.callee.type === 'Identifier' ? model.definitionOf(value.callee.id) : undefined;
        const declaration = declared ? index.node(declared) : undefined;
        const fn = declaration?.type === 'VariableDeclaration' && declaration.initializer?.type === 'Lambda' ? declaration.initializer : declaration;
        if ((fn?.type !== 'FunctionDeclaration' && fn?.type !== 'Lambda') || seen.has(fn.id)) return;
        seen.add(fn.id);
        const name = `${printNode(value.callee)}(…)`;
        if (fn.body.type !== 'Block') shown(fn.body, through ?? name, seen);
        else visitReturns(fn.body, (returned) => returned && shown(returned, through ?? name, seen));
        return;
      }
    }
  };
  /** A map read computed with (an operand of arithmetic, or added to a name). */
  const computed = (value: Expression): void => {
    if (value.type === 'IndexExpression' && reads.isMapRead(value)) report(value, undefined, true);
  };
  walk(program, (node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && SHOWS.has(node.callee.name) && libraryCallees.has(node.callee.id)) node.arguments.forEach((argument) => shown(argument));
    if (node.type === 'BinaryExpression' && ARITHMETIC.has(node.operator)) [node.left, node.right].forEach(computed);
    if (node.type === 'UnaryExpression' && node.operator === '-') computed(node.operand);
    if (node.type === 'AssignmentStatement' && node.operator !== '=') computed(node.value);
  });
  // Then every other read whose value goes where the walk above does not follow it.
  walk(program, (node, parent) => {
    if (node.type !== 'IndexExpression' || reported.has(node.id) || !reads.isMapRead(node)) return;
    if (parent?.type === 'AssignmentStatement' && parent.target === node) {
      // `m[k] += 1` reads the key first.
      if (parent.operator !== '=') report(node, undefined, false, `is computed with (${parent.operator})`);
      return;
    }
    if (reads.hits(node)) return;
    const escape = flow.escape(node);
    if (escape) report(node, undefined, false, escape.how);
  });
  return diagnostics;
}

class MapReads {
  constructor(
    private readonly program: Program,
    private readonly index: AstIndex,
    private readonly values: JavaScriptValues,
    private readonly libraryCallees: ReadonlySet<string>,
  ) {}

  /** Whether `read` reads a map or an object used as one (a list's or text's index past its end stops the program instead). */
  isMapRead(read: IndexExpression): boolean {
    const type = this.model.typeOf(read.object.id);
    const base = type ? stripOptional(type) : undefined;
    if (base?.kind === 'map' || base?.kind === 'object') return true;
    if (base && base.kind !== 'any') return false;
    // Of no known type: a map unless it is only ever a list or a text, or the index a number (a list's or text's, most likely).
    const index = this.model.typeOf(read.index.id);
    if (index && stripOptional(index).kind === 'number') return false;
    return (this.values.valueOf(read.object) & OBJECT) !== 0;
  }

  private get model(): SemanticModel {
    return this.values.model;
  }

  private readonly known = new Map<string, boolean>();

  /** Whether `read` is known to find its key (once per read). */
  hits(read: IndexExpression): boolean {
    let hit = this.known.get(read.id);
    if (hit === undefined) this.known.set(read.id, (hit = this.findsKey(read)));
    return hit;
  }

  private findsKey(read: IndexExpression): boolean {
    const map = printNode(read.object);
    const type = this.model.typeOf(read.object.id);
    if (read.index.type === 'Literal' && typeof read.index.value === 'string' && type?.kind === 'object' && type.fields.has(read.index.value) && !this.removes(this.program, map)) return true;
    return this.holds(read, map, read.index, printNode(read), 0);
  }

  /**
   * Whether the map is known to hold `key` where `from` is: a read of it compared with null
   * (`read`, its text) or `includes(map, key)` in an enclosing condition, the key set before in an
   * enclosing block, or the key walked from the map's keys or from a list of keys it set.
   */
  private holds(from: Node, map: string, key: Expression, read: string | undefined, depth: number): boolean {
    const keyText = keyOf(key);
    const keyName = key.type === 'Identifier' ? key.name : undefined;
    if (this.walksKeys(key, map, depth)) return true;
    let child: Node = from;
    for (let parent = this.index.parent(from.id); parent; child = parent, parent = this.index.parent(parent.id)) {
      const kept = (branch: Node): boolean => !this.removes(branch, map) && !(keyName !== undefined && assigns(branch, keyName));
      switch (parent.type) {
        case 'IfStatement':
          if (child === parent.consequent && this.tests(parent.condition, map, keyText, read, true) && kept(child)) return true;
          if (child === parent.alternate && this.tests(parent.condition, map, keyText, read, false) && kept(child)) return true;
          break;
        case 'ConditionalExpression':
          if (child === parent.consequent && this.tests(parent.condition, map, keyText, read, true)) return true;
          if (child === parent.alternate && this.tests(parent.condition, map, keyText, read, false)) return true;
          break;
        case 'BinaryExpression':
          if (parent.operator === '&&' && child === parent.right && this.tests(parent.left, map, keyText, read, true)) return true;
          break;
        case 'Block':
          if (this.setBefore(parent.statements, child as Statement, map, key)) return true;
          break;
        case 'Program':
          if (this.setBefore(parent.children, child as Statement, map, key)) return true;
          break;
        case 'FunctionDeclaration':
        case 'Lambda':
          return false;
      }
    }
    return false;
  }

  /** Whether `condition` being `when` means the key is held: `includes(map, key)`, or the read compared with null, in a conjunction (or a disjunction when false). */
  private tests(condition: Expression, map: string, key: string, read: string | undefined, when: boolean): boolean {
    if (condition.type === 'BinaryExpression') {
      if (condition.operator === (when ? '&&' : '||')) return this.tests(condition.left, map, key, read, when) || this.tests(condition.right, map, key, read, when);
      // A number's truth as imported: `abs(read) > 0`.
      const truth = condition.operator === '>' && condition.right.type === 'Literal' && condition.right.value === 0 && this.isLibraryCall(condition.left, 'abs') && condition.left.type === 'CallExpression' ? condition.left.arguments[0] : undefined;
      if (truth && read !== undefined && printNode(truth) === read) return when;
      const other = condition.right.type === 'Literal' && condition.right.value === null ? condition.left : undefined;
      if (other && read !== undefined && printNode(other) === read) return condition.operator === (when ? '!=' : '==');
      return false;
    }
    if (condition.type === 'UnaryExpression' && condition.operator === '!') return this.tests(condition.operand, map, key, read, !when);
    // The read itself true: a missing key's undefined (null in Whetstone) is false.
    if (when && read !== undefined && printNode(condition) === read) return true;
    if (when && read !== undefined && this.isLibraryCall(condition, 'jsTruthy') && condition.type === 'CallExpression' && printNode(condition.arguments[0]) === read) return true;
    return when && this.isLibraryCall(condition, 'includes') && condition.type === 'CallExpression' && printNode(condition.arguments[0]) === map && keyOf(condition.arguments[1]) === key;
  }

  /**
   * Whether the key is the name of a loop over the map's keys (or a name given that loop's
   * element, as entries are walked), or over a list the program fills only with keys the map is
   * known to hold when each is pushed (and never removes).
   */
  private walksKeys(key: Expression, map: string, depth: number): boolean {
    if (key.type !== 'Identifier') return false;
    let declaration = this.declarationOf(key);
    // The first parameter of a callback a built-in walks over the map's keys: `map(keys(m), fn(k) => m[k])`.
    const callback = declaration?.type === 'Parameter' ? this.index.parent(declaration.id) : undefined;
    if (callback?.type === 'Lambda') {
      const walk = this.index.parent(callback.id);
      const walked = walk?.type === 'CallExpression' && walk.arguments[1] === callback && walk.callee.type === 'Identifier' && this.libraryCallees.has(walk.callee.id) ? walk.arguments[0] : undefined;
      return callback.parameters[0] === declaration && walked !== undefined && (this.isLibraryCall(walked, 'keys') || this.isLibraryCall(walked, 'jsKeys')) && walked.type === 'CallExpression' && printNode(walked.arguments[0]) === map && !this.removes(callback.body, map);
    }
    if (declaration?.type === 'VariableDeclaration' && declaration.initializer?.type === 'Identifier') declaration = this.declarationOf(declaration.initializer);
    if (declaration?.type !== 'ForStatement' || this.removes(declaration.body, map)) return false;
    let iterable = declaration.iterable;
    if (iterable.type === 'Identifier') {
      const held = this.declarationOf(iterable);
      if (held?.type !== 'VariableDeclaration' || !held.initializer) return false;
      if (held.initializer.type === 'ArrayLiteral' && held.initializer.elements.length === 0) return depth < 2 && this.listOfKeys(held, map, depth);
      if (held.kind !== 'const') return false;
      iterable = held.initializer;
    }
    return (this.isLibraryCall(iterable, 'keys') || this.isLibraryCall(iterable, 'jsKeys')) && iterable.type === 'CallExpression' && printNode(iterable.arguments[0]) === map;
  }

  /** Whether the list `declaration` makes (empty) is only walked, measured, and pushed keys the map holds, and the map loses none. */
  private listOfKeys(declaration: Node, map: string, depth: number): boolean {
    if (this.removes(this.program, map) || assigns(this.program, map)) return false;
    let only = true;
    walk(this.program, (node) => {
      if (!only || node.type !== 'Identifier' || this.model.definitionOf(node.id) !== declaration.id) return;
      const parent = this.index.parent(node.id);
      if (parent?.type === 'ForStatement' && parent.iterable === node) return;
      if (parent?.type === 'CallExpression' && parent.arguments[0] === node && this.isLibraryCall(parent, 'len')) return;
      if (parent?.type === 'CallExpression' && parent.arguments[0] === node && this.isLibraryCall(parent, 'push') && parent.arguments.length === 2 && this.holds(parent, map, parent.arguments[1], undefined, depth + 1)) return;
      only = false;
    });
    return only;
  }

  private declarationOf(identifier: Expression): Node | undefined {
    const declared = this.model.definitionOf(identifier.id);
    return declared ? this.index.node(declared) : undefined;
  }

  /**
   * Whether a statement of `block` before `statement` sets the key: `map[key] = …`, with nothing
   * between that removes a key of the map or assigns the key's name; or a loop over a list that
   * sets `map[item]` for each item before `statement`, a loop over the same list whose item is the
   * key.
   */
  private setBefore(statements: readonly Node[], statement: Statement, map: string, keyExpression: Expression): boolean {
    const block = { statements };
    const at = statements.indexOf(statement);
    const key = keyOf(keyExpression);
    const keyName = keyExpression.type === 'Identifier' ? keyExpression.name : undefined;
    const loop = statement.type === 'ForStatement' && statement.iterator === keyName && statement.iterable.type === 'Identifier' ? statement : undefined;
    for (let earlier = at - 1; earlier >= 0; earlier--) {
      const between = block.statements.slice(earlier + 1, at + 1);
      if (between.some((node) => this.removes(node, map) || assigns(node, map) || (keyName !== undefined && !loop && assigns(node, keyName)))) return false;
      const candidate = block.statements[earlier];
      if (sets(candidate, map, key)) return true;
      // `if (m[k] === undefined) { m[k] = 0; … }` (or `!m.has(k)`, `!m[k]`): held after it either way.
      if (candidate.type === 'IfStatement' && this.tests(candidate.condition, map, key, `${map}[${printNode(keyExpression)}]`, false) && setsFirst(candidate.consequent.statements, map, key)) return true;
      if (candidate.type !== 'ForStatement' || !setsEach(candidate, map)) continue;
      // The key is written in the list the loop walked, or walked again from the same list.
      if (candidate.iterable.type === 'ArrayLiteral' && candidate.iterable.elements.some((element) => keyOf(element) === key)) return true;
      if (loop && loop.iterable.type === 'Identifier' && printNode(candidate.iterable) === loop.iterable.name) {
        const list = loop.iterable.name;
        if (block.statements.slice(earlier + 1, at).some((node) => this.mayChange(node, list))) return false;
        return true;
      }
    }
    return false;
  }

  /** Whether `node` may change the list the name holds: it names it other than as a loop's list or an argument of a built-in that only reads it. */
  private mayChange(node: Node, list: string): boolean {
    let found = false;
    walk(node, (inner, parent) => {
      if (found || inner.type !== 'Identifier' || inner.name !== list) return;
      if (parent?.type === 'ForStatement' && parent.iterable === inner) return;
      if (parent?.type === 'CallExpression' && parent.callee !== inner && parent.callee.type === 'Identifier' && READS_ONLY.has(parent.callee.name) && this.libraryCallees.has(parent.callee.id)) return;
      found = true;
    });
    return found;
  }

  /** Whether `node` holds a removeKey of the map. */
  private removes(node: Node, map: string): boolean {
    let found = false;
    walk(node, (inner) => {
      if (!found && this.isLibraryCall(inner, 'removeKey') && inner.type === 'CallExpression' && printNode(inner.arguments[0]) === map) found = true;
    });
    return found;
  }

  private isLibraryCall(node: Node, name: string): boolean {
    return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === name && this.libraryCallees.has(node.callee.id) && node.arguments.length >= 1;
  }
}

/** Whether `statements` set `map[key]` before anything that may leave them. */
function setsFirst(statements: readonly Statement[], map: string, key: string): boolean {
  for (const step of statements) {
    if (sets(step, map, key)) return true;
    if (exits(step)) return false;
  }
  return false;
}

/** Whether the loop sets `map[item]` for each item it walks (before anything that may leave the body or change the item). */
function setsEach(loop: ForStatement, map: string): boolean {
  for (const step of loop.body.statements) {
    if (sets(step, map, loop.iterator)) return true;
    if (exits(step) || assigns(step, loop.iterator)) return false;
  }
  return false;
}

/** Whether `statement` is `map[key] = …` (or `+=`…: the key is held after it). */
function sets(statement: Node, map: string, key: string): boolean {
  return statement.type === 'AssignmentStatement' && statement.target.type === 'IndexExpression' && printNode(statement.target.object) === map && keyOf(statement.target.index) === key;
}

/** A key as a map compares it: a number written out by its value (-0 is 0), anything else by its text. */
function keyOf(key: Expression): string {
  const negated = key.type === 'UnaryExpression' && key.operator === '-' ? key.operand : undefined;
  const literal = negated ?? key;
  if (literal.type !== 'Literal' || typeof literal.value !== 'number') return printNode(key);
  const value = negated ? -literal.value : literal.value;
  return `#${value === 0 ? 0 : value}`;
}

/** Whether `node` assigns the name. */
function assigns(node: Node, name: string): boolean {
  let found = false;
  walk(node, (inner) => {
    if (inner.type === 'AssignmentStatement' && inner.target.type === 'Identifier' && inner.target.name === name) found = true;
  });
  return found;
}


/** Whether `node` may leave its loop's body early (break, continue, return, throw). */
function exits(node: Node): boolean {
  if (['BreakStatement', 'ContinueStatement', 'ReturnStatement', 'ThrowStatement'].includes(node.type)) return true;
  return childNodes(node).some(exits);
}
