// Python's collections as published algorithms use them: deque (a Whetstone list), defaultdict
// (a map whose reads put the default in first) and Counter (a map of counts), each program
// imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run: each
// prints what the source prints, at the edges (an empty deque, negative numbers, characters above
// U+FFFF), or the import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python collections', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-collections');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('a deque is a list: append, appendleft, popleft, pop(), len, in, for, q[0] and q[-1], list, sorted and truth keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'from collections import deque\n\n\n' +
        'def bfs(graph: list[list[int]], start: int) -> list[int]:\n    seen = {start}\n    order: list[int] = []\n    queue = deque([start])\n    while queue:\n        node = queue.popleft()\n        order.append(node)\n        for nxt in graph[node]:\n            if nxt not in seen:\n                seen.add(nxt)\n                queue.append(nxt)\n    return order\n\n\n' +
        'def last_three(xs: list[int]) -> list[int]:\n    q: deque[int] = deque()\n    spans: list[int] = []\n    for x in xs:\n        q.appendleft(x)\n        if len(q) > 3:\n            q.pop()\n        spans.append(q[0] - q[-1])\n    print(len(q), -7 in q, 5 not in q, sorted(q), list(q))\n    for v in q:\n        print(v)\n    return spans\n\n\n' +
        'def drain(text: str) -> str:\n    chars = deque(text)\n    out = ""\n    while chars:\n        out += chars.pop()\n        if not chars:\n            break\n        out += chars.popleft()\n    return out\n\n\n' +
        'print(bfs([[1, 2], [3], [3], []], 0), bfs([[]], 0))\n' +
        'print(last_three([4, -1, 7, 0, -7]), last_three([]))\n' +
        'print(drain("a😀bc"), drain(""), drain("x"))\n' +
        'window = deque(range(-2, 3))\nwindow.appendleft(-0)\nprint(window[0], window[-1], len(window), sorted(window))\n',
      'python',
      /const queue = \[start\];\s*while len\(queue\) > 0 \{\s*const node = shift\(queue\);[^]*const q: list<number> = \[\];[^]*splice\(q, 0, 0, \[x\]\);[^]*pop\(q\);/,
      true,
    );
  });

  it('a deque printed, compared, sliced, passed on, rotated, extended on the left, bounded by maxlen or changed in a loop over it is an error at import', () => {
    const errors = importErrors(
      'from collections import deque\n\n\n' +
        'def show(q: deque[int]) -> None:\n    print(len(q))\n\n\n' +
        'q = deque([1, 2, 3])\n' +
        'print(q)\n' +
        'print(q == [1, 2, 3])\n' +
        'print(q[1:])\n' +
        'show(q)\n' +
        'q.rotate(1)\n' +
        'q.extendleft([0])\n' +
        'r = deque([1], maxlen=2)\n' +
        'for x in q:\n    q.append(x)\n',
    );
    for (const line of [9, 10, 11, 12, 13, 14, 15, 16]) assert.ok(errors.some((error) => error.startsWith(`${line}: `)), `line ${line}:\n${errors.join('\n')}`);
    assert.ok(errors.some((error) => /^9: .*the deque 'q' used other than/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^13: .*rotate/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^16: .*RuntimeError/.test(error)), errors.join('\n'));
  });

  it('a defaultdict is a map whose reads insert the default (d[k], d[k] += 1, d[k].append, a for loop over d[k]) where get, in and len see what Python sees, in every target', () => {
    scratch.keepsItsMeaning(
      'from collections import defaultdict, deque\n\n\n' +
        'def topo_sort(edges: list[list[str]]) -> list[str]:\n    graph: defaultdict[str, list[str]] = defaultdict(list)\n    for e in edges:\n        graph[e[0]].append(e[1])\n        graph[e[1]]\n' +
        '    indegree = {node: 0 for node in graph}\n    for node in graph:\n        for nxt in graph[node]:\n            indegree[nxt] += 1\n' +
        '    ready = deque(sorted(n for n in graph if indegree[n] == 0))\n    out: list[str] = []\n    while ready:\n        node = ready.popleft()\n        out.append(node)\n        for nxt in graph[node]:\n            indegree[nxt] -= 1\n            if indegree[nxt] == 0:\n                ready.append(nxt)\n    return out\n\n\n' +
        'def tally(nums: list[int]) -> None:\n    counts: defaultdict[int, int] = defaultdict(int)\n    for n in nums:\n        counts[n % 3 - 1] += 1\n    print(counts.get(-7, -1), -7 in counts, len(counts))\n    missing = counts[-7]\n    print(missing, -7 in counts, len(counts))\n    for k in sorted(counts):\n        print(k, counts[k])\n\n\n' +
        'def labels(pairs: list[list[str]]) -> None:\n    names: defaultdict[str, str] = defaultdict(lambda: "none")\n    for p in pairs:\n        names[p[0]] = p[1]\n    print(names["😀"], names["b"], names[""], len(names), sorted(names.keys()))\n    firsts: defaultdict[str, list[str]] = defaultdict(list)\n    for p in pairs:\n        firsts[p[1][:1]].append(p[0])\n    for c in firsts["x"]:\n        print(c)\n    print(len(firsts), "x" in firsts, sorted(firsts))\n\n\n' +
        'print(topo_sort([["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"], ["d", "e"]]), topo_sort([]))\n' +
        'tally([3, -1, 4, -1, 5, -9, 2, 6])\ntally([])\n' +
        'labels([["😀", "smile"], ["b", ""], ["c", "x-ray"]])\n',
      'python',
      /if !includes\(graph, (key\d+)\) \{\s*graph\[\1\] = \[\];\s*\}\s*push\(graph\[\1\], e\[1\]\);[^]*if !includes\(counts, -7\) \{\s*counts\[-7\] = 0;\s*\}\s*const missing = counts\[-7\];/,
      true,
    );
  });

  it('a defaultdict printed, returned, passed on, of float or set, read in a loop test, after or, after another use in its statement or at another key in a loop over it is an error at import', () => {
    const errors = importErrors(
      'from collections import defaultdict\n\n\n' +
        'def size(d: dict[str, int]) -> int:\n    return len(d)\n\n\n' +
        'def make() -> dict[str, int]:\n    d: defaultdict[str, int] = defaultdict(int)\n    return d\n\n\n' +
        'd: defaultdict[str, int] = defaultdict(int)\n' +
        'print(d)\n' +
        'print(size(d))\n' +
        'f = defaultdict(float)\n' +
        's = defaultdict(set)\n' +
        'while d["a"] < 3:\n    d["a"] += 1\n' +
        'ok = len("x") > 0 or d["b"] > 0\n' +
        'print(len(d), d["c"])\n' +
        'for k in d:\n    d[k + "!"] += 1\n',
    );
    for (const line of [10, 14, 15, 16, 17, 18, 20, 21, 22]) assert.ok(errors.some((error) => error.startsWith(`${line}: `)), `line ${line}:\n${errors.join('\n')}`);
    assert.ok(errors.some((error) => /^14: .*the defaultdict 'd' used other than/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^18: .*a read of the defaultdict 'd' in a condition/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^21: .*also uses d otherwise \(len\(d\)\)/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^22: .*RuntimeError/.test(error)), errors.join('\n'));
  });

  it('for k, v in sorted(d.items()) walks the keys in order (no two items tie on their keys), in every target', () => {
    scratch.keepsItsMeaning(
      'def histogram(values: list[int]) -> None:\n    buckets: dict[int, int] = {}\n    for v in values:\n        key = v // 10\n        if key in buckets:\n            buckets[key] += 1\n        else:\n            buckets[key] = 1\n    for low, count in sorted(buckets.items()):\n        print(low * 10, count)\n\n\n' +
        'def by_name(ages: dict[str, int]) -> None:\n    for name, age in sorted(ages.items()):\n        print(name, age)\n\n\n' +
        'histogram([3, 14, 15, 27, 29, 21, 8, 99, -4, -15, -10])\nhistogram([])\nby_name({"zoe": 31, "bo": 4, "adam": -1, "Zed": 7, "ab": 0})\nby_name({})\n',
      'python',
      /for (item\d+) in sorted\(keys\(buckets\)\) \{\s*const low = \1;\s*const count = buckets\[\1\];/,
      true,
    );
  });

  it('a Counter counts a list or a text, reads a missing key as 0 without putting it in, and most_common sorts by count with ties in first-counted order, in every target', () => {
    scratch.keepsItsMeaning(
      'from collections import Counter\n\n\n' +
        'def top_words(text: str) -> None:\n    counts = Counter(text.lower().split())\n    for word, n in counts.most_common(2):\n        print(word, n)\n    print(len(counts.most_common()), counts["zebra"], "zebra" in counts, len(counts), sum(counts.values()))\n\n\n' +
        'def letters(word: str) -> None:\n    c: Counter[str] = Counter(word)\n    c["z"] += 2\n    c["a"] -= 1\n    print(c["a"], c["z"], c["😀"], "😀" in c, sum(c.values()), len(sorted(c)))\n    for ch, n in c.most_common():\n        print(ch, n)\n    print(len(c.most_common(0)), len(c.most_common(2)))\n\n\n' +
        'def votes(ballots: list[int]) -> None:\n    tally: Counter[int] = Counter(ballots)\n    best = -1\n    for v, n in tally.most_common(1):\n        best = v\n    print(best, tally[best], tally[-99], len(tally))\n\n\n' +
        'top_words("the cat and the hat and the bat")\ntop_words("")\nletters("ab😀ba😀c")\nletters("")\nvotes([3, -1, 3, 0, -1])\nvotes([])\n',
      'python',
      /const counts: map<any, number> = \{\};\s*for (item\d+) in slice\(splitWords\(lower\(text\)\), 0\) \{\s*counts\[\1\] = \(includes\(counts, \1\) \? counts\[\1\] : 0\) \+ 1;[^]*c\["z"\] = \(includes\(c, "z"\) \? c\["z"\] : 0\) \+ 2;/,
      true,
    );
  });

  it('a Counter printed, passed on, of a dict, with other methods or read at a key with a call in it is an error at import', () => {
    const errors = importErrors(
      'from collections import Counter\n\n\n' +
        'def total(d: dict[str, int]) -> int:\n    return sum(d.values())\n\n\n' +
        'c = Counter(["a", "b", "a"])\n' +
        'print(c)\n' +
        'print(total(c))\n' +
        'c.update(["b"])\n' +
        'print(c[str(1)])\n' +
        'ages: dict[str, int] = {"ann": 3}\n' +
        'd = Counter(ages)\n' +
        'print(len(d), c.most_common(-1))\n',
    );
    for (const line of [9, 10, 11, 12, 14, 15]) assert.ok(errors.some((error) => error.startsWith(`${line}: `)), `line ${line}:\n${errors.join('\n')}`);
    assert.ok(errors.some((error) => /^9: .*the Counter 'c' used other than/.test(error)), errors.join('\n'));
    assert.ok(errors.some((error) => /^14: .*Counter\(…\) of a dict/.test(error)), errors.join('\n'));
  });

  it('d = dict(zip(ks, vs)) of two names puts each key with its value, stops at the shorter list and keeps a repeated key where it first stood, in every target', () => {
    scratch.keepsItsMeaning(
      'def build(keys: list[str], values: list[int]) -> dict[str, int]:\n    pairs: dict[str, int] = dict(zip(keys, values))\n    return pairs\n\n\n' +
        'p = build(["x", "y", "x", "z"], [1, -2, 3])\nprint(len(p), p["y"], p["x"], "z" in p, list(p.keys()))\n' +
        'q = build([], [4])\nr = build(["😀", "a"], [0, -0, 7])\nprint(len(q), len(r), r["😀"], list(r.keys()))\n',
      'python',
      /const pairs: map<string, number> = \{\};\s*let (count\d+) = 0;\s*for (item\d+) in keys \{\s*if \1 >= len\(values\) \{\s*break;\s*\}\s*pairs\[\2\] = values\[\1\];\s*\1 \+= 1;/,
      true,
    );
  });
});
