/**
 * Compiles an AppSync Model*FilterInput / Model*ConditionInput into a SQL expression with bound
 * parameters, so filtering runs in SQLite (and uses its indexes) rather than in JavaScript.
 *
 * Semantics follow DynamoDB's: a comparison with a missing attribute is false, `ne` and
 * `notContains` are true for it, `contains` on a list tests membership. Every leaf yields 0 or 1
 * (never NULL), so `not` behaves as DynamoDB's NOT rather than SQL's three-valued logic.
 */
import { validationError } from '../errors';
import type { ModelMeta, ScalarField } from '../model/model-meta';
import { columnType, quoteIdent } from './database';

export type SqlValue = string | number | null;
export interface CompiledFilter {
  sql: string;
  params: SqlValue[];
}

type FieldFilter = Record<string, unknown>;
type ModelFilter = Record<string, unknown>;

const COMPARISONS: Record<string, string> = { eq: '=', ne: '<>', le: '<=', lt: '<', ge: '>=', gt: '>' };

const toSql = (field: ScalarField, value: unknown): SqlValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw validationError(`Invalid value for ${field.name}`);
};

/** The DynamoDB type name a field of this kind has when present. */
function attributeTypeOf(field: ScalarField): string {
  if (field.isArray) return 'list';
  switch (columnType(field)) {
    case 'INTEGER':
      return field.type === 'Boolean' ? 'bool' : 'number';
    case 'REAL':
      return 'number';
    default:
      return 'string';
  }
}

/**
 * Bounds on one filter, so no request can make SQLite (or this compiler) work without limit.
 * Every entry counts against MAX_FILTER_TERMS: each field condition, each `not`, and each empty
 * term of an `and` or `or` list (a term with conditions counts by them). Counting only field
 * conditions let `{and: [{}, {}, ...]}` with 2,000 empty terms through, and SQLite failed on the
 * expression ("Expression tree is too large"). 200 entries keep every compiled expression far
 * below SQLite's depth limit of 1,000, and an `or` of 200 ids (the events feed) still fits.
 */
export const MAX_FILTER_TERMS = 200;
export const MAX_FILTER_DEPTH = 20;
export const filterTermsMessage = () =>
  `The filter has more than ${MAX_FILTER_TERMS} conditions (each field condition, each not and each empty and/or term counts)`;
export const filterDepthMessage = () => `The filter is nested more than ${MAX_FILTER_DEPTH} levels deep`;

interface Budget {
  terms: number;
}

/** Whether an `and`/`or` term holds no condition: it counts as one entry of its own. */
export const isEmptyFilterTerm = (term: unknown) =>
  typeof term !== 'object' || term === null || !Object.values(term).some((value) => value !== null && value !== undefined);

/** Counts one entry of a filter against its budget; throws a ValidationError past the limit. */
export function spendFilterTerm(budget: Budget): void {
  budget.terms += 1;
  if (budget.terms > MAX_FILTER_TERMS) throw validationError(filterTermsMessage());
}

export function compileFilter(model: ModelMeta, filter: ModelFilter | null | undefined): CompiledFilter {
  const params: SqlValue[] = [];
  if (!filter) return { sql: '1', params };
  const sql = compileModelFilter(model, filter, params, { terms: 0 }, 0);
  return { sql, params };
}

function compileModelFilter(model: ModelMeta, filter: ModelFilter, params: SqlValue[], budget: Budget, depth: number): string {
  if (depth > MAX_FILTER_DEPTH) throw validationError(filterDepthMessage());
  const terms: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and' || key === 'or') {
      const entries = Array.isArray(value) ? (value as Array<ModelFilter | null>) : [value as ModelFilter];
      for (const entry of entries) if (isEmptyFilterTerm(entry)) spendFilterTerm(budget);
      const list = entries.filter((item): item is ModelFilter => Boolean(item));
      if (list.length === 0) continue;
      const parts = list.map((item) => compileModelFilter(model, item, params, budget, depth + 1));
      terms.push(`(${parts.join(key === 'and' ? ' AND ' : ' OR ')})`);
    } else if (key === 'not') {
      spendFilterTerm(budget);
      terms.push(`(NOT ${compileModelFilter(model, value as ModelFilter, params, budget, depth + 1)})`);
    } else {
      spendFilterTerm(budget);
      const field = model.scalarByName.get(key);
      if (!field) throw validationError(`Unknown filter field ${key}`);
      terms.push(compileFieldFilter(field, value as FieldFilter, params));
    }
  }
  return terms.length ? `(${terms.join(' AND ')})` : '1';
}

function compileFieldFilter(field: ScalarField, filter: FieldFilter, params: SqlValue[]): string {
  const col = quoteIdent(field.name);
  const terms: string[] = [];
  for (const [op, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    terms.push(compileOperator(field, col, op, value, params));
  }
  return terms.length ? `(${terms.join(' AND ')})` : '1';
}

function compileOperator(field: ScalarField, col: string, op: string, value: unknown, params: SqlValue[]): string {
  switch (op) {
    case 'eq':
    case 'le':
    case 'lt':
    case 'ge':
    case 'gt': {
      if (value === null) return op === 'eq' ? `(${col} IS NULL)` : '0';
      if (field.isArray) return '0';
      params.push(toSql(field, value));
      return `IFNULL(${col} ${COMPARISONS[op]} ?, 0)`;
    }
    case 'ne': {
      if (value === null) return `(${col} IS NOT NULL)`;
      if (field.isArray) return '1';
      params.push(toSql(field, value));
      return `IFNULL(${col} <> ?, 1)`;
    }
    case 'between': {
      const range = value as unknown[];
      if (!Array.isArray(range) || range.length !== 2) throw validationError(`between on ${field.name} takes exactly two values`);
      params.push(toSql(field, range[0]), toSql(field, range[1]));
      return `IFNULL(${col} BETWEEN ? AND ?, 0)`;
    }
    case 'contains':
    case 'notContains': {
      params.push(toSql(field, value));
      const test = field.isArray ? `EXISTS (SELECT 1 FROM json_each(${col}) WHERE json_each.value = ?)` : `IFNULL(instr(${col}, ?) > 0, 0)`;
      return op === 'contains' ? test : `(NOT ${test})`;
    }
    case 'beginsWith': {
      const prefix = String(value);
      params.push(prefix.length, prefix);
      return `IFNULL(substr(${col}, 1, ?) = ?, 0)`;
    }
    case 'attributeExists':
      return value ? `(${col} IS NOT NULL)` : `(${col} IS NULL)`;
    case 'attributeType':
      if (value === '_null') return `(${col} IS NULL)`;
      return attributeTypeOf(field) === value ? `(${col} IS NOT NULL)` : '0';
    case 'size': {
      const size = field.isArray ? `json_array_length(${col})` : `length(${col})`;
      const terms = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([sizeOp, v]) => {
          if (sizeOp === 'between') {
            const range = v as number[];
            if (range.length !== 2) throw validationError(`size.between on ${field.name} takes exactly two values`);
            params.push(range[0]!, range[1]!);
            return `IFNULL(${size} BETWEEN ? AND ?, 0)`;
          }
          const cmp = COMPARISONS[sizeOp];
          if (!cmp) throw validationError(`Unknown size operator ${sizeOp}`);
          params.push(v as number);
          return sizeOp === 'ne' ? `IFNULL(${size} <> ?, 1)` : `IFNULL(${size} ${cmp} ?, 0)`;
        });
      return terms.length ? `(${terms.join(' AND ')})` : '1';
    }
    default:
      throw validationError(`Unknown filter operator ${op} on ${field.name}`);
  }
}
