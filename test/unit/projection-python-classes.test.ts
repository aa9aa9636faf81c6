// Python classes imported as a record type, a constructor function and a function per method
// (docs/PROJECTION.md, "Classes"), checked, generated into JavaScript, TypeScript (tsc --strict)
// and Python and run: each prints what the source prints. What a record cannot carry (inheritance,
// static and class methods, properties, class attributes, dunder methods, a method used as a value,
// showing or comparing instances, class checks, a method call on what is not known to be an
// instance, a field set outside the top of __init__) is an error at import naming the construct.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python classes as records plus functions', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-classes');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error' && d.code === 'W_UNSUPPORTED')
      .map((d) => `${d.line}: ${d.message}`);

  it('a stack used by a bracket matcher: its pop is the class method, its list pop the list one', () => {
    scratch.keepsItsMeaning(
      [
        'class Stack:',
        '    def __init__(self):',
        '        self.items = []',
        '',
        '    def push(self, x):',
        '        self.items.append(x)',
        '',
        '    def pop(self):',
        '        return self.items.pop()',
        '',
        '    def is_empty(self):',
        '        return len(self.items) == 0',
        '',
        '',
        'def balanced(text: str) -> bool:',
        '    pairs = {")": "(", "]": "[", "}": "{"}',
        '    s = Stack()',
        '    for ch in text:',
        '        if ch in "([{":',
        '            s.push(ch)',
        '        elif ch in pairs:',
        '            if s.is_empty() or s.pop() != pairs[ch]:',
        '                return False',
        '    return s.is_empty()',
        '',
        '',
        'for t in ["(a[b]{c})", "(]", "((", "", "𝄞(x)"]:',
        '    print(t, balanced(t))',
        'xs = [3, -1]',
        'print(xs.pop(), xs)',
        '',
      ].join('\n'),
      'python',
      /type Stack \{ items: list<any> \}[^]*fn Stack_new\(\): Stack \{\n {2}const self: Stack = \{ items: \[\] \};\n {2}return self;[^]*fn Stack_pop\(self: Stack\) \{\n {2}return pop\(self\.items\);[^]*const s = Stack_new\(\);[^]*Stack_push\(s, ch\)[^]*Stack_is_empty\(s\) \|\| [^]*Stack_pop\(s\)[^]*pop\(xs\)/,
    );
  });

  it('a queue of two lists, emptied through its methods', () => {
    scratch.keepsItsMeaning(
      [
        'class Queue:',
        '    """First in, first out, with two lists."""',
        '',
        '    def __init__(self):',
        '        self.inbox = []',
        '        self.outbox = []',
        '',
        '    def enqueue(self, item):',
        '        self.inbox.append(item)',
        '',
        '    def dequeue(self):',
        '        if not self.outbox:',
        '            while self.inbox:',
        '                self.outbox.append(self.inbox.pop())',
        '        return self.outbox.pop()',
        '',
        '    def size(self):',
        '        return len(self.inbox) + len(self.outbox)',
        '',
        '',
        'q = Queue()',
        'for n in [3, -1, 0, 1, 5]:',
        '    q.enqueue(n)',
        'print(q.dequeue(), q.dequeue())',
        'q.enqueue(-9)',
        'print(q.size())',
        'while q.size() > 0:',
        '    print(q.dequeue())',
        '',
      ].join('\n'),
      'python',
      /type Queue \{ inbox: list<any>, outbox: list<any> \}[^]*fn Queue_dequeue\(self: Queue\)/,
    );
  });

  it('a linked list of nodes: a field None at first is optional, walked while not None, reversed in place', () => {
    scratch.keepsItsMeaning(
      [
        'class Node:',
        '    def __init__(self, data):',
        '        self.data = data',
        '        self.next = None',
        '',
        '',
        'class LinkedList:',
        '    def __init__(self):',
        '        self.head = None',
        '        self.length = 0',
        '',
        '    def push_front(self, data):',
        '        node = Node(data)',
        '        node.next = self.head',
        '        self.head = node',
        '        self.length += 1',
        '',
        '    def to_list(self):',
        '        out = []',
        '        node = self.head',
        '        while node is not None:',
        '            out.append(node.data)',
        '            node = node.next',
        '        return out',
        '',
        '    def reverse(self):',
        '        prev = None',
        '        node = self.head',
        '        while node is not None:',
        '            nxt = node.next',
        '            node.next = prev',
        '            prev = node',
        '            node = nxt',
        '        self.head = prev',
        '',
        '',
        'items = LinkedList()',
        'print(items.to_list(), items.head is None)',
        'for word in ["a", "bb", "𝄞", ""]:',
        '    items.push_front(word)',
        'print(items.to_list(), items.length)',
        'items.reverse()',
        'print(items.to_list(), items.head is None, items.head.next.data)',
        '',
      ].join('\n'),
      'python',
      /type Node \{ data: string, next: Node\? \}[^]*type LinkedList \{ head: Node\?, length: number \}[^]*LinkedList_reverse\(items\)/,
    );
  });

  it('methods returning new instances, chained, and a list of instances walked', () => {
    scratch.keepsItsMeaning(
      [
        'class Vector:',
        '    def __init__(self, x: int, y: int):',
        '        self.x = x',
        '        self.y = y',
        '',
        '    def add(self, other: "Vector") -> "Vector":',
        '        return Vector(self.x + other.x, self.y + other.y)',
        '',
        '    def scale(self, k):',
        '        return Vector(self.x * k, self.y * k)',
        '',
        '    def dot(self, other):',
        '        return self.x * other.x + self.y * other.y',
        '',
        '    def describe(self):',
        '        return f"({self.x}, {self.y})"',
        '',
        '',
        'a = Vector(3, -2)',
        'b = Vector(-1, 4)',
        'c = a.add(b).scale(-3)',
        'print(c.describe(), a.dot(b), c.x)',
        'vs = [Vector(1, 2), Vector(-3, 0), c]',
        'total = Vector(0, 0)',
        'for v in vs:',
        '    total = total.add(v)',
        'print(total.describe(), vs[1].scale(2).describe(), total.x > 0)',
        '',
      ].join('\n'),
      'python',
      /fn Vector_add\(self: Vector, other: Vector\): Vector \{[^]*fn Vector_scale\(self: Vector, k: number\): Vector \{[^]*Vector_scale\(Vector_add\(a, b\), -3\)[^]*Vector_describe\(Vector_scale\(vs\[1\], 2\)\)/,
    );
  });

  it('a method calling another through self, recursion through a method, defaults and keyword arguments of the constructor', () => {
    scratch.keepsItsMeaning(
      [
        'class Account:',
        '    def __init__(self, owner: str, balance: int = 0, limit=100):',
        '        self.owner = owner',
        '        self.balance = balance',
        '        self.limit = limit',
        '        self.history = []',
        '        self.record("open", balance)',
        '',
        '    def record(self, kind, amount):',
        '        self.history.append(kind + ":" + str(amount))',
        '',
        '    def deposit(self, amount):',
        '        self.balance += amount',
        '        self.record("in", amount)',
        '',
        '    def withdraw(self, amount):',
        '        if amount > self.balance or amount > self.limit:',
        '            self.record("refused", amount)',
        '            return False',
        '        self.balance -= amount',
        '        self.record("out", amount)',
        '        return True',
        '',
        '    def fib(self, n):',
        '        if n < 2:',
        '            return n',
        '        return self.fib(n - 1) + self.fib(n - 2)',
        '',
        '',
        'acct = Account("Zoë")',
        'acct.deposit(100)',
        'print(acct.withdraw(30), acct.withdraw(500))',
        'acct.deposit(acct.fib(10))',
        'print(acct.owner, acct.balance, acct.history)',
        'other = Account(limit=5, owner="Bo", balance=-3)',
        'print(other.withdraw(4), other.balance, other.history)',
        '',
      ].join('\n'),
      'python',
      /fn Account_new\(owner: string, balance: number = 0, limit: number = 100\): Account \{\n {2}const self: Account = \{ owner: owner, balance: balance, limit: limit, history: \[\] \};\n {2}Account_record\(self, "open", balance\);\n {2}return self;[^]*Account_fib\(self, n - 1\)[^]*Account_new\("Bo", -3, 5\)/,
    );
  });

  it('a counter changed through its methods, with a dict field, and the library methods of the same names on lists and texts', () => {
    scratch.keepsItsMeaning(
      [
        'class Counter:',
        '    def __init__(self, start=0, step=1):',
        '        self.value = start',
        '        self.step = step',
        '        self.seen = {}',
        '',
        '    def tick(self):',
        '        self.value = self.value + self.step',
        '        return self.value',
        '',
        '    def note(self, word):',
        '        if word in self.seen:',
        '            self.seen[word] += 1',
        '        else:',
        '            self.seen[word] = 1',
        '',
        '    def remove(self, word):',
        '        seen = self.seen',
        '        del seen[word]',
        '',
        '    def split(self):',
        '        return [self.value, self.step]',
        '',
        '',
        'c = Counter(10, -3)',
        'for _ in range(5):',
        '    c.tick()',
        'print(c.value, c.split())',
        'for w in "the cat and the hat and the bat".split():',
        '    c.note(w)',
        'c.remove("cat")',
        'print(c.seen["the"], len(c.seen), "a-b".split("-"))',
        'xs = [3, 1, 3]',
        'xs.remove(3)',
        'print(xs)',
        '',
      ].join('\n'),
      'python',
      /fn Counter_tick\(self: Counter\)[^]*Counter_tick\(c\);[^]*Counter_split\(c\)[^]*Counter_remove\(c, "cat"\)[^]*splice\(xs/,
    );
  });

  it('a tree: recursion through methods on optional fields, a class without __init__, fields typed by the calls of the constructor', () => {
    scratch.keepsItsMeaning(
      [
        'class Tree:',
        '    def __init__(self, key: int):',
        '        self.key = key',
        '        self.left = None',
        '        self.right = None',
        '        self.count = 1',
        '',
        '    def insert(self, key):',
        '        if key == self.key:',
        '            self.count += 1',
        '        elif key < self.key:',
        '            if self.left is None:',
        '                self.left = Tree(key)',
        '            else:',
        '                self.left.insert(key)',
        '        else:',
        '            if self.right is None:',
        '                self.right = Tree(key)',
        '            else:',
        '                self.right.insert(key)',
        '',
        '    def inorder(self, out):',
        '        if self.left is not None:',
        '            self.left.inorder(out)',
        '        out.append(self.key)',
        '        if self.right is not None:',
        '            self.right.inorder(out)',
        '        return out',
        '',
        '    def height(self):',
        '        lh = 0 if self.left is None else self.left.height()',
        '        rh = 0 if self.right is None else self.right.height()',
        '        return 1 + max(lh, rh)',
        '',
        '',
        'class Greeter:',
        '    def greet(self, name):',
        '        return "hi " + name',
        '',
        '',
        'class Holder:',
        '    def __init__(self, inner):',
        '        self.inner = inner',
        '',
        '',
        'root = Tree(5)',
        'for k in [3, 8, -1, 4, 8, 10, 0]:',
        '    root.insert(k)',
        'print(root.inorder([]), root.height(), root.right.count)',
        'print(Greeter().greet("Ann"))',
        'h = Holder(root)',
        'print(h.inner.left.key, h.inner.height())',
        '',
      ].join('\n'),
      'python',
      /type Tree \{ key: number, left: Tree\?, right: Tree\?, count: number \}[^]*Tree_insert\(self\.left, key\)[^]*fn Greeter_new\(\): Greeter \{\n {2}return \{\};[^]*Tree_height\(h\.inner\)/,
    );
  });

  it('two classes with a method of one name, a method returning self chained on an alias, and a dict field read with get', () => {
    scratch.keepsItsMeaning(
      [
        'class Square:',
        '    def __init__(self, side: int):',
        '        self.side = side',
        '        self.name = "square"',
        '',
        '    def area(self):',
        '        return self.side * self.side',
        '',
        '    def grow(self, by):',
        '        self.side += by',
        '        return self',
        '',
        '',
        'class Rect:',
        '    def __init__(self, w: int, h: int):',
        '        self.w = w',
        '        self.h = h',
        '        self.name = "rect"',
        '        self.tags: dict[str, str] = {}',
        '',
        '    def area(self):',
        '        return self.w * self.h',
        '',
        '    def get(self, key):',
        '        return self.tags.get(key, "none")',
        '',
        '    def tag(self, key, value):',
        '        self.tags[key] = value',
        '        return self',
        '',
        '',
        'a = Square(3)',
        'b = a',
        'b.grow(2).grow(-1)',
        'print(a.side, a.area(), b.side)',
        'r = Rect(2, -5).tag("color", "red")',
        'print(r.area(), r.get("color"), r.get("size"))',
        'print(r.name, a.name)',
        'd = {"k": 1}',
        'print(d.get("k", 0), d.get("z", 0))',
        '',
      ].join('\n'),
      'python',
      /fn Square_grow\(self: Square, by: number\): Square \{[^]*fn Rect_get\(self: Rect, key: string\) \{\n {2}return includes\(self\.tags, key\)[^]*Square_grow\(Square_grow\(b, 2\), -1\);[^]*Rect_area\(r\)\), pystr\(Rect_get\(r, "color"\)/,
    );
  });

  it('a list filled only with instances of one class is a list of it, so its elements\' methods are known', () => {
    scratch.keepsItsMeaning(
      [
        'class P:',
        '    def __init__(self, x: int):',
        '        self.x = x',
        '',
        '    def double(self):',
        '        return self.x * 2',
        '',
        '',
        'ps = []',
        'for i in range(4):',
        '    ps.append(P(i - 2))',
        'total = 0',
        'for p in ps:',
        '    total += p.double()',
        'print(total, ps[0].x, ps[-1].double(), len(ps))',
        '',
      ].join('\n'),
      'python',
      /const ps: list<P> = \[\];[^]*P_double\(p\)/,
    );
  });

  it('an instance tested for truth is true (even one without fields) and None false; a name given an instance, then what may be None, is optional', () => {
    scratch.keepsItsMeaning(
      [
        'class Node:',
        '    def __init__(self, v):',
        '        self.v = v',
        '        self.next = None',
        '',
        '',
        'class Marker:',
        '    def label(self):',
        '        return "m"',
        '',
        '',
        'n = Node(-1)',
        'n.next = Node(0)',
        'cur = n',
        'while cur:',
        '    print(cur.v)',
        '    cur = cur.next',
        'm = Marker()',
        'if m:',
        '    print(m.label())',
        'print(bool(m), not n, bool(n.next.next), cur is None)',
        '',
      ].join('\n'),
      'python',
      /let cur: Node\? = n;\nwhile cur != null \{[^]*if m != null \{/,
    );
  });

  it('a default value of a list or dict is an error: Python makes it once and every call shares it', () => {
    const source = ['class Bag:', '    def __init__(self, items=[]):', '        self.items = items', '', 'def tally(x, seen={}):', '    seen[x] = 1', '    return len(seen)', '', 'a = Bag()', 'a.items.append(1)', 'print(len(Bag().items), tally(1), tally(2))', ''].join('\n');
    assert.equal(scratch.runProgram(source, 'python').stdout, '1 1 2\n');
    const errors = importErrors(source).join('\n');
    assert.match(errors, /^2: .*the default value \[\] of the parameter items/m);
    assert.match(errors, /^5: .*the default value \{\} of the parameter seen/m);
  });

  it('inheritance, super, static and class methods, properties, class attributes and dunder methods are errors that name them', () => {
    const errors = importErrors(
      [
        'class A:',
        '    kind = "a"',
        '    def __init__(self):',
        '        self.x = 1',
        '    def __str__(self):',
        '        return "A"',
        '    def __eq__(self, other):',
        '        return True',
        '    def __len__(self):',
        '        return 1',
        '    def __lt__(self, other):',
        '        return False',
        '    @staticmethod',
        '    def make():',
        '        return 1',
        '    @classmethod',
        '    def build(cls):',
        '        return 2',
        '    @property',
        '    def size(self):',
        '        return 3',
        '',
        'class B(A):',
        '    def __init__(self):',
        '        super().__init__()',
        '        self.y = 2',
        '',
      ].join('\n'),
    ).join('\n');
    for (const expected of [
      /^2: .*the class attribute kind = "a" of the class A/m,
      /^5: .*the method __str__ of the class A, which Python calls implicitly/m,
      /^7: .*the method __eq__ of the class A/m,
      /^9: .*the method __len__ of the class A/m,
      /^11: .*the method __lt__ of the class A/m,
      /^13: .*the method decorator @staticmethod in the class A/m,
      /^16: .*the method decorator @classmethod in the class A/m,
      /^19: .*the method decorator @property in the class A/m,
      /^23: .*the base class list \(A\) of the class B \(inheritance\)/m,
    ]) {
      assert.match(errors, expected);
    }
  });

  it('instances compare by identity, as records do in Whetstone (the class has no __eq__)', () => {
    scratch.keepsItsMeaning(
      [
        'class P:',
        '    def __init__(self, x: int):',
        '        self.x = x',
        '',
        '',
        'def same(p: P, q: P) -> bool:',
        '    return p == q',
        '',
        '',
        'a = P(1)',
        'b = P(1)',
        'c = a',
        'print(a == b, a == c, a != b, a is c, a is not b, a == None, None != b, same(a, c), same(b, c))',
        '',
      ].join('\n'),
      'python',
      /return p == q;[^]*print\(a == b \? "True" : "False", a == c/,
    );
  });

  it('a method used as a value, an instance shown, lists of instances compared, and class checks are errors', () => {
    const source = [
      'class S:',
      '    def __init__(self, v):',
      '        self.v = v',
      '    def get(self):',
      '        return self.v',
      '',
      'a = S(1)',
      'b = S(1)',
      'f = a.get',
      'print(a)',
      'print(f"{b}", str([a]))',
      'print([a] == [b], [a] != [a], a is not None)',
      'print(isinstance(a, S), type(a) == S)',
      '',
    ].join('\n');
    // Python would show <__main__.S object at 0x…> and compare identity: False False True.
    assert.match(scratch.runProgram(source, 'python').stdout, /^<__main__\.S object at 0x[0-9a-f]+>\n/);
    const errors = importErrors(source).join('\n');
    for (const expected of [
      /^9: .*the method get used as a value/m,
      /^10: .*showing an instance of S/m,
      /^11: .*showing an instance of S/m,
      /^12: .*== or != of lists or dicts holding instances of S/m,
      /^13: .*the class check isinstance\(a, S\)/m,
      /^13: .*the class check type\(a\) == S/m,
    ]) {
      assert.match(errors, expected);
    }
    assert.equal(errors.split('\n').filter((line) => line.startsWith('12:')).length, 2, errors);
  });

  it('a method call on a value not known to be an instance is an error, never the list method of that name', () => {
    const errors = importErrors(
      [
        'class Stack:',
        '    def __init__(self):',
        '        self.items = []',
        '    def pop(self):',
        '        return self.items.pop()',
        '',
        'def drain(s, n):',
        '    out = []',
        '    for _ in range(n):',
        '        out.append(s.pop())',
        '    return out',
        '',
        'print(drain([1, 2], 1))',
        '',
      ].join('\n'),
    ).join('\n');
    assert.match(errors, /^10: .*the method call \.pop\(…\) on a value not known to be a Stack/m);
  });

  it('a field first set outside the top of __init__, set after statements that read self, a return in __init__ and a name clash are errors', () => {
    const errors = importErrors(
      [
        'class C:',
        '    def __init__(self, n):',
        '        self.a = n',
        '        if n > 0:',
        '            self.sign = 1',
        '    def later(self):',
        '        self.b = 2',
        '',
        'class D:',
        '    def __init__(self, n):',
        '        self.a = n',
        '        print(self.a)',
        '        self.b = n * 2',
        '        return',
        '',
        'def Stack_push(s, x):',
        '    return x',
        '',
        'class Stack:',
        '    def __init__(self):',
        '        self.items = []',
        '    def push(self, x):',
        '        self.items.append(x)',
        '',
      ].join('\n'),
    ).join('\n');
    for (const expected of [
      /^5: .*the field sign of the class C, first set in a block of __init__/m,
      /^7: .*the field b of the class C, first set in the method later/m,
      /^13: .*the field b of the class D, set in __init__ after other statements that read self/m,
      /^14: .*a return in the __init__ of the class D/m,
      /^19: .*the class Stack, whose function Stack_push would clash with a name of the file/m,
    ]) {
      assert.match(errors, expected);
    }
  });
});
