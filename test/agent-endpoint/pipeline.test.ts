// The reference's pipeline methods over a real socket against `whetstone-agent serve`:
// parseSource for all four languages, runPipeline with every field of the reference's result,
// generateFromAST and projectLanguage on the buffer, generateCode from a specification, and the
// errors: an unknown language (-32602 naming the supported ones), binary input, a specification
// outside the built-in forms (-32020 listing them), the role generateCode needs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, ROOT, startServe, type ServeProcess } from './serve-harness';

interface ParsedNode {
  type: string;
  id: string;
  [field: string]: unknown;
}

interface Diagnostic {
  code: string;
  severity: string;
  message: string;
  nodeId: string;
  line: number;
  column: number;
  omitted?: string;
}

function ids(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) ids(item, out);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string' && typeof record.type === 'string') out.push(record.id);
    for (const [key, value] of Object.entries(record)) if (key !== 'span') ids(value, out);
  }
  return out;
}

const LIBRARY = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'agent', 'library.json'), 'utf8')) as unknown;
const BUFFER = 'type Item { name: string, price: number }\n\nfn total(items: list<Item>): number {\n  let sum = 0;\n  for item in items {\n    sum += item.price;\n  }\n  return sum;\n}\n\nprint(total([{ name: "a", price: 2.5 }]));\n';

describe('pipeline methods, over a real socket', () => {
  let server: ServeProcess;
  let client: AgentClient;
  before(async () => {
    server = await startServe({ files: { 'main.wst': BUFFER }, library: LIBRARY });
    client = await AgentClient.connect(server);
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('parseSource reads Whetstone with parsed_ ids and checks it, leaving the buffer alone', async () => {
    const { revision } = await client.request<{ revision: number }>('getAST');
    const result = await client.request<{ ast: ParsedNode; diagnostics: Diagnostic[] }>('parseSource', {
      source: 'fn answer(): number {\n  return 42;\n}\nprint(answer(1));\n',
      language: 'whetstone',
    });
    const [fn] = result.ast.children as ParsedNode[];
    assert.equal(fn.type, 'FunctionDeclaration');
    const all = ids(result.ast);
    assert.ok(all.length > 5 && all.every((id) => /^parsed_\d+$/.test(id)), all.join(' '));
    const arity = result.diagnostics.find((d) => d.code === 'E_ARITY');
    assert.ok(arity && all.includes(arity.nodeId) && arity.line === 4, JSON.stringify(result.diagnostics));
    assert.equal((await client.request<{ revision: number }>('getAST')).revision, revision);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), BUFFER);
  });

  it('parseSource reads JavaScript, TypeScript and Python into the same Whetstone shapes', async () => {
    const sources: Record<string, string> = {
      javascript: 'function area(w, h = 2) {\n  return w * h;\n}\n',
      typescript: 'function area(w: number, h: number = 2): number {\n  return w * h;\n}\n',
      // Called, so the run at import checks its arithmetic (a function it never reaches is an error).
      python: 'def area(w: float, h: float = 2) -> float:\n    return w * h\n\n\nprint(area(1.25))\n',
    };
    for (const [language, source] of Object.entries(sources)) {
      const result = await client.request<{ ast: ParsedNode; diagnostics: Diagnostic[] }>('parseSource', { source, language });
      assert.deepEqual(result.diagnostics, [], language);
      const [fn] = result.ast.children as ParsedNode[];
      assert.equal(fn.type, 'FunctionDeclaration', language);
      assert.equal(fn.name, 'area');
      const params = fn.parameters as ParsedNode[];
      assert.deepEqual(params.map((param) => param.name), ['w', 'h']);
      assert.equal((params[1].defaultValue as ParsedNode).value, 2);
      const [ret] = (fn.body as { statements: ParsedNode[] }).statements;
      assert.equal(ret.type, 'ReturnStatement');
      assert.equal((ret.value as ParsedNode).operator, '*');
      if (language !== 'javascript') {
        assert.equal(params[0].paramType, 'number', language);
        assert.equal(fn.returnType, 'number', language);
      }
    }
  });

  it('parseSource names what has no Whetstone form (W_UNSUPPORTED, with its span and text) and keeps the rest', async () => {
    const source = 'class Shape extends Base {}\nfunction* ids() { yield 1; }\nconst kept = 1;\n';
    const result = await client.request<{ ast: ParsedNode; diagnostics: Diagnostic[] }>('parseSource', { source, language: 'javascript' });
    const unsupported = result.diagnostics.filter((d) => d.code === 'W_UNSUPPORTED');
    assert.equal(unsupported.length, 2, JSON.stringify(result.diagnostics));
    assert.deepEqual(unsupported.map((d) => [d.line, d.column, d.omitted]), [
      [1, 12, 'extends Base'],
      [2, 0, 'function* ids() { yield 1; }'],
    ]);
    assert.match(unsupported[0].message, /inheritance/);
    assert.deepEqual((result.ast.children as ParsedNode[]).map((child) => child.type), ['VariableDeclaration']);
  });

  it('parseSource of broken source gives syntax diagnostics and a partial AST, never an error', async () => {
    const broken: Record<string, string> = {
      javascript: 'function ok() { return 1; }\nfunction broken( { return ; \nconst after = 2;\n',
      python: 'def ok():\n    return 1\n\ndef broken(:\n    pass\n\nafter = 2\n',
      typescript: 'const a: number = 1;\nlet b: = ;\n',
    };
    for (const [language, source] of Object.entries(broken)) {
      const result = await client.request<{ ast: ParsedNode; diagnostics: Diagnostic[] }>('parseSource', { source, language });
      assert.ok(result.diagnostics.some((d) => d.code === 'E_SYNTAX' && d.severity === 'error'), `${language}: ${JSON.stringify(result.diagnostics)}`);
      assert.ok((result.ast.children as ParsedNode[]).length >= 1, language);
    }
  });

  it('an unknown language is -32602 naming the supported ones; getCapabilities lists them', async () => {
    const response = await client.call('parseSource', { source: 'x', language: 'cobol' });
    assert.equal(response.error?.code, -32602);
    assert.match(response.error?.message ?? '', /whetstone, javascript, typescript, python/);
    const pipeline = await client.call('runPipeline', { source: 'x', sourceLanguage: 'javascript', targetLanguage: 'rust' });
    assert.equal(pipeline.error?.code, -32602);
    assert.match(pipeline.error?.message ?? '', /targetLanguage 'rust'/);
    const capabilities = await client.request<{ languages: { parse: string[]; generate: string[] } }>('getCapabilities');
    assert.deepEqual(capabilities.languages, { parse: ['whetstone', 'javascript', 'typescript', 'python'], generate: ['whetstone', 'javascript', 'typescript', 'python'] });
  });

  it('a language named like what every object inherits (__proto__, constructor, toString) is -32602 too, in every method that takes one', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'CONSTRUCTOR']) {
      const calls: [string, Record<string, unknown>][] = [
        ['parseSource', { source: 'x', language: name }],
        ['runPipeline', { source: 'x', sourceLanguage: name, targetLanguage: 'javascript' }],
        ['runPipeline', { source: 'let x = 1;', sourceLanguage: 'javascript', targetLanguage: name }],
        ['generateFromAST', { language: name }],
        ['projectLanguage', { targetLanguage: name }],
      ];
      for (const [method, params] of calls) {
        const response = await client.call(method, params);
        assert.equal(response.error?.code, -32602, `${method} ${JSON.stringify(params)}: ${JSON.stringify(response.error)}`);
        assert.match(response.error?.message ?? '', /whetstone, javascript, typescript, python/);
        assert.deepEqual((response.error?.data as { languages?: string[] } | undefined)?.languages, ['whetstone', 'javascript', 'typescript', 'python']);
      }
    }
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), BUFFER);
  });

  it('binary input is refused with a clear error and changes nothing', async () => {
    const response = await client.call('parseSource', { source: 'PK\u0003\u0004\u0000\u0000binary', language: 'javascript' });
    assert.equal(response.error?.code, -32602);
    assert.match(response.error?.message ?? '', /binary/);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), BUFFER);
  });

  it('runPipeline answers every field of the reference, optimises, validates and times each stage', async () => {
    const source = [
      'const LIMIT = 60 * 60;',
      'function check(x) {',
      '  const unused = 2 * 3;',
      '  if (false) { console.log("never"); }',
      '  return x < LIMIT;',
      '  console.log("after");',
      '}',
      'console.log(check(10), 1 / 0);',
      'exec("rm");',
      '',
    ].join('\n');
    const result = await client.request<Record<string, unknown>>('runPipeline', { source, sourceLanguage: 'javascript', targetLanguage: 'python' });
    for (const field of ['success', 'generatedCode', 'ast', 'parseDiagnostics', 'validationDiagnostics', 'violations', 'suggestions', 'foldCount', 'dceCount']) {
      assert.ok(field in result, field);
    }
    assert.equal(typeof result.generatedCode, 'string');
    assert.match(result.generatedCode as string, /LIMIT = 3600/);
    // The dead code is gone (the helpers' own comments may use these words).
    assert.doesNotMatch(result.generatedCode as string, /"never"|"after"|unused =/);
    assert.ok((result.foldCount as number) >= 2, String(result.foldCount));
    assert.ok((result.dceCount as number) >= 3, String(result.dceCount));
    // 1 / 0 is left as it is, and said so.
    assert.ok((result.optimizationDiagnostics as Diagnostic[]).some((d) => d.code === 'W_DIVISION_BY_ZERO'));
    // exec is not defined: a checker error, so the pipeline does not call itself a success.
    assert.ok((result.validationDiagnostics as Diagnostic[]).some((d) => d.code === 'E_UNDEFINED'));
    assert.equal(result.success, false);
    const timings = result.timings as Record<string, number>;
    for (const stage of ['parseMs', 'validateMs', 'optimizeMs', 'generateMs', 'totalMs']) assert.equal(typeof timings[stage], 'number', stage);
    assert.equal((result.ast as ParsedNode).type, 'Program');
  });

  it('runPipeline reports the library policy\'s violations', async () => {
    const source = 'import { exec } from "os";\nexec("ls");\n';
    const result = await client.request<{ violations: { callee: string; reason: string; line: number }[]; success: boolean }>('runPipeline', {
      source,
      sourceLanguage: 'javascript',
      targetLanguage: 'whetstone',
    });
    assert.ok(result.violations.some((v) => v.callee === 'os' && /blocks the module 'os'/.test(v.reason) && v.line === 1), JSON.stringify(result.violations));
    assert.equal(result.success, false);
  });

  it('runPipeline with a clean program succeeds, Whetstone to TypeScript', async () => {
    const result = await client.request<{ success: boolean; generatedCode: string; foldCount: number }>('runPipeline', {
      source: BUFFER,
      sourceLanguage: 'whetstone',
      targetLanguage: 'typescript',
    });
    assert.equal(result.success, true);
    assert.match(result.generatedCode, /interface Item \{\n {2}name: string;\n {2}price: number;\n\}/);
    assert.match(result.generatedCode, /function total\(items: Item\[\]\): number \{/);
  });

  it('generateFromAST and projectLanguage write the buffer in another language', async () => {
    const js = await client.request<{ code: string; language: string }>('generateFromAST', { language: 'javascript' });
    assert.equal(js.language, 'javascript');
    assert.match(js.code, /for \(const item of items\) \{\n {4}sum \+= item\.price;/);
    const whetstone = await client.request<{ code: string; language: string }>('generateFromAST', {});
    assert.equal(whetstone.language, 'whetstone');
    assert.equal(whetstone.code, BUFFER);
    const projected = await client.request<{ ast: ParsedNode; generatedCode: string; sourceLanguage: string; targetLanguage: string }>('projectLanguage', {
      targetLanguage: 'python',
      uri: (await client.request<{ uri: string }>('getAST')).uri,
    });
    assert.equal(projected.sourceLanguage, 'whetstone');
    assert.equal(projected.targetLanguage, 'python');
    assert.equal(projected.ast.type, 'Program');
    assert.match(projected.generatedCode, /def total\(items: list\[Item\]\) -> float:/);
    const unknown = await client.call('projectLanguage', { targetLanguage: 'klingon' });
    assert.equal(unknown.error?.code, -32602);
  });

  it('generateCode makes a checked function from a specification (refactor role), and says which forms it knows', async () => {
    const denied = await client.call('generateCode', { spec: 'a 10% discount on a given price' });
    assert.equal(denied.error?.code, -32031);
    await client.request('setAgentRole', { role: 'generator' });
    const result = await client.request<{ node: ParsedNode; note: string; usedSymbols: string[]; language: string; code: string }>('generateCode', {
      spec: 'Create a function that calculates a 10% discount on a given price',
      preferImports: true,
    });
    assert.equal(result.language, 'whetstone');
    assert.equal(result.node.type, 'FunctionDeclaration');
    assert.equal(result.node.name, 'calculateDiscount');
    assert.deepEqual((result.node.parameters as ParsedNode[]).map((param) => [param.name, param.paramType]), [['price', 'number']]);
    assert.ok(ids(result.node).every((id) => id.startsWith('generated_')));
    assert.deepEqual(result.usedSymbols, ['price', 'discount']);
    const refused = await client.call('generateCode', { spec: 'write me a web browser' });
    assert.equal(refused.error?.code, -32020);
    assert.match(String(refused.error?.data?.hint), /percentages/);
  });
});
