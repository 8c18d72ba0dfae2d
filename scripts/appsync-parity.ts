/**
 * The parity check between the SDL our local server serves (server/generated/appsync-schema.graphql)
 * and the one AppSync gets from Amplify's transformer for the same schema (a CDK synth of
 * amplify/backend.ts, see `npm run check:amplify`). Both are reduced to what a client can send and
 * receive: the types reachable from Query and Mutation, each field with its arguments and type, and
 * the API-key/Lambda auth directives of root fields and object types. Ignored, because they do not
 * change what a browser can send: ordering, descriptions, directive and AWS scalar declarations,
 * subscriptions and their inputs, types nothing reaches (e.g. AmplifyAI* inputs), and `@aws_iam`
 * (AWS credentials, which the SPA never uses; Amplify adds it for its own functions and console).
 */
import {
  parse,
  print,
  type DirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type TypeNode,
} from 'graphql';

/** Auth directives that decide who may call what; any other directive is AppSync plumbing. */
const AUTH_DIRECTIVES = new Set(['aws_api_key', 'aws_lambda']);

const typeName = (type: TypeNode): string => (type.kind === 'NamedType' ? type.name.value : typeName(type.type));

const authOf = (directives: readonly DirectiveNode[] | undefined) =>
  (directives ?? [])
    .map((directive) => directive.name.value)
    .filter((name) => AUTH_DIRECTIVES.has(name))
    .sort()
    .map((name) => `@${name}`)
    .join(' ');

const withAuth = (text: string, auth: string) => (auth ? `${text} ${auth}` : text);

const argText = (arg: InputValueDefinitionNode) => `${arg.name.value}: ${print(arg.type)}`;

function fieldText(field: FieldDefinitionNode, root: boolean): string {
  // Argument order does not matter to a client (arguments are passed by name).
  const args = field.arguments?.length ? `(${[...field.arguments].map(argText).sort().join(', ')})` : '';
  return withAuth(`${field.name.value}${args}: ${print(field.type)}`, root ? authOf(field.directives) : '');
}

interface Definition {
  kind: string;
  auth: string;
  members: string[];
  refs: string[];
}

function definitions(document: DocumentNode): Map<string, Definition> {
  const found = new Map<string, Definition>();
  for (const node of document.definitions) {
    switch (node.kind) {
      case 'ObjectTypeDefinition': {
        const root = node.name.value === 'Query' || node.name.value === 'Mutation';
        const fields = node.fields ?? [];
        found.set(node.name.value, {
          kind: 'type',
          auth: root ? '' : authOf(node.directives),
          members: fields.map((field) => fieldText(field, root)).sort(),
          refs: fields.flatMap((field) => [typeName(field.type), ...(field.arguments ?? []).map((arg) => typeName(arg.type))]),
        });
        break;
      }
      case 'InputObjectTypeDefinition': {
        const fields = node.fields ?? [];
        found.set(node.name.value, {
          kind: 'input',
          auth: '',
          members: fields.map(argText).sort(),
          refs: fields.map((field) => typeName(field.type)),
        });
        break;
      }
      case 'EnumTypeDefinition':
        found.set(node.name.value, {
          kind: 'enum',
          auth: '',
          members: (node.values ?? []).map((value) => value.name.value).sort(),
          refs: [],
        });
        break;
      case 'ScalarTypeDefinition':
        // AWS scalars are built into AppSync; a declaration of one is bookkeeping.
        if (!node.name.value.startsWith('AWS')) found.set(node.name.value, { kind: 'scalar', auth: '', members: [], refs: [] });
        break;
      case 'InterfaceTypeDefinition':
      case 'UnionTypeDefinition':
        throw new Error(`${node.name.value}: interfaces and unions are not expected in this schema`);
      default:
        break; // directive declarations, schema definitions
    }
  }
  return found;
}

/** The client-visible surface of an AppSync SDL: one canonical text per reachable type. */
export function normalizeAppSyncSdl(sdl: string): Map<string, string> {
  const all = definitions(parse(sdl));
  const reachable = new Map<string, string>();
  const queue = ['Query', 'Mutation'];
  while (queue.length) {
    const name = queue.shift()!;
    if (reachable.has(name)) continue;
    const definition = all.get(name);
    if (!definition) {
      if (name === 'Query' || name === 'Mutation' || isBuiltIn(name)) continue;
      reachable.set(name, '(missing)');
      continue;
    }
    reachable.set(
      name,
      `${withAuth(`${definition.kind} ${name}`, definition.auth)} {\n${definition.members.map((member) => `  ${member}`).join('\n')}\n}`,
    );
    queue.push(...definition.refs);
  }
  return reachable;
}

const isBuiltIn = (name: string) => ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(name) || name.startsWith('AWS');

/** Differences between two SDLs' client surfaces, as readable lines; empty when they match. */
export function diffAppSyncSdl(local: string, appsync: string): string[] {
  const ours = normalizeAppSyncSdl(local);
  const theirs = normalizeAppSyncSdl(appsync);
  const problems: string[] = [];
  for (const name of [...new Set([...ours.keys(), ...theirs.keys()])].sort()) {
    const a = ours.get(name);
    const b = theirs.get(name);
    if (a === b) continue;
    if (a === undefined) problems.push(`only in AppSync: ${name}\n${b}`);
    else if (b === undefined) problems.push(`only in the local SDL: ${name}\n${a}`);
    else problems.push(`${name} differs:\n${lineDiff(a, b)}`);
  }
  return problems;
}

function lineDiff(local: string, appsync: string): string {
  const a = new Set(local.split('\n'));
  const b = new Set(appsync.split('\n'));
  return [
    ...[...a].filter((line) => !b.has(line)).map((line) => `  - local:   ${line.trim()}`),
    ...[...b].filter((line) => !a.has(line)).map((line) => `  + AppSync: ${line.trim()}`),
  ].join('\n');
}
