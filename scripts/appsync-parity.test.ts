/** The parity check's normalisation: what counts as drift between two AppSync SDLs, and what does not. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffAppSyncSdl, normalizeAppSyncSdl } from './appsync-parity';
import { GENERATED_FILES } from './generated-files';

const LOCAL = `
directive @aws_api_key on FIELD_DEFINITION | OBJECT
directive @aws_lambda on FIELD_DEFINITION | OBJECT
scalar AWSDateTime
type Item @aws_api_key @aws_lambda { id: ID! name: String! createdAt: AWSDateTime! }
type ModelItemConnection @aws_api_key @aws_lambda { items: [Item]! nextToken: String }
input ModelStringInput { eq: String ne: String }
input ModelItemFilterInput { name: ModelStringInput and: [ModelItemFilterInput] }
type Query {
  listItems(filter: ModelItemFilterInput, limit: Int, nextToken: String): ModelItemConnection @aws_api_key @aws_lambda
}
type Mutation { signOut: Boolean @aws_lambda }
`;

// The same API as AppSync prints it: other order, @aws_iam, subscriptions, an unused input.
const APPSYNC = `
"""A shop item"""
type Item @aws_iam @aws_lambda @aws_api_key { name: String! id: ID! createdAt: AWSDateTime! }
type Mutation @aws_iam { signOut: Boolean @aws_iam @aws_lambda }
input AmplifyAIConversationTurnErrorInput { errorType: String! }
input ModelSubscriptionStringInput { eq: String in: [String] }
type Subscription { onCreateItem: Item @aws_subscribe(mutations: ["createItem"]) }
input ModelItemFilterInput { and: [ModelItemFilterInput] name: ModelStringInput }
input ModelStringInput { ne: String eq: String }
type Query {
  listItems(nextToken: String, filter: ModelItemFilterInput, limit: Int): ModelItemConnection @aws_api_key @aws_iam @aws_lambda
}
type ModelItemConnection @aws_api_key @aws_iam @aws_lambda { nextToken: String items: [Item]! }
`;

describe('diffAppSyncSdl', () => {
  it('ignores ordering, descriptions, @aws_iam, subscriptions, declarations and unreachable types', () => {
    expect(diffAppSyncSdl(LOCAL, APPSYNC)).toEqual([]);
    expect([...normalizeAppSyncSdl(APPSYNC).keys()].sort()).toEqual([
      'Item',
      'ModelItemConnection',
      'ModelItemFilterInput',
      'ModelStringInput',
      'Mutation',
      'Query',
    ]);
  });

  it('reports a missing filter operator, a changed argument type and a changed auth mode', () => {
    const drifted = APPSYNC.replace(
      'input ModelStringInput { ne: String eq: String }',
      'input ModelStringInput { ne: String eq: String beginsWith: String }',
    )
      .replace('limit: Int)', 'limit: Int!)')
      .replace('type Item @aws_iam @aws_lambda @aws_api_key', 'type Item @aws_iam @aws_lambda');
    const problems = diffAppSyncSdl(LOCAL, drifted).join('\n');
    expect(problems).toContain('+ AppSync: beginsWith: String');
    expect(problems).toContain('limit: Int!');
    expect(problems).toContain('Item differs');
  });

  it('reports a type only one side has', () => {
    const extra = APPSYNC.replace('type Query {', 'type Query {\n  getItem(id: ID!): Item @aws_api_key');
    expect(diffAppSyncSdl(LOCAL, extra).join('\n')).toContain('getItem(id: ID!): Item @aws_api_key');
    expect(diffAppSyncSdl(LOCAL.replace('type Mutation { signOut: Boolean @aws_lambda }', ''), APPSYNC).join('\n')).toContain(
      'only in AppSync: Mutation',
    );
  });

  it('reads the committed local SDL whole', () => {
    const surface = normalizeAppSyncSdl(readFileSync(GENERATED_FILES.appsyncSdl, 'utf8'));
    expect(surface.get('Query')).toContain(
      'listItems(filter: ModelItemFilterInput, limit: Int, nextToken: String): ModelItemConnection @aws_api_key @aws_lambda',
    );
    expect([...surface.values()]).not.toContain('(missing)');
  });
});
