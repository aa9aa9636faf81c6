// The workspace of the agent task benchmark: 50 modules of a small shop's code, written into a
// folder by a deterministic script. At the top, the three files of fixtures/shop/ (`pricing`, and
// `orders` and `report` that import from it); around them `core/` (text, dates, ids, lists), eight
// domains (`catalog`, `customers`, `billing`, `shipping`, `inventory`, `suppliers`, `support`,
// `marketing`), each with a model, a store, rules, a view and a job, and `app/`. Every domain has
// its own record type and rules; the store, view and job of a domain are written from its fields,
// so they read like the same team wrote them. The code is well typed: `whetstone-agent check`
// reports nothing but what a task's `prepare` breaks.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SHOP = join(__dirname, '..', '..', '..', 'bench', 'agent-tasks', 'fixtures', 'shop');

interface Field {
  name: string;
  type: 'string' | 'number' | 'bool';
  /** A sample value as written in a literal; the samples of record n add n where it makes sense. */
  sample(n: number): string;
}

interface Domain {
  folder: string;
  type: string;
  /** The field that names a record (looked up by the store). */
  key: string;
  /** The number field the store sorts and sums by. */
  measure: string;
  /** The string field the store groups by. */
  group: string;
  /** A number field the view shows as money (formatted with `formatPrice`), if any. */
  money?: string;
  fields: Field[];
  /** The domain's own rules: imports and code (rules.wst). */
  rules: { uses: string[]; code: string };
  /** What the view shows of a record besides its fields (view.wst), with its imports. */
  view?: { uses: string[]; code: string };
}

const s = (name: string, sample: (n: number) => string): Field => ({ name, type: 'string', sample });
const n = (name: string, sample: (n: number) => string): Field => ({ name, type: 'number', sample });
const b = (name: string, sample: (n: number) => string): Field => ({ name, type: 'bool', sample });
const text = (value: string): string => JSON.stringify(value);

const DOMAINS: Domain[] = [
  {
    folder: 'catalog',
    type: 'Product',
    key: 'sku',
    measure: 'price',
    group: 'category',
    money: 'price',
    fields: [s('sku', (i) => text(`P${100 + i}`)), s('name', (i) => text(['pen', 'notebook', 'stapler', 'lamp'][i % 4])), n('price', (i) => String(2.5 + i * 3)), n('weightKg', (i) => String(0.2 + i / 10)), s('category', (i) => text(['office', 'paper', 'light'][i % 3])), b('active', (i) => String(i % 3 !== 2))],
    rules: {
      uses: ['use pricing.{applyDiscount, roundCents};'],
      code: `
// The price of a product in a sale of \`percent\` percent, in whole cents.
fn salePrice(product: Product, percent: number): number {
  return roundCents(applyDiscount(product.price, percent));
}

// Whether a product can be sold: active and priced.
fn sellable(product: Product): bool {
  return product.active and product.price > 0;
}

// How a weight reads on a label: "1.5 kg".
fn weightLabel(kg: number): string {
  return str(kg) + " kg";
}

// The products of one category that can be sold.
fn inCategory(products: list<Product>, category: string): list<Product> {
  let found: list<Product> = [];
  for product in products {
    if product.category == category and sellable(product) {
      push(found, product);
    }
  }
  return found;
}
`,
    },
  },
  {
    folder: 'customers',
    type: 'Customer',
    key: 'id',
    measure: 'points',
    group: 'name',
    fields: [s('id', (i) => text(`C-${200 + i}`)), s('name', (i) => text(['ada', 'grace', 'alan', 'edsger'][i % 4])), s('email', (i) => text(`user${i}@example.com`)), n('points', (i) => String(120 * i)), n('since', (i) => String(1700000000 + i * 86400)), b('vip', (i) => String(i % 2 === 0))],
    rules: {
      uses: ['use core.dates.{daysBetween, DAY};'],
      code: `
// Points needed for each level of the loyalty programme.
const SILVER: number = 500;
const GOLD: number = 2000;

// The loyalty level of a customer.
fn level(customer: Customer): string {
  if customer.vip or customer.points >= GOLD {
    return "gold";
  } else if customer.points >= SILVER {
    return "silver";
  }
  return "member";
}

// The discount in percent a customer's level gives.
fn levelDiscount(customer: Customer): number {
  const byLevel: map<string, number> = { gold: 10, silver: 5, member: 0 };
  return byLevel[level(customer)];
}

// Whole days the customer has been with the shop at \`now\`.
fn tenureDays(customer: Customer, now: number): number {
  return daysBetween(customer.since, now);
}

// Whether a customer joined less than \`days\` days before \`now\`.
fn isNew(customer: Customer, now: number, days: number = 30): bool {
  return now - customer.since < days * DAY;
}
`,
    },
    view: {
      uses: [],
      code: `
// A greeting for the top of a customer's page.
fn greeting(customer: Customer): string {
  return "Hello " + customer.name + (customer.vip ? " (VIP)" : "");
}
`,
    },
  },
  {
    folder: 'billing',
    type: 'Invoice',
    key: 'number',
    measure: 'amount',
    group: 'customer',
    money: 'amount',
    fields: [s('number', (i) => text(`INV-${3000 + i}`)), s('customer', (i) => text(`C-${200 + (i % 3)}`)), n('amount', (i) => String(49.9 + 20 * i)), n('issued', (i) => String(1700000000 + i * 604800)), n('due', (i) => String(1700000000 + i * 604800 + 2592000)), b('paid', (i) => String(i % 2 === 1))],
    rules: {
      uses: ['use pricing.{applyTax, roundCents, TAX_RATE};', 'use core.dates.{daysBetween};'],
      code: `
// A late fee of 1% a week, after the due date.
const WEEKLY_FEE: number = 0.01;

// What is owed on an invoice at \`now\`, tax and late fees included.
fn amountOwed(invoice: Invoice, now: number): number {
  if invoice.paid {
    return 0;
  }
  let owed = applyTax(invoice.amount, TAX_RATE);
  if now > invoice.due {
    const weeks = floor(daysBetween(invoice.due, now) / 7);
    owed = owed * (1 + WEEKLY_FEE * weeks);
  }
  return roundCents(owed);
}

// The invoices not paid by their due date.
fn overdue(invoices: list<Invoice>, now: number): list<Invoice> {
  let late: list<Invoice> = [];
  for invoice in invoices {
    if not invoice.paid and now > invoice.due {
      push(late, invoice);
    }
  }
  return late;
}

// What a customer owes over all their invoices.
fn balance(invoices: list<Invoice>, customer: string, now: number): number {
  let sum = 0;
  for invoice in invoices {
    if invoice.customer == customer {
      sum = sum + amountOwed(invoice, now);
    }
  }
  return roundCents(sum);
}
`,
    },
  },
  {
    folder: 'shipping',
    type: 'Parcel',
    key: 'id',
    measure: 'weightKg',
    group: 'zone',
    fields: [s('id', (i) => text(`PX${500 + i}`)), n('weightKg', (i) => String(0.5 + i * 1.25)), s('zone', (i) => text(['home', 'near', 'far'][i % 3])), n('sent', (i) => String(1700000000 + i * 3600)), b('insured', (i) => String(i % 4 === 0))],
    rules: {
      uses: ['use pricing.{roundCents};'],
      code: `
// The price per kilogram in each zone, and the least a parcel costs.
const RATES: map<string, number> = { home: 1.2, near: 2.5, far: 4.75 };
const MINIMUM: number = 3.9;

// What sending a parcel costs, insurance included.
fn shippingCost(parcel: Parcel): number {
  let cost = max(MINIMUM, parcel.weightKg * RATES[parcel.zone]);
  if parcel.insured {
    cost = cost * 1.05;
  }
  return roundCents(cost);
}

// The parcels heavier than \`limit\` kilograms, which go by freight.
fn freight(parcels: list<Parcel>, limit: number = 30): list<Parcel> {
  let heavy: list<Parcel> = [];
  for parcel in parcels {
    if parcel.weightKg > limit {
      push(heavy, parcel);
    }
  }
  return heavy;
}
`,
    },
    view: {
      uses: ['use catalog.rules.{weightLabel};'],
      code: `
// The label printed on a parcel.
fn parcelLabel(parcel: Parcel): string {
  return parcel.id + " " + weightLabel(parcel.weightKg) + " to " + parcel.zone;
}
`,
    },
  },
  {
    folder: 'inventory',
    type: 'StockLevel',
    key: 'sku',
    measure: 'onHand',
    group: 'warehouse',
    fields: [s('sku', (i) => text(`P${100 + i}`)), s('warehouse', (i) => text(['north', 'south'][i % 2])), n('onHand', (i) => String(40 - i * 7)), n('reserved', (i) => String(i * 2)), n('reorderAt', () => '10')],
    rules: {
      uses: ['use core.lists.{sumOf};'],
      code: `
// What can still be sold: on hand less what orders reserved.
fn available(level: StockLevel): number {
  return max(0, level.onHand - level.reserved);
}

// The stock levels that have fallen to their reorder point.
fn toReorder(levels: list<StockLevel>): list<StockLevel> {
  let low: list<StockLevel> = [];
  for level in levels {
    if available(level) <= level.reorderAt {
      push(low, level);
    }
  }
  return low;
}

// How many units of a product are available over every warehouse.
fn availableEverywhere(levels: list<StockLevel>, sku: string): number {
  let counts: list<number> = [];
  for level in levels {
    if level.sku == sku {
      push(counts, available(level));
    }
  }
  return sumOf(counts);
}
`,
    },
  },
  {
    folder: 'suppliers',
    type: 'Supplier',
    key: 'id',
    measure: 'rating',
    group: 'country',
    fields: [s('id', (i) => text(`S${10 + i}`)), s('name', (i) => text(['Acme', 'Globex', 'Initech', 'Umbrella'][i % 4])), n('leadDays', (i) => String(3 + i * 4)), n('rating', (i) => String(5 - (i % 4))), s('country', (i) => text(['DE', 'FR', 'US'][i % 3]))],
    rules: {
      uses: ['use core.dates.{addDays};'],
      code: `
// When an order placed at \`now\` arrives from a supplier.
fn expectedArrival(supplier: Supplier, now: number): number {
  return addDays(now, supplier.leadDays);
}

// The best rated supplier that delivers within \`days\` days, if any.
fn bestWithin(suppliers: list<Supplier>, days: number): Supplier? {
  let best: Supplier? = null;
  for supplier in suppliers {
    if supplier.leadDays <= days {
      if best == null or supplier.rating > best.rating {
        best = supplier;
      }
    }
  }
  return best;
}
`,
    },
  },
  {
    folder: 'support',
    type: 'Ticket',
    key: 'id',
    measure: 'priority',
    group: 'status',
    fields: [s('id', (i) => text(`T-${900 + i}`)), s('customer', (i) => text(`C-${200 + (i % 4)}`)), n('opened', (i) => String(1700000000 + i * 7200)), n('priority', (i) => String(1 + (i % 3))), s('status', (i) => text(['open', 'waiting', 'closed'][i % 3]))],
    rules: {
      uses: ['use core.dates.{hoursBetween};'],
      code: `
// Hours to a first answer, by priority (1 is the most urgent).
const ANSWER_WITHIN: list<number> = [4, 24, 72];

// Whether a ticket has waited longer than its priority allows at \`now\`.
fn breached(ticket: Ticket, now: number): bool {
  if ticket.status == "closed" {
    return false;
  }
  return hoursBetween(ticket.opened, now) > ANSWER_WITHIN[ticket.priority - 1];
}

// The open tickets of one customer, the most urgent first.
fn openFor(tickets: list<Ticket>, customer: string): list<Ticket> {
  let open: list<Ticket> = [];
  for ticket in tickets {
    if ticket.customer == customer and ticket.status != "closed" {
      push(open, ticket);
    }
  }
  return sorted(open, fn(a: Ticket, b: Ticket): number => a.priority - b.priority);
}
`,
    },
  },
  {
    folder: 'marketing',
    type: 'Campaign',
    key: 'code',
    measure: 'percent',
    group: 'code',
    fields: [s('code', (i) => text(`SAVE${5 * (i + 1)}`)), n('percent', (i) => String(5 * (i + 1))), n('starts', (i) => String(1700000000 + i * 86400)), n('ends', (i) => String(1700000000 + (i + 14) * 86400)), n('uses', (i) => String(i * 13))],
    rules: {
      uses: ['use pricing.{applyDiscount, roundCents, MAX_DISCOUNT};'],
      code: `
// Whether a campaign runs at \`now\`.
fn running(campaign: Campaign, now: number): bool {
  return now >= campaign.starts and now < campaign.ends;
}

// An amount with the campaign's discount, capped as the shop caps every discount.
fn discounted(campaign: Campaign, amount: number): number {
  return roundCents(applyDiscount(amount, min(campaign.percent, MAX_DISCOUNT)));
}

// The running campaign that gives the most, if any.
fn bestRunning(campaigns: list<Campaign>, now: number): Campaign? {
  let best: Campaign? = null;
  for campaign in campaigns {
    if running(campaign, now) and (best == null or campaign.percent > best.percent) {
      best = campaign;
    }
  }
  return best;
}
`,
    },
  },
];

const CORE: Record<string, string> = {
  'core/text.wst': `// core/text.wst: text helpers for labels, tables and reports.

// \`text\` with spaces added on the left up to \`width\` units.
fn padLeft(text: string, width: number): string {
  let out = text;
  while len(out) < width {
    out = " " + out;
  }
  return out;
}

// \`text\` with spaces added on the right up to \`width\` units.
fn padRight(text: string, width: number): string {
  let out = text;
  while len(out) < width {
    out = out + " ";
  }
  return out;
}

// At most \`width\` units of \`text\`, the cut shown with "...".
fn truncate(text: string, width: number): string {
  if len(text) <= width {
    return text;
  }
  return slice(text, 0, max(0, width - 3)) + "...";
}

// The words of a text with their first letter upper-cased.
fn titleCase(text: string): string {
  let words: list<string> = [];
  for word in split(text, " ") {
    if len(word) > 0 {
      push(words, upperFirst(word));
    }
  }
  return join(words, " ");
}

// A word with its first letter upper-cased (ASCII letters only).
fn upperFirst(word: string): string {
  const lower = "abcdefghijklmnopqrstuvwxyz";
  const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const at = indexOf(lower, slice(word, 0, 1));
  return at < 0 ? word : slice(upper, at, at + 1) + slice(word, 1);
}
`,
  'core/dates.wst': `// core/dates.wst: times are seconds since 1970, UTC.

const HOUR: number = 3600;
const DAY: number = 86400;

// Whole days from \`start\` to \`end\`, whichever comes first.
fn daysBetween(start: number, end: number): number {
  return floor(abs(end - start) / DAY);
}

// Whole hours from \`start\` to \`end\`.
fn hoursBetween(start: number, end: number): number {
  return floor(abs(end - start) / HOUR);
}

// The time \`days\` days after \`time\`.
fn addDays(time: number, days: number): number {
  return time + days * DAY;
}

// The day of the week of a time: 0 is Thursday, as 1970-01-01 was.
fn weekday(time: number): number {
  return floor(time / DAY) % 7;
}

// Whether a time falls on a Saturday or a Sunday.
fn isWeekend(time: number): bool {
  const day = weekday(time);
  return day == 2 or day == 3;
}
`,
  'core/ids.wst': `// core/ids.wst: the shop's identifiers, a prefix and a number ("INV-3001").

// An identifier from its prefix and number.
fn makeId(prefix: string, number: number): string {
  return prefix + "-" + str(number);
}

// The number of an identifier, or -1 when it has none.
fn idNumber(id: string): number {
  const parts = split(id, "-");
  if len(parts) != 2 {
    return -1;
  }
  return int(parts[1]);
}

// The identifier after the largest of \`ids\` with that prefix.
fn nextId(ids: list<string>, prefix: string): string {
  let largest = 0;
  for id in ids {
    if slice(id, 0, len(prefix)) == prefix {
      largest = max(largest, idNumber(id));
    }
  }
  return makeId(prefix, largest + 1);
}
`,
  'core/lists.wst': `// core/lists.wst: sums and averages of numbers.

// The sum of some numbers.
fn sumOf(values: list<number>): number {
  let total = 0;
  for value in values {
    total = total + value;
  }
  return total;
}

// The mean of some numbers, 0 for none.
fn averageOf(values: list<number>): number {
  if len(values) == 0 {
    return 0;
  }
  return sumOf(values) / len(values);
}

// The largest of some numbers, \`otherwise\` for none.
fn largestOf(values: list<number>, otherwise: number = 0): number {
  let best = otherwise;
  for value in values {
    best = max(best, value);
  }
  return best;
}
`,
};

const lower = (name: string): string => name[0].toLowerCase() + name.slice(1);
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const plural = (name: string): string => `${lower(name)}s`;

function model(domain: Domain): string {
  const { type, fields } = domain;
  const params = fields.map((field) => `${field.name}: ${field.type}`).join(', ');
  const firstString = fields.find((field) => field.type === 'string' && field.name !== domain.key) ?? fields[0];
  return `// ${domain.folder}/model.wst: the ${type} record and how one is made and checked.

type ${type} { ${params} }

// ${article(type) === 'an' ? 'An' : 'A'} ${type} from its fields, in the order the type lists them.
fn new${type}(${params}): ${type} {
  return { ${fields.map((field) => `${field.name}: ${field.name}`).join(', ')} };
}

// The longest ${domain.key} the shop accepts.
const MAX_${domain.key.toUpperCase()}_LENGTH: number = 32;

// Whether ${article(type)} ${lower(type)} is complete enough to keep: ${article(domain.key)} ${domain.key}, ${article(firstString.name)} ${firstString.name} and no negative ${domain.measure}.
fn isValid${type}(${lower(type)}: ${type}): bool {
  return len(${lower(type)}.${domain.key}) > 0 and len(${lower(type)}.${domain.key}) <= MAX_${domain.key.toUpperCase()}_LENGTH and len(${lower(type)}.${firstString.name}) > 0 and ${lower(type)}.${domain.measure} >= 0;
}

// What is wrong with ${article(type)} ${lower(type)}, one message per problem.
fn problems(${lower(type)}: ${type}): list<string> {
  let found: list<string> = [];
${fields
  .filter((field) => field.type === 'string')
  .map((field) => `  if len(${lower(type)}.${field.name}) == 0 {\n    push(found, "no ${field.name}");\n  }`)
  .join('\n')}
${fields
  .filter((field) => field.type === 'number')
  .map((field) => `  if ${lower(type)}.${field.name} < 0 {\n    push(found, "negative ${field.name}");\n  }`)
  .join('\n')}
  return found;
}

// Whether two ${lower(type)}s are the same record: the same ${domain.key}.
fn same${type}(a: ${type}, b: ${type}): bool {
  return a.${domain.key} == b.${domain.key};
}

// ${article(type) === 'an' ? 'An' : 'A'} ${lower(type)} as "field=value" pairs, for logs.
fn describe${type}(${lower(type)}: ${type}): string {
  return ${fields.map((field) => `"${field.name}=" + ${field.type === 'string' ? `${lower(type)}.${field.name}` : `str(${lower(type)}.${field.name})`}`).join(' + " " + ')};
}
`;
}

function store(domain: Domain): string {
  const { type, key, measure } = domain;
  const one = lower(type);
  const many = plural(type);
  return `// ${domain.folder}/store.wst: finding, sorting and adding up ${many}.
use ${domain.folder}.model.{${type}, isValid${type}};
use core.lists.{sumOf, averageOf};

// The ${one} with this ${key}, or null.
fn find${type}(${many}: list<${type}>, ${key}: string): ${type}? {
  for ${one} in ${many} {
    if ${one}.${key} == ${key} {
      return ${one};
    }
  }
  return null;
}

// The ${many} sorted by ${measure}, the largest first.
fn by${measure[0].toUpperCase()}${measure.slice(1)}(${many}: list<${type}>): list<${type}> {
  return sorted(${many}, fn(a: ${type}, b: ${type}): number => b.${measure} - a.${measure});
}

// The ${measure} of every ${one}, added up and on average.
fn ${measure}Total(${many}: list<${type}>): number {
  let values: list<number> = [];
  for ${one} in ${many} {
    push(values, ${one}.${measure});
  }
  return sumOf(values);
}

fn ${measure}Average(${many}: list<${type}>): number {
  let values: list<number> = [];
  for ${one} in ${many} {
    push(values, ${one}.${measure});
  }
  return averageOf(values);
}

// One page of ${many}: \`size\` of them from page \`page\` (the first is 0).
fn pageOf(${many}: list<${type}>, page: number, size: number = 20): list<${type}> {
  let out: list<${type}> = [];
  const from = page * size;
  for i in range(from, min(from + size, len(${many}))) {
    push(out, ${many}[i]);
  }
  return out;
}

// The ${many} grouped by ${domain.group}.
fn by${domain.group[0].toUpperCase()}${domain.group.slice(1)}(${many}: list<${type}>): map<string, list<${type}>> {
  let groups: map<string, list<${type}>> = {};
  for ${one} in ${many} {
    if not includes(groups, ${one}.${domain.group}) {
      groups[${one}.${domain.group}] = [];
    }
    push(groups[${one}.${domain.group}], ${one});
  }
  return groups;
}

// The ${many} whose ${measure} lies between \`low\` and \`high\`, both included.
fn ${measure}Between(${many}: list<${type}>, low: number, high: number): list<${type}> {
  let found: list<${type}> = [];
  for ${one} in ${many} {
    if ${one}.${measure} >= low and ${one}.${measure} <= high {
      push(found, ${one});
    }
  }
  return found;
}

// The valid ${many}; the others are counted in \`rejected\`.
fn keepValid(${many}: list<${type}>, rejected: map<string, number>): list<${type}> {
  let kept: list<${type}> = [];
  for ${one} in ${many} {
    if isValid${type}(${one}) {
      push(kept, ${one});
    } else {
      rejected["${many}"] = (includes(rejected, "${many}") ? rejected["${many}"] : 0) + 1;
    }
  }
  return kept;
}
`;
}

function view(domain: Domain): string {
  const { type, fields } = domain;
  const one = lower(type);
  const many = plural(type);
  const cell = (field: Field): string => {
    if (field.name === domain.money) return `padLeft(formatPrice(${one}.${field.name}), 12)`;
    if (field.type === 'number') return `padLeft(str(${one}.${field.name}), 10)`;
    if (field.type === 'bool') return `(${one}.${field.name} ? "yes" : "no")`;
    return `padRight(truncate(${one}.${field.name}, 16), 16)`;
  };
  const uses = ['use core.text.{padLeft, padRight, truncate};', `use ${domain.folder}.model.{${type}};`, ...(domain.money ? ['use pricing.{formatPrice};'] : []), ...(domain.view?.uses ?? [])];
  return `// ${domain.folder}/view.wst: ${many} as lines of a table.
${uses.join('\n')}

// The table's heading.
fn ${one}Heading(): string {
  return ${fields.map((field) => text(field.name)).join(' + " | " + ')};
}

// One ${one} as a line of the table.
fn ${one}Row(${one}: ${type}): string {
  return ${fields.map(cell).join(' + " | " + ')};
}

// The whole table: the heading, then a line per ${one}.
fn ${one}Table(${many}: list<${type}>): list<string> {
  let lines: list<string> = [${one}Heading()];
  for ${one} in ${many} {
    push(lines, ${one}Row(${one}));
  }
  return lines;
}

// One ${one} as a line of comma-separated values, text quoted.
fn ${one}Csv(${one}: ${type}): string {
  return join([${fields.map((field) => (field.type === 'string' ? `quote(${one}.${field.name})` : `str(${one}.${field.name})`)).join(', ')}], ",");
}

// Text as a CSV field: in double quotes, quotes inside doubled.
fn quote(value: string): string {
  return "\\"" + join(split(value, "\\""), "\\"\\"") + "\\"";
}

// The ${many} as a CSV file: the heading line, then a line per ${one}.
fn ${many}Csv(${many}: list<${type}>): string {
  let lines: list<string> = [${text(fields.map((field) => field.name).join(','))}];
  for ${one} in ${many} {
    push(lines, ${one}Csv(${one}));
  }
  return join(lines, "\\n");
}
${domain.view?.code ?? ''}`;
}

function job(domain: Domain): string {
  const { type, fields, measure } = domain;
  const one = lower(type);
  const many = plural(type);
  const samples = [0, 1, 2, 3].map((i) => `  new${type}(${fields.map((field) => field.sample(i)).join(', ')})`).join(',\n');
  return `// ${domain.folder}/job.wst: the nightly run over the ${many}: checks them, prints the table and the totals.
use ${domain.folder}.model.{${type}, new${type}};
use ${domain.folder}.store.{keepValid, by${measure[0].toUpperCase()}${measure.slice(1)}, ${measure}Total, ${measure}Average};
use ${domain.folder}.view.{${one}Table, ${many}Csv};

let ${many}: list<${type}> = [
${samples}
];

let rejected: map<string, number> = {};
let kept = keepValid(${many}, rejected);
for line in ${one}Table(by${measure[0].toUpperCase()}${measure.slice(1)}(kept)) {
  print(line);
}
print("${measure}: total", ${measure}Total(kept), "average", round(${measure}Average(kept), 2));
print("rejected:", len(keys(rejected)));

// The export the office picks up in the morning.
const csv = ${many}Csv(kept);
print("export:", len(split(csv, "\\n")) - 1, "${many},", len(csv), "characters");
`;
}

function rules(domain: Domain): string {
  return `// ${domain.folder}/rules.wst: the rules of the ${domain.folder} domain.
use ${domain.folder}.model.{${domain.type}};
${domain.rules.uses.join('\n')}
${domain.rules.code}`;
}

const APP: Record<string, string> = {
  'app/config.wst': `// app/config.wst: what the shop is and where it stands.

const SHOP_NAME: string = "Whetstone Supplies";
const CURRENCY: string = "$";
const HOME_COUNTRY: string = "DE";
const OPENING_TIME: number = 1700000000;

type Settings { shopName: string, currency: string, country: string, reportWidth: number }

// The settings the shop starts with.
fn defaults(): Settings {
  return { shopName: SHOP_NAME, currency: CURRENCY, country: HOME_COUNTRY, reportWidth: 72 };
}
`,
  'app/dashboard.wst': `// app/dashboard.wst: the figures on the shop's front page at a given time.
use app.config.{Settings, defaults};
use core.text.{padLeft, padRight};
use pricing.{formatPrice};
use billing.model.{Invoice};
use billing.rules.{overdue, balance};
use support.model.{Ticket};
use support.rules.{breached};
use inventory.model.{StockLevel};
use inventory.rules.{toReorder};

// One line of the dashboard: a label and its figure, aligned.
fn figure(settings: Settings, label: string, value: string): string {
  return padRight(label, settings.reportWidth - 16) + padLeft(value, 16);
}

// The dashboard as lines.
fn dashboard(invoices: list<Invoice>, tickets: list<Ticket>, levels: list<StockLevel>, now: number): list<string> {
  const settings = defaults();
  let late = 0;
  for ticket in tickets {
    if breached(ticket, now) {
      late = late + 1;
    }
  }
  let lines: list<string> = [settings.shopName];
  push(lines, figure(settings, "invoices overdue", str(len(overdue(invoices, now)))));
  push(lines, figure(settings, "owed by C-200", formatPrice(balance(invoices, "C-200", now))));
  push(lines, figure(settings, "tickets past their answer time", str(late)));
  push(lines, figure(settings, "products to reorder", str(len(toReorder(levels)))));
  return lines;
}
`,
  'app/checkout.wst': `// app/checkout.wst: what a customer pays for a basket, shipping and discounts included.
use pricing.{Item, subtotal, applyDiscount, formatPrice};
use customers.model.{Customer};
use customers.rules.{levelDiscount};
use marketing.model.{Campaign};
use marketing.rules.{bestRunning, discounted};
use shipping.model.{Parcel};
use shipping.rules.{shippingCost};

type Quote { goods: number, shipping: number, total: number, campaign: string? }

// A quote for a basket sent as one parcel.
fn quote(customer: Customer, items: list<Item>, parcel: Parcel, campaigns: list<Campaign>, now: number): Quote {
  let goods = applyDiscount(subtotal(items), levelDiscount(customer));
  const campaign = bestRunning(campaigns, now);
  let code: string? = null;
  if campaign != null {
    goods = discounted(campaign, goods);
    code = campaign.code;
  }
  const shipping = shippingCost(parcel);
  return { goods: goods, shipping: shipping, total: goods + shipping, campaign: code };
}

// The quote as the checkout page shows it.
fn quoteLines(q: Quote): list<string> {
  let lines = ["goods " + formatPrice(q.goods), "shipping " + formatPrice(q.shipping), "total " + formatPrice(q.total)];
  if q.campaign != null {
    push(lines, "with " + q.campaign);
  }
  return lines;
}
`,
};

/** The path of every file the workspace holds, `/`-separated, for the tasks' assertions. */
export function workspaceFiles(): Record<string, string> {
  const files: Record<string, string> = { ...CORE, ...APP };
  for (const domain of DOMAINS) {
    files[`${domain.folder}/model.wst`] = model(domain);
    files[`${domain.folder}/store.wst`] = store(domain);
    files[`${domain.folder}/rules.wst`] = rules(domain);
    files[`${domain.folder}/view.wst`] = view(domain);
    files[`${domain.folder}/job.wst`] = job(domain);
  }
  return files;
}

/** Writes the workspace into `folder` (which exists): the shop's three files and the generated ones. */
export function writeTaskWorkspace(folder: string): void {
  cpSync(SHOP, folder, { recursive: true });
  for (const [path, content] of Object.entries(workspaceFiles())) {
    const file = join(folder, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}
