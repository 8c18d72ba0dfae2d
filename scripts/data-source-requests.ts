/**
 * A request AppSync sends to a DynamoDB data source must name its `operation` (GetItem, Query...);
 * one that does not (`{"version":"2018-05-29","payload":{}}`, the shape a NONE data source takes)
 * fails when the function runs. The emulator logs that failure and goes on, so only the
 * synthesized templates show it: `npm run check:amplify` refuses such a function.
 */

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

/** Functions and resolvers of one synthesized stack whose inline request names no operation on a DynamoDB data source. */
export interface CfnTemplate {
  Resources?: Record<string, CfnResource>;
}

export function requestsWithoutOperation(template: CfnTemplate): string[] {
  const resources = template.Resources ?? {};
  const dynamoSources = new Set(
    Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'AWS::AppSync::DataSource' && resource.Properties?.Type === 'AMAZON_DYNAMODB')
      .map(([id]) => id),
  );
  const problems: string[] = [];
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::AppSync::FunctionConfiguration' && resource.Type !== 'AWS::AppSync::Resolver') continue;
    const properties = resource.Properties ?? {};
    const source = properties.DataSourceName as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const sourceId = source?.['Fn::GetAtt']?.[0];
    const request = properties.RequestMappingTemplate;
    // Templates kept as S3 assets are the transformer's own; ours are inline.
    if (!sourceId || !dynamoSources.has(sourceId) || typeof request !== 'string') continue;
    if (!/"operation"\s*:/.test(request))
      problems.push(`${typeof properties.Name === 'string' ? properties.Name : id} (data source ${sourceId})`);
  }
  return problems;
}
