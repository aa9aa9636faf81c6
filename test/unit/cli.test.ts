// The command line as it ships (dist/cli.js): check's text and JSON output and exit codes, parse's
// JSON, help and usage errors.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface DiagnosticLine {
  file: string;
  code: string;
  severity: string;
  message: string;
  nodeId: string;
  line: number;
  column: number;
  span: { start: { line: number; column: number }; end: { line: number; column: number }; startOffset: number; endOffset: number };
  hint: string | null;
  fix?: unknown[];
}

function jsonLines(stdout: string): DiagnosticLine[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as DiagnosticLine);
}

describe('whetstone-agent check', () => {
  it('exits 0 and prints nothing for a clean file', () => {
    const result = run('check', '--json', join(FIXTURES, 'clean.wst'));
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '');
  });

  it('exits 0 when there are only warnings', () => {
    const result = run('check', '--json', join(FIXTURES, 'warning-only.wst'));
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(jsonLines(result.stdout).map((d) => [d.code, d.severity]), [['W_UNUSED', 'warning']]);
  });

  it('exits 1 with one JSON object a line, with the core positions, for a file with errors', () => {
    const file = join(FIXTURES, 'folder', 'undefined.wst');
    const result = run('check', '--json', file);
    assert.equal(result.status, 1, result.stderr);
    const diagnostics = jsonLines(result.stdout);
    const undefinedName = diagnostics.find((d) => d.code === 'E_UNDEFINED');
    assert.ok(undefinedName, result.stdout);
    assert.equal(undefinedName.file, file);
    assert.equal(undefinedName.severity, 'error');
    assert.match(undefinedName.message, /nmae/);
    assert.match(undefinedName.nodeId, /^node_\d+$/);
    // `nmae` is on line 2 (1-based) at column 21 (0-based), as in the AST.
    const text = readFileSync(file, 'utf8');
    assert.equal(undefinedName.line, 2);
    assert.equal(undefinedName.column, text.split('\n')[1].indexOf('nmae'));
    assert.equal(text.slice(undefinedName.span.startOffset, undefinedName.span.endOffset), 'nmae');
    assert.equal(undefinedName.hint, "Did you mean 'name'?");
    for (const d of diagnostics) assert.deepEqual(Object.keys(d).slice(0, 9), ['file', 'code', 'severity', 'message', 'nodeId', 'line', 'column', 'span', 'hint']);
  });

  it('walks folders for *.wst files, syntax and semantic diagnostics together', () => {
    const result = run('check', '--json', join(FIXTURES, 'folder'));
    assert.equal(result.status, 1, result.stderr);
    const diagnostics = jsonLines(result.stdout);
    const files = [...new Set(diagnostics.map((d) => d.file))];
    assert.deepEqual(files, [join(FIXTURES, 'folder', 'nested', 'syntax.wst'), join(FIXTURES, 'folder', 'undefined.wst')]);
    assert.ok(diagnostics.some((d) => d.code === 'E_SYNTAX'));
    assert.ok(diagnostics.some((d) => d.code === 'E_UNDEFINED'));
  });

  it('prints path:line:column severity CODE message lines without --json (1-based column)', () => {
    const file = join(FIXTURES, 'folder', 'undefined.wst');
    const result = run('check', file);
    assert.equal(result.status, 1);
    const line = result.stdout.split('\n').find((l) => l.includes('E_UNDEFINED'));
    assert.equal(line, `${file}:2:22 error E_UNDEFINED Cannot find name 'nmae' (Did you mean 'name'?)`);
    assert.match(result.stderr, /1 file checked: 1 error/);
  });

  it('prints a file\'s name and text on the terminal escaped: one line each, no control or bidi character', () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-check-'));
    try {
      const file = join(folder, 'evil\u001b[2J\u202e.wst');
      writeFileSync(file, 'fn f() {\n  // \u202e hidden\n  print(nmae);\n}\n');
      const result = run('check', folder);
      assert.equal(result.status, 1);
      for (const output of [result.stdout, result.stderr]) assert.ok(!output.includes('\u001b') && !output.includes('\u202e'), JSON.stringify(output));
      const shown = join(folder, 'evil\\e[2J\\u{202e}.wst');
      const lines = result.stdout.split('\n').filter((line) => line !== '');
      assert.deepEqual(lines.map((line) => line.slice(0, shown.length)), [shown, shown]);
      assert.ok(lines.some((line) => line.includes('warning W_BIDI_CONTROL This comment holds the invisible bidirectional control character U+202E')), result.stdout);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('exits 2 for a path that does not exist, still checking the others', () => {
    const result = run('check', '--json', join(FIXTURES, 'clean.wst'), join(FIXTURES, 'missing.wst'));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /missing\.wst: no such file or folder/);
  });

  it('exits 2 on usage errors', () => {
    assert.equal(run('check').status, 2);
    assert.equal(run('check', '--yaml', join(FIXTURES, 'clean.wst')).status, 2);
    assert.equal(run('frobnicate').status, 2);
    assert.equal(run().status, 2);
    const serve = run('serve');
    assert.equal(serve.status, 2);
    assert.match(serve.stderr, /name at least one/);
    assert.equal(run('serve', '--approve', 'maybe', FIXTURES).status, 2);
  });

  it('reads a file with a byte-order mark and CRLF line ends', () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-cli-'));
    try {
      const file = join(folder, 'bom.wst');
      writeFileSync(file, '\uFEFFfn f(): number {\r\n  return nope;\r\n}\r\nprint(f());\r\n');
      const diagnostics = jsonLines(run('check', '--json', file).stdout);
      assert.deepEqual(diagnostics.map((d) => [d.code, d.line, d.column]), [['E_UNDEFINED', 2, 9]]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('whetstone-agent parse', () => {
  it('prints {ast, diagnostics} as one JSON object', () => {
    const result = run('parse', '--json', join(FIXTURES, 'folder', 'undefined.wst'));
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.split('\n').filter((l) => l !== '');
    assert.equal(lines.length, 1);
    const parsed = JSON.parse(lines[0]) as { ast: { type: string; id: string; children: { type: string; name?: string }[] }; diagnostics: { code: string }[] };
    assert.deepEqual(Object.keys(parsed), ['ast', 'diagnostics']);
    assert.equal(parsed.ast.type, 'Program');
    assert.equal(parsed.ast.id, 'node_1');
    assert.deepEqual(parsed.ast.children.map((c) => c.type), ['FunctionDeclaration', 'ExpressionStatement']);
    assert.equal(parsed.ast.children[0].name, 'greet');
    assert.ok(parsed.diagnostics.some((d) => d.code === 'E_UNDEFINED'));
  });

  it('exits 2 for a missing file or a wrong number of files', () => {
    assert.equal(run('parse', '--json', join(FIXTURES, 'missing.wst')).status, 2);
    assert.equal(run('parse', '--json').status, 2);
    assert.equal(run('parse', '--json', 'a.wst', 'b.wst').status, 2);
  });
});

describe('whetstone-agent check across modules', () => {
  const MODULES = join('test', 'fixtures', 'cli', 'modules');

  it('resolves `use` to files under --root and reports the cross-file errors of every file', () => {
    const result = run('check', '--json', '--root', MODULES, MODULES);
    assert.equal(result.status, 1, result.stderr);
    const found = jsonLines(result.stdout).map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);
    const orders = join(MODULES, 'orders.wst');
    const report = join(MODULES, 'report.wst');
    assert.deepEqual(found, [
      // A module's file is named as `use` finds it under the root, as in the editor.
      `${orders}:1:25 E_UNKNOWN_EXPORT Module 'pricing' (pricing.wst) does not declare 'missingThing'`,
      `${orders}:1:25 W_UNUSED Unused import 'missingThing'`,
      `${orders}:2:0 W_UNKNOWN_IMPORT Module 'nosuchmodule' not found: looked for 'nosuchmodule.wst'`,
      `${orders}:2:0 W_UNUSED Unused import 'nosuchmodule'`,
      `${orders}:3:16 E_ARITY 'orderTotal' expects 1 argument but got 2`,
      `${orders}:3:16 E_TYPE_MISMATCH Type number is not assignable to 'x' of type string`,
      `${orders}:3:27 E_TYPE_MISMATCH Argument of type string is not assignable to parameter 'prices' of type list<number>`,
      `${report}:1:24 E_UNKNOWN_EXPORT Module 'store.stock' (store/stock.wst) does not declare 'restok'`,
      `${report}:1:24 W_UNUSED Unused import 'restok'`,
      `${report}:2:43 E_TYPE_MISMATCH Cannot return string from 'describe', which returns number`,
    ]);
    const restok = jsonLines(result.stdout).find((d) => d.message.includes("'restok'") && d.code === 'E_UNKNOWN_EXPORT');
    assert.equal(restok?.hint, "Did you mean 'restock'?");
  });

  it('uses the current folder as the source root by default, and reads a module that is not among the files checked', () => {
    const result = spawnSync(process.execPath, [CLI, 'check', '--json', 'orders.wst'], { cwd: join(ROOT, MODULES), encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.status, 1, result.stderr);
    const codes = jsonLines(result.stdout).map((d) => d.code);
    assert.ok(codes.includes('E_ARITY') && codes.includes('E_UNKNOWN_EXPORT'), result.stdout);
    assert.match(result.stdout, /looked for 'nosuchmodule\.wst'/);
  });

  it('the multi-module example checks clean', () => {
    const result = run('check', '--root', 'examples', join('examples', 'shop'));
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^4 files checked: 0 errors, 0 other diagnostics$/m);
  });

  it('does not read a module file that links out of the root: says why, and the module is not found', () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-cli-'));
    try {
      mkdirSync(join(folder, 'root'));
      mkdirSync(join(folder, 'outside'));
      writeFileSync(join(folder, 'outside', 'secret.wst'), 'fn secret(): number { return 1; }\n');
      symlinkSync(join(folder, 'outside', 'secret.wst'), join(folder, 'root', 'secret.wst'));
      writeFileSync(join(folder, 'root', 'main.wst'), 'use secret.{secret};\nprint(secret());\n');
      const result = run('check', '--json', '--root', join(folder, 'root'), join(folder, 'root', 'main.wst'));
      assert.match(result.stderr, /secret\.wst: it is a symbolic link to a file outside the source root; not read/);
      assert.deepEqual(jsonLines(result.stdout).map((d) => d.code), ['W_UNKNOWN_IMPORT']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a module not found offers the module path of a file checked that is close to it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-cli-'));
    try {
      mkdirSync(join(folder, 'shop'));
      writeFileSync(join(folder, 'shop', 'pricing.wst'), 'fn f(): number { return 1; }\n');
      writeFileSync(join(folder, 'main.wst'), 'use shop.pricng.{f};\nprint(f());\n');
      const result = run('check', '--json', '--root', folder, folder);
      const unknown = jsonLines(result.stdout).filter((d) => d.code === 'W_UNKNOWN_IMPORT');
      assert.deepEqual(unknown.map((d) => d.hint), ["Did you mean 'shop.pricing'?"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a folder of many files is checked on worker threads with the same diagnostics, fixes included, as each file alone', () => {
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-cli-many-'));
    try {
      // Enough files for the index's worker threads; a hub every file imports, nested modules, and
      // some files with a cross-file error or an unused import.
      mkdirSync(join(folder, 'lib', 'fmt'), { recursive: true });
      mkdirSync(join(folder, 'app'));
      writeFileSync(join(folder, 'lib', 'money.wst'), '// Rounds to cents.\nfn round2(amount: number): number {\n  return amount;\n}\n\ntype Price { amount: number, currency: string }\n');
      writeFileSync(join(folder, 'lib', 'fmt', 'text.wst'), 'use lib.money.{Price};\n\nfn label(p: Price): string {\n  return p.currency;\n}\n');
      const files: string[] = [];
      for (let i = 0; i < 80; i++) {
        const file = join(folder, 'app', `part${i}.wst`);
        const lines = ['use lib.money.{round2, Price};', 'use lib.fmt.text.{label};', ''];
        if (i % 7 === 3) lines.push(`let wrong: number = round2("${i}");`);
        else lines.push(`let total${i}: number = round2(${i}.5);`);
        lines.push(`fn show${i}(p: Price): string {`, ...(i % 11 === 5 ? ['  let unusedHere = 1;'] : []), '  return label(p);', '}', `print(show${i}({ amount: ${i}, currency: "EUR" }));`, i % 7 === 3 ? 'print(wrong);' : `print(total${i});`, '');
        writeFileSync(file, lines.join('\n'));
        files.push(file);
      }
      const all = run('check', '--json', '--root', folder, folder);
      assert.equal(all.status, 1, all.stderr);
      const byFile = new Map<string, DiagnosticLine[]>();
      for (const diagnostic of jsonLines(all.stdout)) byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
      // round2 called with a string in every seventh file, declared in another file.
      assert.deepEqual(
        [...byFile].filter(([, found]) => found.some((d) => d.code === 'E_TYPE_MISMATCH')).map(([file]) => file),
        files.filter((_, i) => i % 7 === 3).sort(),
      );
      const unused = jsonLines(all.stdout).filter((d) => d.code === 'W_UNUSED');
      assert.equal(unused.length, files.filter((_, i) => i % 11 === 5).length);
      for (const d of unused) assert.ok(Array.isArray(d.fix) && d.fix.length > 0, JSON.stringify(d));
      for (const file of [files[3], files[5], files[10], files[79]]) {
        const alone = run('check', '--json', '--root', folder, file);
        assert.deepEqual(jsonLines(alone.stdout), byFile.get(file) ?? [], file);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('--root needs a folder that exists', () => {
    const result = run('check', '--root');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--root needs a folder/);
    const missing = run('check', '--root', join(FIXTURES, 'no-such-folder'), join(FIXTURES, 'clean.wst'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--root .*no-such-folder: no such file or folder/);
    const file = run('check', '--root', join(FIXTURES, 'clean.wst'), join(FIXTURES, 'clean.wst'));
    assert.equal(file.status, 2);
    assert.match(file.stderr, /clean\.wst: not a folder/);
  });

  it('--library describes the modules that are no file: their calls are checked, and they are no longer unknown', () => {
    const examples = join('examples');
    const files = ['orders.wst', 'inventory.wst', 'security.wst'].map((file) => join(examples, file));
    const without = run('check', '--json', '--root', examples, ...files);
    assert.deepEqual(
      jsonLines(without.stdout).map((d) => `${d.file} ${d.code}`),
      [`${files[0]} W_UNKNOWN_IMPORT`, `${files[0]} W_UNKNOWN_IMPORT`, `${files[1]} W_UNKNOWN_IMPORT`, `${files[2]} W_UNKNOWN_IMPORT`],
    );
    const library = join(examples, 'host-library.json');
    const clean = run('check', '--json', '--root', examples, '--library', library, ...files);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    assert.equal(clean.stdout, '');
    // A call the library's signature refuses is an error, as within one file.
    const folder = mkdtempSync(join(tmpdir(), 'whetstone-check-library-'));
    try {
      writeFileSync(join(folder, 'main.wst'), 'use math.{round};\nprint(round("1.5", 1, 2));\n');
      const checked = run('check', '--json', '--root', folder, '--library', library, join(folder, 'main.wst'));
      assert.equal(checked.status, 1, checked.stderr);
      assert.deepEqual(jsonLines(checked.stdout).map((d) => d.code).sort(), ['E_ARITY', 'E_TYPE_MISMATCH']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const missing = run('check', '--library', join(examples, 'no-such-library.json'), files[0]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /check: cannot read the library .*no-such-library\.json/);
    const noValue = run('check', '--library');
    assert.equal(noValue.status, 2);
    assert.match(noValue.stderr, /--library needs a file/);
  });
});

describe('whetstone-agent --help', () => {
  it('prints the usage of every command and exits 0', () => {
    const result = run('--help');
    assert.equal(result.status, 0);
    for (const command of ['check [--json] [--root DIR] [--library FILE] PATH...', 'parse [--json] FILE', 'serve']) assert.ok(result.stdout.includes(command), command);
  });

  it('opens with what the command is for and ends with examples, for someone new to it', () => {
    const result = run('--help');
    assert.match(result.stdout, /^whetstone-agent: the Whetstone language \(\.wst\) without an editor\./);
    assert.match(result.stdout, /\nExamples:\n {2}whetstone-agent check src /);
  });
});

describe('whetstone-agent: arguments', () => {
  const clean = join(FIXTURES, 'clean.wst');

  it('every command reads --option=value and "--" as Node\'s parseArgs does', () => {
    const projected = run('project', '--to=python', clean);
    assert.equal(projected.status, 0, projected.stderr);
    assert.equal(run('project', '--to', 'python', clean).stdout, projected.stdout);
    assert.equal(run('parse', '--json', '--', clean).status, 0);
    assert.equal(run('check', '--root=' + FIXTURES, clean).status, 0);
  });

  it('refuses a missing value or an unknown argument with its name and exit status 2', () => {
    for (const [args, message] of [
      [['project', clean, '--to'], /project: --to needs a language/],
      [['project', '--to', 'python', '--python-names', 'camel', clean], /--python-names takes keep or snake_case/],
      [['parse', '--yaml', clean], /parse: unknown argument --yaml/],
      [['import', clean, clean], /import: name exactly one file/],
      [['mcp', '--approve=ask'], /mcp: --approve must be deny or auto/],
      [['mcp', clean], /mcp: unknown argument .*clean\.wst \(files to serve go with --serve\)/],
      [['serve', '--lock-dir'], /serve: --lock-dir needs a value/],
    ] as const) {
      const result = run(...args);
      assert.equal(result.status, 2, args.join(' '));
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
    }
  });
});

describe('whetstone-agent --version', () => {
  it('prints the version of the package it ships in', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = run(flag);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, `${version}\n`);
    }
  });
});
