/**
 * What the synthesized stack deploys, read from its templates (stack.ts): the DynamoDB tables, the
 * S3 buckets, the Lambda functions, and the AppSync API (schema, auth, data sources, pipeline
 * functions, resolvers) in the shape the AppSync simulator loads.
 */
import { readFileSync } from 'node:fs';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { SynthesizedApp, type Stack } from './stack';
import type { LambdaDefinition } from './lambda-runtime';

export interface MappingTemplate {
  path: string;
  content: string;
}
export interface AppSyncFunction {
  name: string;
  dataSourceName: string;
  requestMappingTemplateLocation: string;
  responseMappingTemplateLocation: string;
}
export interface AppSyncResolver {
  kind: 'PIPELINE' | 'UNIT';
  typeName: string;
  fieldName: string;
  functions: string[];
  dataSourceName?: string;
  requestMappingTemplateLocation: string;
  responseMappingTemplateLocation: string;
}
export type DataSource =
  | { name: string; type: 'AMAZON_DYNAMODB'; tableName: string }
  | { name: string; type: 'AWS_LAMBDA'; functionName: string }
  | { name: string; type: 'NONE' };

export interface LambdaAuthorizer {
  functionName: string;
  resultTtlSeconds: number;
}

/** One rule of AWS::S3::Bucket CorsConfiguration. */
export interface CorsRule {
  AllowedMethods: string[];
  AllowedOrigins: string[];
  AllowedHeaders?: string[];
  ExposedHeaders?: string[];
  MaxAge?: number;
}

export interface SynthesizedBackend {
  app: SynthesizedApp;
  tables: CreateTableCommandInput[];
  /** Table name -> the attribute DynamoDB's TTL removes items by. */
  timeToLive: Record<string, string>;
  /** Each bucket with its CORS rules as the template gives them (CloudFormation's CorsRules). */
  buckets: Array<{ name: string; corsRules: CorsRule[] }>;
  functions: Map<string, LambdaDefinition>;
  /** EventBridge rules on S3's "Object Created" events: the bucket, the key prefix, and the function invoked with the rule's input. */
  objectCreatedRules: ObjectCreatedRule[];
  schema: string;
  authorizer: LambdaAuthorizer;
  dataSources: DataSource[];
  appsyncFunctions: AppSyncFunction[];
  resolvers: AppSyncResolver[];
  mappingTemplates: MappingTemplate[];
  /** The root stack's outputs, which `ampx generate outputs` turns into amplify_outputs.json. */
  outputs: Record<string, unknown>;
}

export interface ObjectCreatedRule {
  bucket: string;
  prefix: string;
  functionName: string;
  /** The target's Input (a constant JSON event). */
  input: unknown;
}

type Props = Record<string, unknown>;
const str = (value: unknown) => String(value);
const functionName = (arn: unknown) => str(arn).split(':').pop()!;

export function readSynthesizedBackend(outdir: string, graphqlUrl: string, apiKey: string): SynthesizedBackend {
  const app = new SynthesizedApp(outdir, graphqlUrl, apiKey);
  const ev = (stack: Stack, value: unknown) => stack.evaluate(value as never) as Props;

  const tables: CreateTableCommandInput[] = [];
  const timeToLive: Record<string, string> = {};
  for (const { stack, props } of app.resources('Custom::AmplifyDynamoDBTable')) {
    const p = ev(stack, props) as {
      tableName: string;
      attributeDefinitions: Array<{ attributeName: string; attributeType: string }>;
      keySchema: Array<{ attributeName: string; keyType: string }>;
      globalSecondaryIndexes?: Array<{
        indexName: string;
        keySchema: Array<{ attributeName: string; keyType: string }>;
        projection: { projectionType: string };
      }>;
    };
    tables.push({
      TableName: p.tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: p.attributeDefinitions.map((a) => ({ AttributeName: a.attributeName, AttributeType: a.attributeType as 'S' })),
      KeySchema: p.keySchema.map((k) => ({ AttributeName: k.attributeName, KeyType: k.keyType as 'HASH' })),
      GlobalSecondaryIndexes: p.globalSecondaryIndexes?.map((index) => ({
        IndexName: index.indexName,
        KeySchema: index.keySchema.map((k) => ({ AttributeName: k.attributeName, KeyType: k.keyType as 'HASH' })),
        Projection: { ProjectionType: index.projection.projectionType as 'ALL' },
      })),
    });
  }
  for (const { stack, id, props } of app.resources('AWS::DynamoDB::Table')) {
    const p = ev(stack, props) as unknown as CreateTableCommandInput & {
      TimeToLiveSpecification?: { AttributeName: string; Enabled: boolean };
    };
    if (p.TimeToLiveSpecification?.Enabled) timeToLive[str(stack.ref(id))] = p.TimeToLiveSpecification.AttributeName;
    tables.push({
      TableName: str(stack.ref(id)),
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: p.AttributeDefinitions,
      KeySchema: p.KeySchema,
      GlobalSecondaryIndexes: p.GlobalSecondaryIndexes,
    });
  }

  const buckets = [...app.resources('AWS::S3::Bucket')].map(({ stack, id, props }) => ({
    name: str(stack.ref(id)),
    corsRules: (ev(stack, props) as { CorsConfiguration?: { CorsRules?: CorsRule[] } }).CorsConfiguration?.CorsRules ?? [],
  }));

  const layers = new Map<string, string>();
  for (const { stack, id, props } of app.resources('AWS::Lambda::LayerVersion')) {
    layers.set(str(stack.ref(id)), app.assetPath(str((props.Content as Props).S3Key)));
  }
  const functions = new Map<string, LambdaDefinition>();
  for (const { stack, id, props } of app.resources('AWS::Lambda::Function')) {
    if (!str(props.Runtime).startsWith('nodejs')) continue;
    const p = ev(stack, props) as {
      Code: { S3Key: string };
      Handler: string;
      Environment?: { Variables?: Record<string, string> };
      Layers?: string[];
      Timeout?: number;
    };
    const name = str(stack.ref(id));
    functions.set(name, {
      name,
      bundle: app.assetPath(p.Code.S3Key),
      handler: p.Handler,
      runtime: str(props.Runtime),
      environment: p.Environment?.Variables ?? {},
      layers: (p.Layers ?? []).map((layer) => layers.get(layer) ?? app.assetPath(layer)),
      timeoutSeconds: p.Timeout ?? 3,
    });
  }

  const objectCreatedRules: ObjectCreatedRule[] = [];
  for (const { stack, props } of app.resources('AWS::Events::Rule')) {
    if (!props.EventPattern) continue;
    const p = ev(stack, props) as {
      EventPattern: {
        source?: string[];
        'detail-type'?: string[];
        detail?: { bucket?: { name?: string[] }; object?: { key?: unknown[] } };
      };
      Targets: Array<{ Arn: string; Input?: string }>;
    };
    const pattern = p.EventPattern;
    if (!pattern.source?.includes('aws.s3') || !pattern['detail-type']?.includes('Object Created'))
      throw new Error(`an event rule on ${JSON.stringify(pattern)} is not emulated`);
    const prefixes = (pattern.detail?.object?.key ?? []).map((matcher) => (matcher as { prefix?: unknown }).prefix);
    for (const bucket of pattern.detail?.bucket?.name ?? [])
      for (const prefix of prefixes)
        for (const target of p.Targets)
          objectCreatedRules.push({
            bucket,
            prefix: str(prefix),
            functionName: functionName(target.Arn),
            input: target.Input === undefined ? undefined : JSON.parse(target.Input),
          });
  }

  const apis = [...app.resources('AWS::AppSync::GraphQLApi')];
  if (apis.length !== 1) throw new Error(`expected one AppSync API, found ${apis.length}`);
  const api = ev(apis[0]!.stack, apis[0]!.props) as {
    AdditionalAuthenticationProviders: Array<{
      AuthenticationType: string;
      LambdaAuthorizerConfig?: { AuthorizerUri: string; AuthorizerResultTtlInSeconds?: number };
    }>;
  };
  const lambdaAuth = api.AdditionalAuthenticationProviders.find(
    (provider) => provider.AuthenticationType === 'AWS_LAMBDA',
  )?.LambdaAuthorizerConfig;
  if (!lambdaAuth) throw new Error('the API has no Lambda authorizer');
  const authorizer = {
    functionName: functionName(lambdaAuth.AuthorizerUri),
    resultTtlSeconds: lambdaAuth.AuthorizerResultTtlInSeconds ?? 300,
  };

  const schemas = [...app.resources('AWS::AppSync::GraphQLSchema')];
  const schemaProps = ev(schemas[0]!.stack, schemas[0]!.props) as { Definition?: string; DefinitionS3Location?: string };
  const schema = schemaProps.Definition ?? readFileSync(app.assetPath(str(schemaProps.DefinitionS3Location)), 'utf8');

  const mappingTemplates: MappingTemplate[] = [];
  const template = (stack: Stack, owner: string, kind: 'request' | 'response', inline: unknown, location: unknown): string => {
    const path = `${stack.path}/${owner}.${kind}.vtl`;
    const content =
      inline !== undefined
        ? str(stack.evaluate(inline as never))
        : location !== undefined
          ? readFileSync(app.assetPath(str(stack.evaluate(location as never))), 'utf8')
          : '';
    mappingTemplates.push({ path, content });
    return path;
  };

  const dataSources: DataSource[] = [];
  for (const { stack, props } of app.resources('AWS::AppSync::DataSource')) {
    const p = ev(stack, props) as {
      Name: string;
      Type: string;
      DynamoDBConfig?: { TableName: string };
      LambdaConfig?: { LambdaFunctionArn: string };
    };
    if (p.Type === 'AMAZON_DYNAMODB') dataSources.push({ name: p.Name, type: 'AMAZON_DYNAMODB', tableName: p.DynamoDBConfig!.TableName });
    else if (p.Type === 'AWS_LAMBDA')
      dataSources.push({ name: p.Name, type: 'AWS_LAMBDA', functionName: functionName(p.LambdaConfig!.LambdaFunctionArn) });
    else if (p.Type === 'NONE') dataSources.push({ name: p.Name, type: 'NONE' });
    else throw new Error(`data source ${p.Name}: type ${p.Type} is not emulated`);
  }

  // Pipeline resolvers name their functions by FunctionId (GetAtt), which stack.ts answers with the
  // function resource's path: the simulator gets those paths as the function names.
  const appsyncFunctions: AppSyncFunction[] = [];
  for (const { stack, id, props } of app.resources('AWS::AppSync::FunctionConfiguration')) {
    const name = str(stack.getAtt(id, 'FunctionId'));
    appsyncFunctions.push({
      name,
      dataSourceName: str(stack.evaluate(props.DataSourceName)),
      requestMappingTemplateLocation: template(stack, id, 'request', props.RequestMappingTemplate, props.RequestMappingTemplateS3Location),
      responseMappingTemplateLocation: template(
        stack,
        id,
        'response',
        props.ResponseMappingTemplate,
        props.ResponseMappingTemplateS3Location,
      ),
    });
  }
  const resolvers: AppSyncResolver[] = [];
  for (const { stack, id, props } of app.resources('AWS::AppSync::Resolver')) {
    const p = props as Props & { PipelineConfig?: { Functions: unknown[] } };
    resolvers.push({
      kind: str(p.Kind ?? 'UNIT') === 'PIPELINE' ? 'PIPELINE' : 'UNIT',
      typeName: str(p.TypeName),
      fieldName: str(p.FieldName),
      functions: (p.PipelineConfig?.Functions ?? []).map((fn) => str(stack.evaluate(fn as never))),
      dataSourceName: p.DataSourceName === undefined ? undefined : str(stack.evaluate(p.DataSourceName as never)),
      requestMappingTemplateLocation: template(stack, id, 'request', p.RequestMappingTemplate, p.RequestMappingTemplateS3Location),
      responseMappingTemplateLocation: template(stack, id, 'response', p.ResponseMappingTemplate, p.ResponseMappingTemplateS3Location),
    });
  }

  const outputs = Object.fromEntries(Object.keys(app.root.template.Outputs ?? {}).map((name) => [name, app.root.output(name)]));
  return {
    app,
    tables,
    timeToLive,
    buckets,
    functions,
    objectCreatedRules,
    schema,
    authorizer,
    dataSources,
    appsyncFunctions,
    resolvers,
    mappingTemplates,
    outputs,
  };
}
