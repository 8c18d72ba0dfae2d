/** AppSync's AWS* scalars, with the input validation AppSync applies. */
import { GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';
import { isValidEmail } from '../../shared/validation/account';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2}(:\d{2})?)?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/;
const PHONE = /^\+?[\d\s().-]{3,}$/;

function validCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function stringScalar(name: string, test: (value: string) => boolean): ScalarImpl {
  const parse = (value: unknown) => {
    if (typeof value !== 'string' || !test(value)) throw new TypeError(`Invalid ${name} value: ${JSON.stringify(value)?.slice(0, 80)}`);
    return value;
  };
  return {
    serialize: (value: unknown) => value,
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  };
}

interface ScalarImpl {
  serialize: (value: unknown) => unknown;
  parseValue: (value: unknown) => unknown;
  parseLiteral: (ast: ValueNode) => unknown;
}

const implementations: Record<string, ScalarImpl> = {
  AWSDate: stringScalar('AWSDate', validCalendarDate),
  AWSTime: stringScalar('AWSTime', (value) => TIME.test(value)),
  AWSDateTime: stringScalar('AWSDateTime', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))),
  AWSEmail: stringScalar('AWSEmail', isValidEmail),
  AWSURL: stringScalar('AWSURL', (value) => {
    try {
      return Boolean(new URL(value));
    } catch {
      return false;
    }
  }),
  AWSPhone: stringScalar('AWSPhone', (value) => PHONE.test(value)),
  AWSIPAddress: stringScalar('AWSIPAddress', (value) => /^[\d.:a-fA-F/]+$/.test(value)),
  AWSTimestamp: {
    serialize: (value: unknown) => value,
    parseValue: (value: unknown) => {
      if (!Number.isSafeInteger(value)) throw new TypeError('Invalid AWSTimestamp value');
      return value;
    },
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind !== Kind.INT) throw new TypeError('Invalid AWSTimestamp value');
      return Number(ast.value);
    },
  },
  AWSJSON: {
    // Stored and returned as a JSON string, as AppSync does.
    serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
    parseValue: (value: unknown) => {
      if (typeof value !== 'string') throw new TypeError('AWSJSON must be a JSON string');
      JSON.parse(value);
      return value;
    },
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind !== Kind.STRING) throw new TypeError('AWSJSON must be a JSON string');
      JSON.parse(ast.value);
      return ast.value;
    },
  },
};

/** Replaces the behaviour of the schema's AWS* scalar declarations with real validation. */
export function installAwsScalars(schema: GraphQLSchema): void {
  for (const [name, impl] of Object.entries(implementations)) {
    const type = schema.getType(name);
    if (type instanceof GraphQLScalarType) Object.assign(type, impl);
  }
}
