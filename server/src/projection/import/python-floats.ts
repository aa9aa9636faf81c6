// Which values of an imported Python program may be floats that Python shows otherwise than
// Whetstone. Whetstone's numbers have no int/float distinction, so a whole float shows as 2 where
// Python shows 2.0. The value is followed through the program: names (per function scope, or the
// module's), the returns of the file's functions, parameters (from every call that passes them),
// and the elements of lists and dicts (a list's level is that of what it may hold). It is a fixed
// point: each assignment, return, argument and append is an effect that raises its target's level;
// an effect runs again only when something it read rises, and levels only rise, so it ends within
// a few runs per effect. Where a value's source cannot be followed (a name imported from another
// module, a call of something not the file's, a parameter of a function used as a value or never
// called), it may be a float, unless the source's hint says int. Where a shown value may be a
// float, the program is run (python-float-run.ts) to see what it shows there. The run is made once
// per import, for every program: the other checks read what it met (python-membership.ts,
// python-run-findings.ts).
import { floorDivision, MATH_CONSTANT, runForFloats, type RunResult, type ShownByPystr } from './python-float-run';
import { BUILTINS } from '../../core/semantics';
import { childNodes, type CallExpression, type Expression, type Lambda, type Node, type Program, type FunctionDeclaration } from '../../core/ast';
import { TEXT_KINDS } from '../text-kinds';

/**
 * 0: no float. 1: only floats written as literals that show the same in both (2.5, not 2.0 nor
 * 1e16), and not computed on. 2: may be a float that Python shows otherwise (2.0).
 */
type Level = 0 | 1 | 2;

type Fn = FunctionDeclaration | Lambda;

interface Scope {
  node: Program | Fn;
  names: Set<string>;
  parent: Scope | undefined;
}

interface Effect {
  /** The key it raises: a name `v:<scope id>:<name>`, a return `r:<function id>`, or the lists a name may share `m:<name key>`. */
  target: string;
  compute: () => Level;
}

/** Library calls whose result is a number that is never a float (or is not a number). */
const NEVER_FLOAT = new Set(['int', 'pyInt', 'roundEven', 'gcd', 'isqrt', 'factorial', 'len', 'countItems', 'range', 'str', 'pystr', 'join', 'split', 'splitWords', 'charsOf', 'indexOf', 'lastIndexOf', 'includes', 'print', 'assert', 'push', 'splice', 'sort', 'reverse', 'some', 'every', 'forEach', 'pyEquals', 'pyTruthy']);
/** The text built-ins: a text, a bool, or a count. */
const TEXT_BUILTINS = new Set(['radixText', 'repeatText', 'upper', 'lower', 'trim', 'trimStart', 'trimEnd', 'startsWith', 'endsWith', 'replace', 'countOf', 'substring', 'padStart', 'padEnd', 'charCodeAt', 'charAt', 'fromCharCode', 'trimChars', 'trimStartChars', 'trimEndChars', 'zeroFill', 'formatFixed', ...TEXT_KINDS.keys()]);
/** Library calls that give one of their arguments, or lists of their elements: the level of those. */
const KEEPS_ARGUMENTS = new Set(['abs', 'min', 'max', 'minOf', 'maxOf', 'sorted', 'reversed', 'values', 'keys', 'concat']);
/** Library calls that give their first argument's elements. */
const KEEPS_FIRST = new Set(['slice', 'stepSlice', 'repeat', 'pop', 'shift', 'filter', 'find']);
/** Type hint words that hold no float: a parameter hinted with only these is not one. */
const FLOATLESS_HINTS = new Set(['int', 'str', 'bool', 'None', 'list', 'List', 'dict', 'Dict', 'Optional', 'tuple', 'Tuple', 'set', 'Set', 'Sequence', 'Iterable', 'Mapping']);

const FLOAT_LITERAL = /^[0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9_]+)?$/;

/**
 * For `program` (an imported Python file; `libraryCallees` the callees of the built-in calls the
 * import made, `text` the source): whether a value shown by print or str (an argument of one of
 * those calls) may be a float that Python would show otherwise than Whetstone.
 */
export function pythonFloatsShown(program: Program, libraryCallees: ReadonlySet<string>, text: string): (shown: Expression) => boolean {
  const analysis = floatAnalysis(program, libraryCallees, text);
  return (shown) => analysis.mayShowAsFloat(shown);
}

/** Whether a value shown by str may be a float at all, even one Python and Whetstone print alike (Python's d format raises for one). */
export function pythonFloatsAtAll(program: Program, libraryCallees: ReadonlySet<string>, text: string): (shown: Expression) => boolean {
  const analysis = floatAnalysis(program, libraryCallees, text);
  return (shown) => analysis.mayBeFloat(shown);
}

/**
 * What the values the run at import showed at `shown` were, as pystr shows them (see RunResult);
 * undefined where it does not know: a run that did not see all the program
 * does, or a place it never reached (python-run-gaps.ts reports those).
 */
export function pythonShownByPystr(program: Program, libraryCallees: ReadonlySet<string>, text: string): (shown: Expression) => ShownByPystr | undefined {
  const ran = pythonRun(program, libraryCallees, text);
  return (shown) => ran.pystrShown?.get(shown.id);
}

/** One analysis, and so one run, per imported program: the first check that asks makes it. */
const analyses = new WeakMap<Program, FloatAnalysis>();

/** Drops the run and analysis made of `program`: a check changed it, and the next that asks gets one of what it became. */
export function forgetPythonRun(program: Program): void {
  analyses.delete(program);
}

/**
 * The import's run of `program` (python-float-run.ts), made the first time any check asks;
 * `listsOnly` are the expressions the run must find lists or texts in (a check that asks later
 * with others than the run held gets a run of its own).
 */
export function pythonRun(program: Program, libraryCallees: ReadonlySet<string>, text: string, listsOnly?: ReadonlySet<string>): RunResult {
  return floatAnalysis(program, libraryCallees, text, listsOnly).ran;
}

function floatAnalysis(program: Program, libraryCallees: ReadonlySet<string>, text: string, listsOnly?: ReadonlySet<string>): FloatAnalysis {
  let analysis = analyses.get(program);
  if (!analysis || [...(listsOnly ?? [])].some((id) => !analysis!.listsOnly.has(id))) {
    analyses.set(program, (analysis = new FloatAnalysis(program, libraryCallees, text, listsOnly)));
  }
  return analysis;
}

class FloatAnalysis {
  private readonly scopes = new Map<string, Scope>();
  private readonly levels = new Map<string, Level>();
  private readonly effects: Effect[] = [];
  /** Names bound only to functions: their functions (a module def, lambdas and nested defs). */
  private readonly functions = new Map<string, Fn[]>();
  /** Names also bound to something else: a call through them cannot be followed. */
  private readonly opaque = new Set<string>();
  private readonly called = new Set<Fn>();
  private readonly escaped = new Set<Fn>();
  private readonly allFunctions: Fn[] = [];
  /**
   * Names that may share one list or dict (assigned, passed, returned or stored one into another;
   * `a:<function id>` stands for what a function returns): an append to one reaches all.
   */
  private readonly shared = new Map<string, string>();
  /** Names the file imports from other modules: what they hold is not known here. */
  private readonly imported = new Set<string>();
  /** The scope of each shown value. */
  private readonly shownIn = new Map<string, Scope>();
  private readonly shownNodes = new Map<string, Expression>();
  /** The run of the program: per shown value, whether it showed as a float (undefined when the run gave up), and what it found. */
  readonly ran: RunResult;
  /** While an effect runs: the keys it reads. */
  private reading: Set<string> | undefined;

  constructor(
    program: Program,
    private readonly libraryCallees: ReadonlySet<string>,
    private readonly text: string,
    readonly listsOnly: ReadonlySet<string> = new Set(),
  ) {
    for (const child of program.children) {
      if (child.type === 'ImportDeclaration') for (const name of [...child.names, child.module.split('.')[0]]) this.imported.add(name);
    }
    const top = this.declare(program, undefined);
    this.bindFunctions(program, top);
    this.collect(program, top, null);
    for (const fn of this.allFunctions) {
      if (this.called.has(fn) && !this.escaped.has(fn)) continue;
      // Called from outside the file's sight: what its parameters carry is not known.
      for (const param of fn.parameters) {
        const level: Level = this.floatlessHint(param) ? 0 : 2;
        this.effects.push({ target: `v:${fn.id}:${param.name}`, compute: () => level });
      }
    }
    for (const effect of this.effects) if (effect.target.startsWith('m:')) effect.target = `m:${this.find(effect.target.slice(2))}`;
    this.solve();
    // Where following the values says "may be", the run tells (median([3, 1, 2]) is an int).
    this.ran = runForFloats(program, text, (node) => this.scopes.get(node.id)!, (callee, scope) => this.isLibrary(callee, scope as Scope), listsOnly);
  }

  mayBeFloat(shown: Expression): boolean {
    const scope = this.shownIn.get(shown.id);
    if (scope === undefined || this.level(shown, scope) < 1) return false;
    return this.ran.floatsShown?.get(shown.id) ?? true;
  }

  mayShowAsFloat(shown: Expression): boolean {
    const scope = this.shownIn.get(shown.id);
    if (scope === undefined || this.level(shown, scope) < 2) return false;
    // A run of the program that ended saw every value it showed there; what it did not reach (a
    // function the file never calls) stays may-be.
    return this.ran.shown?.get(shown.id) ?? true;
  }

  // ---------------------------------------------------------------------------------------------
  // Reading the program

  /** Makes the scope of `node` and of every function under it, with the names each declares. */
  private declare(node: Program | Fn, parent: Scope | undefined): Scope {
    const scope: Scope = { node, names: new Set(), parent };
    this.scopes.set(node.id, scope);
    if (node.type !== 'Program') {
      this.allFunctions.push(node);
      for (const param of node.parameters) scope.names.add(param.name);
    }
    const visit = (child: Node): void => {
      if (child.type === 'FunctionDeclaration' || child.type === 'Lambda') {
        if (child.type === 'FunctionDeclaration') scope.names.add(child.name);
        for (const param of child.parameters) if (param.defaultValue) visit(param.defaultValue);
        this.declare(child, scope);
        return;
      }
      if (child.type === 'VariableDeclaration') scope.names.add(child.name);
      if (child.type === 'ForStatement') scope.names.add(child.iterator);
      if (child.type === 'TryStatement') scope.names.add(child.catchName);
      for (const grandchild of childNodes(child)) visit(grandchild);
    };
    for (const child of node.type === 'Program' ? node.children : [node.body]) visit(child);
    return scope;
  }

  private scopeOf(fn: Fn): Scope {
    return this.scopes.get(fn.id)!;
  }

  /** The key of the name `name` read in `scope`, or undefined when the file does not declare it. */
  private resolve(name: string, scope: Scope): string | undefined {
    for (let at: Scope | undefined = scope; at; at = at.parent) if (at.names.has(name)) return `v:${at.node.id}:${name}`;
    return undefined;
  }

  /** Which names hold only functions (a call through them reaches those) and which hold anything else. */
  private bindFunctions(node: Node, scope: Scope): void {
    const bind = (name: string, value: Expression | null | 'other'): void => {
      const key = this.resolve(name, scope);
      if (!key) return;
      if (value !== null && value !== 'other' && value.type === 'Lambda') this.addFunction(key, value);
      else if (value !== null) this.opaque.add(key);
    };
    switch (node.type) {
      case 'FunctionDeclaration': {
        const key = this.resolve(node.name, scope);
        if (key) this.addFunction(key, node);
        break;
      }
      case 'VariableDeclaration':
        bind(node.name, node.initializer);
        break;
      case 'AssignmentStatement':
        if (node.target.type === 'Identifier') bind(node.target.name, node.operator === '=' ? node.value : 'other');
        break;
      case 'MultipleAssignment':
        for (const target of node.targets) if (target.type === 'Identifier') bind(target.name, 'other');
        break;
      case 'ForStatement':
        bind(node.iterator, 'other');
        break;
    }
    if (node.type === 'FunctionDeclaration' || node.type === 'Lambda') {
      const inner = this.scopeOf(node);
      for (const param of node.parameters) this.opaque.add(`v:${node.id}:${param.name}`);
      for (const param of node.parameters) if (param.defaultValue) this.bindFunctions(param.defaultValue, scope);
      this.bindFunctions(node.body, inner);
      return;
    }
    for (const child of childNodes(node)) this.bindFunctions(child, scope);
  }

  /**
   * Whether `callee` is a built-in: one the import mapped a library call to, or a built-in's name
   * the file does not declare (`from math import floor`).
   */
  isLibrary(callee: Expression, scope: Scope): boolean {
    return callee.type === 'Identifier' && (this.libraryCallees.has(callee.id) || (BUILTINS.has(callee.name) && !this.resolve(callee.name, scope)));
  }

  /**
   * The level of a name the file does not declare: one it imports, or a built-in's, may hold
   * anything; any other is reported as outside the library tables (library-names.ts), so not here.
   */
  private undeclared(name: string): Level {
    return this.imported.has(name) || BUILTINS.has(name) ? 2 : 0;
  }

  private addFunction(key: string, fn: Fn): void {
    const list = this.functions.get(key);
    if (list) list.push(fn);
    else this.functions.set(key, [fn]);
  }

  /** The functions a call of `callee` reaches, or undefined when that cannot be followed. */
  private targets(callee: Expression, scope: Scope): Fn[] | undefined {
    if (callee.type === 'Lambda') return [callee];
    if (callee.type !== 'Identifier') return undefined;
    const key = this.resolve(callee.name, scope);
    return key && !this.opaque.has(key) ? this.functions.get(key) : undefined;
  }

  /** Records the effects, shared lists, calls and escaping functions under `node`. */
  private collect(node: Node, scope: Scope, parent: Node | null): void {
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.initializer) this.assign(node.name, node.initializer, scope);
        break;
      case 'AssignmentStatement':
        this.assignment(node.target, node.operator, node.value, scope);
        break;
      case 'MultipleAssignment':
        node.targets.forEach((target, index) => {
          const value = node.values[index];
          if (value) this.assignment(target, '=', value, scope);
        });
        break;
      case 'ForStatement':
        // The loop's name takes each element: the level of what the iterable holds.
        this.assign(node.iterator, node.iterable, scope);
        break;
      case 'ReturnStatement':
        if (node.value && scope.node.type !== 'Program') {
          const value = node.value;
          this.effects.push({ target: `r:${scope.node.id}`, compute: () => this.level(value, scope) });
          // A list it returns is the caller's too.
          for (const root of this.roots(value, scope)) this.share(`a:${scope.node.id}`, root);
        }
        break;
      case 'CallExpression':
        this.call(node, scope);
        break;
      case 'Identifier': {
        // A function named other than where it is called is used as a value: its callers are not known.
        const isCallee = parent?.type === 'CallExpression' && parent.callee === node;
        const isTarget = (parent?.type === 'AssignmentStatement' && parent.target === node) || (parent?.type === 'MultipleAssignment' && parent.targets.includes(node));
        if (!isCallee && !isTarget) {
          const key = this.resolve(node.name, scope);
          for (const fn of (key && this.functions.get(key)) || []) this.escaped.add(fn);
        }
        break;
      }
      case 'Lambda': {
        const bound =
          (parent?.type === 'VariableDeclaration' && parent.initializer === node) ||
          (parent?.type === 'AssignmentStatement' && parent.value === node && parent.operator === '=' && parent.target.type === 'Identifier') ||
          (parent?.type === 'CallExpression' && parent.callee === node);
        if (!bound) this.escaped.add(node);
        break;
      }
    }
    if (node.type === 'FunctionDeclaration' || node.type === 'Lambda') {
      const inner = this.scopeOf(node);
      for (const param of node.parameters) {
        const value = param.defaultValue;
        if (!value) continue;
        this.collect(value, scope, param);
        this.effects.push({ target: `v:${node.id}:${param.name}`, compute: () => this.level(value, scope) });
      }
      if (node.type === 'Lambda' && node.body.type !== 'Block') {
        const body = node.body;
        this.effects.push({ target: `r:${node.id}`, compute: () => this.level(body, inner) });
        for (const root of this.roots(body, inner)) this.share(`a:${node.id}`, root);
      }
      this.collect(node.body, inner, node);
      return;
    }
    for (const child of childNodes(node)) this.collect(child, scope, node);
  }

  private assign(name: string, value: Expression, scope: Scope): void {
    const key = this.resolve(name, scope);
    if (!key) return;
    this.effects.push({ target: key, compute: () => this.level(value, scope) });
    for (const root of this.roots(value, scope)) this.share(key, root);
  }

  private assignment(target: Expression, operator: string, value: Expression, scope: Scope): void {
    if (target.type === 'Identifier' && operator === '=') {
      this.assign(target.name, value, scope);
      return;
    }
    const key = target.type === 'Identifier' ? this.resolve(target.name, scope) : this.mutated(target, scope);
    if (!key) return;
    // xs[i] = v puts v in the list xs and every list it shares; x += v and xs[i] += v compute.
    const into = target.type === 'Identifier' ? key : `m:${key}`;
    if (operator === '=') {
      this.effects.push({ target: into, compute: () => this.level(value, scope) });
      for (const root of this.roots(value, scope)) this.share(key, root);
    } else {
      this.effects.push({ target: into, compute: () => (operator === '/=' || Math.max(this.level(target, scope), this.level(value, scope)) > 0 ? 2 : 0) });
    }
  }

  private call(call: CallExpression, scope: Scope): void {
    const args = call.arguments as Expression[];
    const callee = call.callee;
    if (callee.type === 'Identifier' && this.isLibrary(callee, scope)) {
      if (callee.name === 'print' || callee.name === 'str') {
        for (const arg of args) {
          this.shownIn.set(arg.id, scope);
          this.shownNodes.set(arg.id, arg);
        }
      }
      // push(xs, v) and splice(xs, i, 0, [v]) put v into xs.
      const added = callee.name === 'push' ? args[1] : callee.name === 'splice' ? args[3] : undefined;
      const list = added && args[0] ? this.mutated(args[0], scope) : undefined;
      if (added && list) {
        this.effects.push({ target: `m:${list}`, compute: () => this.level(added, scope) });
        for (const root of this.roots(added, scope)) this.share(list, root);
      }
      return;
    }
    const targets = this.targets(callee, scope);
    for (const fn of targets ?? []) {
      this.called.add(fn);
      fn.parameters.forEach((param, index) => {
        const arg = args[index];
        if (!arg) return;
        const key = `v:${fn.id}:${param.name}`;
        this.effects.push({ target: key, compute: () => this.level(arg, scope) });
        for (const root of this.roots(arg, scope)) this.share(key, root);
      });
    }
  }

  /** The one key for the lists a changed value may be (all of them made one). */
  private mutated(expression: Expression, scope: Scope): string | undefined {
    const [first, ...rest] = this.roots(expression, scope);
    for (const other of rest) this.share(first, other);
    return first;
  }

  /** The names whose lists or dicts a value may be (or hold): an append to it reaches them. */
  private roots(expression: Expression, scope: Scope): string[] {
    switch (expression.type) {
      case 'Identifier': {
        const key = this.resolve(expression.name, scope);
        return key ? [key] : [];
      }
      case 'IndexExpression':
      case 'MemberExpression':
        return this.roots(expression.object, scope);
      case 'ConditionalExpression':
        return [...this.roots(expression.consequent, scope), ...this.roots(expression.alternate, scope)];
      case 'ArrayLiteral':
        return expression.elements.flatMap((element) => this.roots(element, scope));
      case 'ObjectLiteral':
        return expression.properties.flatMap((property) => this.roots(property.value, scope));
      case 'CallExpression': {
        const callee = expression.callee;
        if (callee.type !== 'Identifier' || !this.isLibrary(callee, scope)) return (this.targets(callee, scope) ?? []).map((fn) => `a:${fn.id}`);
        if (!KEEPS_ARGUMENTS.has(callee.name) && !KEEPS_FIRST.has(callee.name)) return [];
        return (expression.arguments as Expression[]).flatMap((arg) => this.roots(arg, scope));
      }
      default:
        return [];
    }
  }

  private find(key: string): string {
    let root = key;
    while (this.shared.has(root)) root = this.shared.get(root)!;
    // Shortened as it goes, so later finds are direct.
    for (let at = key; at !== root; ) {
      const next = this.shared.get(at)!;
      this.shared.set(at, root);
      at = next;
    }
    return root;
  }

  private share(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.shared.set(ra, rb);
  }

  private floatlessHint(param: { span: { startOffset: number; endOffset: number } }): boolean {
    const written = this.text.slice(param.span.startOffset, param.span.endOffset);
    const hint = /^\s*\w+\s*:\s*([^=]+?)\s*(=|$)/.exec(written)?.[1];
    return hint !== undefined && (hint.match(/[A-Za-z_]\w*/g) ?? []).every((word) => FLOATLESS_HINTS.has(word));
  }

  // ---------------------------------------------------------------------------------------------
  // The fixed point

  private solve(): void {
    const readers = new Map<string, Effect[]>();
    const pending: Effect[] = [];
    for (const effect of this.effects) {
      this.reading = new Set();
      this.raise(effect);
      for (const key of this.reading) {
        const list = readers.get(key);
        if (list) list.push(effect);
        else readers.set(key, [effect]);
      }
    }
    this.reading = undefined;
    // Every effect ran once, reading the levels of the time; those whose reads rose since run again.
    for (const effect of this.effects) pending.push(effect);
    while (pending.length > 0) {
      const effect = pending.pop()!;
      if (this.raise(effect)) for (const reader of readers.get(effect.target) ?? []) pending.push(reader);
    }
  }

  /** Runs an effect; whether its target rose. */
  private raise(effect: Effect): boolean {
    const level = effect.compute();
    if (level <= (this.levels.get(effect.target) ?? 0)) return false;
    this.levels.set(effect.target, level);
    return true;
  }

  private read(key: string): Level {
    this.reading?.add(key);
    return this.levels.get(key) ?? 0;
  }

  /** A name's level: its own, or that of the lists it shares. */
  private nameLevel(key: string): Level {
    return Math.max(this.read(key), this.read(`m:${this.find(key)}`)) as Level;
  }

  // ---------------------------------------------------------------------------------------------
  // Levels of expressions (every part is read, so an effect's reads are the same on every run)

  private level(expression: Expression, scope: Scope): Level {
    switch (expression.type) {
      case 'Literal':
        return typeof expression.value === 'number' ? this.literalLevel(expression.value, expression.span) : 0;
      case 'Identifier': {
        const key = this.resolve(expression.name, scope);
        return key ? this.nameLevel(key) : this.undeclared(expression.name);
      }
      case 'BinaryExpression': {
        const [left, right] = [this.level(expression.left, scope), this.level(expression.right, scope)];
        switch (expression.operator) {
          case '/':
            return 2;
          case '+':
          case '-':
          case '*':
          case '%':
            return left > 0 || right > 0 ? 2 : 0;
          case '**':
            return this.power(left, expression.right);
          case '&&':
          case '||':
            // Python's and/or give one of their operands.
            return Math.max(left, right) as Level;
          default:
            return 0;
        }
      }
      case 'UnaryExpression': {
        const operand = this.level(expression.operand, scope);
        return expression.operator === '-' ? operand : expression.operator === '!' ? 0 : 2;
      }
      case 'ConditionalExpression':
        this.level(expression.condition, scope);
        return Math.max(this.level(expression.consequent, scope), this.level(expression.alternate, scope)) as Level;
      case 'ArrayLiteral':
        return highest(expression.elements.map((element) => this.level(element, scope)));
      case 'ObjectLiteral':
        return highest(expression.properties.map((property) => this.level(property.value, scope)));
      case 'IndexExpression':
        this.level(expression.index, scope);
        return this.level(expression.object, scope);
      case 'MemberExpression':
        return this.level(expression.object, scope);
      case 'CallExpression':
        return this.callLevel(expression, scope);
      case 'Lambda':
      case 'TypeTest':
        return 0;
      case 'ErrorNode':
        // Left out and reported where it was.
        return 0;
      default:
        return 2;
    }
  }

  /** A number literal: a float as written (2.0, 1e3) may show otherwise, unless its digits show the same in both (2.5). */
  private literalLevel(value: number, span: { startOffset: number; endOffset: number }): Level {
    const written = this.text.slice(span.startOffset, span.endOffset);
    if (MATH_CONSTANT.test(written)) return 1;
    if (!FLOAT_LITERAL.test(written) || !/[.eE]/.test(written)) return 0;
    // Python writes a float with an exponent from 1e16 up and below 1e-4, JavaScript from 1e21 and below 1e-6.
    const same = Number.isFinite(value) && !Number.isInteger(value) && Math.abs(value) >= 1e-4 && Math.abs(value) < 1e16;
    return same ? 1 : 2;
  }

  /** `a ** b` (or pow(a, b)): an int to a power that is a non-negative int literal is an int. */
  private power(base: Level, exponent: Expression): Level {
    const written = exponent.type === 'Literal' ? this.text.slice(exponent.span.startOffset, exponent.span.endOffset) : '';
    return base === 0 && /^[0-9_]+$/.test(written) ? 0 : 2;
  }

  private callLevel(call: CallExpression, scope: Scope): Level {
    const args = call.arguments as Expression[];
    const levels = args.map((arg) => this.level(arg, scope));
    const most = highest(levels);
    const callee = call.callee;
    if (callee.type === 'Identifier' && this.isLibrary(callee, scope)) {
      const name = callee.name;
      const written = this.text.slice(call.span.startOffset, call.span.endOffset);
      // float(…), math.sqrt and math.fabs (imported as abs) give floats.
      if (name === 'num' || name === 'sqrt' || (name === 'abs' && /^math\s*\.\s*fabs\b/.test(written))) return 2;
      if (name === 'pow') return /^math\s*\.\s*pow\b/.test(written) ? 2 : this.power(levels[0] ?? 2, args[1]);
      if (name === 'floor' || name === 'ceil') {
        // math.floor and math.ceil give ints; a // b (floor of a / b) is a float when either is.
        const quotient = floorDivision(call);
        if (!quotient) return 0;
        return this.level(quotient.left, scope) > 0 || this.level(quotient.right, scope) > 0 ? 2 : 0;
      }
      // round(x, n) of an int is that int; of a float, a float that may be whole.
      if (name === 'round') return args.length < 2 ? 0 : levels[0] > 0 ? 2 : 0;
      if (NEVER_FLOAT.has(name) || TEXT_BUILTINS.has(name)) return 0;
      // sum of ints is an int (sum([]) is 0); of floats, a float that may be whole.
      if (name === 'sum') return most > 0 ? 2 : 0;
      if (KEEPS_ARGUMENTS.has(name)) return most;
      if (KEEPS_FIRST.has(name)) return levels[0] ?? 0;
      return 2;
    }
    // sum of ints is an int (sum([]) is 0); of floats, a float that may be whole.
    if (callee.type === 'Identifier' && callee.name === 'sum' && !this.resolve('sum', scope)) return most > 0 ? 2 : 0;
    const calleeLevel = callee.type === 'Lambda' ? 0 : this.level(callee, scope);
    const targets = this.targets(callee, scope);
    // A name the file neither declares nor imports is reported elsewhere; anything else unknown may give a float.
    if (!targets) return callee.type === 'Identifier' && !this.resolve(callee.name, scope) ? calleeLevel : 2;
    return highest(targets.map((fn) => this.read(`r:${fn.id}`)));
  }
}

/** The highest of some levels (0 for none), without spreading them into arguments (a list literal may be long). */
function highest(levels: Level[]): Level {
  let most: Level = 0;
  for (const level of levels) if (level > most) most = level;
  return most;
}
