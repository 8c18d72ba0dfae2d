/**
 * An in-memory stand-in for DynamoDB behind DynamoPort, for unit tests only: no real DynamoDB can
 * run here (DynamoDB Local needs a download this machine cannot make). It understands exactly the
 * expressions the stores write: conditions `attribute_exists(#a)`, `attribute_not_exists(#a)`,
 * `attribute_type(#a, :t)` (N or NULL), `#a = :v`, `#a <> :v`, `#a > :v`, `#a < :v`, `#a >= :v`,
 * `#a <= :v` joined by AND, and those joined by OR (AND binds tighter, as in DynamoDB), with
 * parenthesised groups; updates `SET #a = :v, #n = #n + :d, #n = #n - :d, ...` and
 * `ADD #n :d, #m :e, ...`; key
 * conditions `#k = :v`, on an index optionally `AND #s <= :v` (the sort key is not checked). Anything else throws, so a store cannot silently rely on more. Scans and
 * queries return pages of `pageSize` items, so paging code is exercised too.
 */
import type { DynamoPort, Item } from '../../../amplify/functions/common/dynamo-port';

export interface FakeTable {
  key: string;
  indexes?: Record<string, string>;
}

type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;

class ConditionFailed extends Error {
  constructor() {
    super('The conditional request failed');
    this.name = 'ConditionalCheckFailedException';
  }
}

export class FakeDynamo implements DynamoPort {
  readonly tables = new Map<string, { spec: FakeTable; items: Map<string, Item> }>();
  /** Number of calls, by method, to check what a store costs. */
  readonly calls: Record<string, number> = {};

  constructor(
    specs: Record<string, FakeTable>,
    private readonly pageSize = 2,
  ) {
    for (const [name, spec] of Object.entries(specs)) this.tables.set(name, { spec, items: new Map() });
  }

  items(table: string): Item[] {
    return [...this.table(table).items.values()].map((item) => structuredClone(item));
  }

  async get(input: { TableName?: string; Key?: Item }) {
    this.count('get');
    const item = this.table(input.TableName).items.get(this.keyOf(input.TableName, input.Key));
    return item ? structuredClone(item) : undefined;
  }

  async put(input: {
    TableName?: string;
    Item?: Item;
    ConditionExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
  }) {
    this.count('put');
    this.check(input.TableName, input.Item, input);
    this.applyPut(input.TableName, input.Item!);
  }

  async update(input: {
    TableName?: string;
    Key?: Item;
    UpdateExpression?: string;
    ConditionExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
  }) {
    this.count('update');
    this.check(input.TableName, input.Key, input);
    return structuredClone(this.applyUpdate(input));
  }

  async delete(input: {
    TableName?: string;
    Key?: Item;
    ConditionExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
  }) {
    this.count('delete');
    this.check(input.TableName, input.Key, input);
    this.table(input.TableName).items.delete(this.keyOf(input.TableName, input.Key));
  }

  async query(input: {
    TableName?: string;
    IndexName?: string;
    KeyConditionExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
    ExclusiveStartKey?: Item;
  }) {
    this.count('query');
    const table = this.table(input.TableName);
    const match = /^(#\w+) = (:\w+)(?: AND (#\w+) <= (:\w+))?$/.exec(input.KeyConditionExpression ?? '');
    if (!match) throw new Error(`fake: unsupported key condition ${input.KeyConditionExpression}`);
    const until = match[3]
      ? { field: this.name(match[3], input.ExpressionAttributeNames), value: this.value(match[4]!, input.ExpressionAttributeValues) }
      : null;
    const field = this.name(match[1]!, input.ExpressionAttributeNames);
    const expected = this.value(match[2]!, input.ExpressionAttributeValues);
    const indexed = input.IndexName ? table.spec.indexes?.[input.IndexName] : table.spec.key;
    if (indexed !== field) throw new Error(`fake: ${input.IndexName ?? 'the table key'} is not on ${field}`);
    return this.page(
      [...table.items.values()].filter(
        (item) =>
          item[field] === expected && (!until || (item[until.field] !== undefined && String(item[until.field]) <= String(until.value))),
      ),
      input.TableName,
      input.ExclusiveStartKey,
    );
  }

  async scan(input: {
    TableName?: string;
    FilterExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
    ExclusiveStartKey?: Item;
    Select?: string;
  }) {
    this.count('scan');
    const all = [...this.table(input.TableName).items.values()].filter(
      (item) =>
        !input.FilterExpression ||
        this.matches(item, input.FilterExpression, input.ExpressionAttributeNames, input.ExpressionAttributeValues),
    );
    const page = this.page(all, input.TableName, input.ExclusiveStartKey);
    return { ...page, items: input.Select === 'COUNT' ? [] : page.items, count: page.items.length };
  }

  async transactWrite(input: { TransactItems?: Array<Record<string, any>> }) {
    this.count('transactWrite');
    const operations = input.TransactItems ?? [];
    if (operations.length > 100)
      throw Object.assign(new Error('Member must have length less than or equal to 100'), { name: 'ValidationException' });
    const reasons = operations.map((operation) => {
      const [kind, body] = Object.entries(operation)[0]!;
      try {
        this.check(body.TableName, kind === 'Put' ? body.Item : body.Key, body);
        return 'None';
      } catch (error) {
        if (error instanceof ConditionFailed) return 'ConditionalCheckFailed';
        throw error;
      }
    });
    if (reasons.some((reason) => reason !== 'None')) {
      throw Object.assign(new Error(`Transaction cancelled [${reasons.join(', ')}]`), {
        name: 'TransactionCanceledException',
        CancellationReasons: reasons.map((Code) => ({ Code })),
      });
    }
    for (const operation of operations) {
      const [kind, body] = Object.entries(operation)[0]!;
      if (kind === 'Put') this.applyPut(body.TableName, body.Item);
      else if (kind === 'Update') this.applyUpdate(body);
      else if (kind === 'Delete') this.table(body.TableName).items.delete(this.keyOf(body.TableName, body.Key));
    }
  }

  private count(method: string) {
    this.calls[method] = (this.calls[method] ?? 0) + 1;
  }

  private table(name: string | undefined) {
    const table = name ? this.tables.get(name) : undefined;
    if (!table) throw Object.assign(new Error(`Requested resource not found: ${name}`), { name: 'ResourceNotFoundException' });
    return table;
  }

  private keyOf(tableName: string | undefined, key: Item | undefined): string {
    const value = key?.[this.table(tableName).spec.key];
    if (typeof value !== 'string' || value === '')
      throw Object.assign(new Error('The provided key element does not match the schema'), { name: 'ValidationException' });
    return value;
  }

  private page(items: Item[], tableName: string | undefined, startKey: Item | undefined) {
    const keyName = this.table(tableName).spec.key;
    const sorted = [...items].sort((a, b) => String(a[keyName]).localeCompare(String(b[keyName])));
    const start = startKey ? sorted.findIndex((item) => item[keyName] === startKey[keyName]) + 1 : 0;
    const slice = sorted.slice(start, start + this.pageSize);
    const more = start + this.pageSize < sorted.length;
    return {
      items: slice.map((item) => structuredClone(item)),
      lastKey: more ? { [keyName]: slice[slice.length - 1]![keyName] } : undefined,
    };
  }

  private check(
    tableName: string | undefined,
    key: Item | undefined,
    input: { ConditionExpression?: string; ExpressionAttributeNames?: Names; ExpressionAttributeValues?: Values },
  ) {
    if (!input.ConditionExpression) return;
    const current = this.table(tableName).items.get(this.keyOf(tableName, key)) ?? {};
    if (!this.matches(current, input.ConditionExpression, input.ExpressionAttributeNames, input.ExpressionAttributeValues))
      throw new ConditionFailed();
  }

  private matches(item: Item, expression: string, names: Names, values: Values): boolean {
    return topLevel(expression, ' OR ').some((alternative) => this.matchesAll(item, alternative, names, values));
  }

  private matchesAll(item: Item, expression: string, names: Names, values: Values): boolean {
    return topLevel(expression, ' AND ').every((clause) => {
      const group = /^\((.*)\)$/.exec(clause.trim());
      if (group) return this.matches(item, group[1]!, names, values);
      const exists = /^attribute_(not_)?exists\((#\w+)\)$/.exec(clause.trim());
      if (exists) return (item[this.name(exists[2]!, names)] !== undefined) === !exists[1];
      const type = /^attribute_type\((#\w+), (:\w+)\)$/.exec(clause.trim());
      if (type) {
        const actual = item[this.name(type[1]!, names)];
        const wanted = this.value(type[2]!, values);
        if (wanted === 'NULL') return actual === null;
        if (wanted === 'N') return typeof actual === 'number';
        throw new Error(`fake: unsupported attribute type ${String(wanted)}`);
      }
      const compare = /^(#\w+) (=|<>|>=|<=|>|<) (:\w+)$/.exec(clause.trim());
      if (!compare) throw new Error(`fake: unsupported condition ${clause}`);
      const actual = item[this.name(compare[1]!, names)];
      const expected = this.value(compare[3]!, values);
      if (compare[2] === '=') return actual === expected;
      if (compare[2] === '<>') return actual !== expected;
      if (actual === undefined || actual === null) return false;
      const [a, b] = [actual as number, expected as number];
      return compare[2] === '>' ? a > b : compare[2] === '<' ? a < b : compare[2] === '>=' ? a >= b : a <= b;
    });
  }

  private applyPut(tableName: string | undefined, item: Item) {
    this.table(tableName).items.set(this.keyOf(tableName, item), structuredClone(item));
  }

  private applyUpdate(input: {
    TableName?: string;
    Key?: Item;
    UpdateExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
  }): Item {
    const table = this.table(input.TableName);
    const key = this.keyOf(input.TableName, input.Key);
    const item = table.items.get(key) ?? structuredClone(input.Key!);
    const expression = input.UpdateExpression ?? '';
    const set = /SET (.+?)(?= ADD |$)/.exec(expression);
    const add = /ADD ((?:#\w+ :\w+)(?:, #\w+ :\w+)*)/.exec(expression);
    if (!set && !add) throw new Error(`fake: unsupported update ${expression}`);
    for (const assignment of set ? set[1]!.split(',') : []) {
      const sum = /^\s*(#\w+) = (#\w+) ([+-]) (:\w+)\s*$/.exec(assignment);
      if (sum) {
        const from = Number(item[this.name(sum[2]!, input.ExpressionAttributeNames)]);
        const by = Number(this.value(sum[4]!, input.ExpressionAttributeValues));
        item[this.name(sum[1]!, input.ExpressionAttributeNames)] = sum[3] === '+' ? from + by : from - by;
        continue;
      }
      const parts = /^\s*(#\w+) = (:\w+)\s*$/.exec(assignment);
      if (!parts) throw new Error(`fake: unsupported assignment ${assignment}`);
      item[this.name(parts[1]!, input.ExpressionAttributeNames)] = structuredClone(this.value(parts[2]!, input.ExpressionAttributeValues));
    }
    for (const pair of add ? add[1]!.split(', ') : []) {
      const [name, value] = pair.split(' ') as [string, string];
      const field = this.name(name, input.ExpressionAttributeNames);
      item[field] = Number(item[field] ?? 0) + Number(this.value(value, input.ExpressionAttributeValues));
    }
    table.items.set(key, item);
    return item;
  }

  private name(token: string, names: Names): string {
    const name = names?.[token];
    if (!name) throw new Error(`fake: ${token} is not in ExpressionAttributeNames`);
    return name;
  }

  private value(token: string, values: Values): unknown {
    if (!values || !(token in values)) throw new Error(`fake: ${token} is not in ExpressionAttributeValues`);
    return values[token];
  }
}

/** `expression` split at `separator` where it stands outside any parentheses. */
function topLevel(expression: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const char = expression[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && expression.startsWith(separator, i)) {
      parts.push(expression.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(expression.slice(start));
  return parts;
}
