import { describe, expect, it } from 'vitest';
import { requestsWithoutOperation } from './data-source-requests';

const stack = (request: string, source: unknown) => ({
  Resources: {
    ItemDataSource: { Type: 'AWS::AppSync::DataSource', Properties: { Type: 'AMAZON_DYNAMODB', Name: 'ItemTable' } },
    Guard: {
      Type: 'AWS::AppSync::FunctionConfiguration',
      Properties: { Name: 'MutationupdateItemWriteGuard', DataSourceName: source, RequestMappingTemplate: request },
    },
  },
});
const NONE_REQUEST = '$util.toJson({"version":"2018-05-29","payload":{}})';

describe('requestsWithoutOperation', () => {
  it('names a function that sends a NONE-shaped request to a DynamoDB data source', () => {
    expect(requestsWithoutOperation(stack(NONE_REQUEST, { 'Fn::GetAtt': ['ItemDataSource', 'Name'] }))).toEqual([
      'MutationupdateItemWriteGuard (data source ItemDataSource)',
    ]);
  });

  it('accepts a DynamoDB request with an operation, and a NONE request on the NONE data source', () => {
    expect(
      requestsWithoutOperation(
        stack('{"version":"2018-05-29","operation":"GetItem","key":{}}', { 'Fn::GetAtt': ['ItemDataSource', 'Name'] }),
      ),
    ).toEqual([]);
    expect(requestsWithoutOperation(stack(NONE_REQUEST, { Ref: 'referencetoGraphQLAPINONEDSName' }))).toEqual([]);
  });
});
