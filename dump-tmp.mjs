import { Parser, Language } from 'web-tree-sitter';
import { readFileSync } from 'node:fs';
await Parser.init();
const l = await Language.load(`node_modules/${process.argv[2]}.wasm`); const p = new Parser(); p.setLanguage(l);
const t = p.parse(readFileSync(process.argv[3], 'utf8'));
function show(n, ind, field) { if (!n.isNamed && n.childCount===0) return; console.log(ind + (field ? field + ': ' : '') + n.type + (n.childCount === 0 ? ' ' + JSON.stringify(n.text) : '')); for (let i = 0; i < n.childCount; i++) show(n.child(i), ind + '  ', n.fieldNameForChild(i)); }
show(t.rootNode, '');
