/**
 * The shop on AWS Amplify Gen 2 (README "Deploy to AWS"): the same schema, handlers and client as
 * the local server, with DynamoDB, S3 and Lambda behind them.
 *
 * - data: AppSync from amplify/data/schema.ts (model tables in DynamoDB).
 * - functions: the session authorizer and the custom mutations, running server/ code.
 * - shop-media: uploaded images in S3, served through CloudFront at /media/* (Hosting rewrite).
 * - in the data stack, beside the model tables: the tables no resolver can reach (password
 *   hashes, sessions).
 */
import { defineBackend } from '@aws-amplify/backend';
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnFunctionConfiguration, type CfnResolver } from 'aws-cdk-lib/aws-appsync';
import { AllowedMethods, CachePolicy, Distribution, ViewerProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { data } from './data/resource';
import { accounts, authorizer, catalogue, media } from './functions/resource';
import { RESPONSE_TEMPLATE } from './functions/shared/appsync';
import { isModelWrite, MODEL_WRITE_GUARD_REQUEST_TEMPLATE, MODEL_WRITE_GUARD_RESPONSE_TEMPLATE } from './data/model-write-guard';
import { SESSIONS_BY_USER_INDEX } from './functions/shared/dynamo-sessions';
import { ENV } from './functions/shared/env';

const backend = defineBackend({ data, authorizer, accounts, media, catalogue });

// --- Tables of our own, next to the model tables (the data stack, to avoid cross-stack cycles).
const dataStack = Stack.of(backend.data.resources.graphqlApi);
const sessions = new Table(dataStack, 'ShopSessions', {
  partitionKey: { name: 'tokenHash', type: AttributeType.STRING },
  billingMode: BillingMode.PAY_PER_REQUEST,
  timeToLiveAttribute: 'ttl',
  removalPolicy: RemovalPolicy.DESTROY,
});
sessions.addGlobalSecondaryIndex({ indexName: SESSIONS_BY_USER_INDEX, partitionKey: { name: 'userId', type: AttributeType.STRING } });
const credentials = new Table(dataStack, 'ShopCredentials', {
  partitionKey: { name: 'pk', type: AttributeType.STRING },
  billingMode: BillingMode.PAY_PER_REQUEST,
  pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  removalPolicy: RemovalPolicy.DESTROY,
});

const modelTables = backend.data.resources.tables as Record<string, ITable>;
const modelTable = (name: string): ITable => {
  const table = modelTables[name];
  if (!table) throw new Error(`the data resource has no ${name} table`);
  return table;
};

function lambdaOf(fn: { resources: { lambda: IFunction } }): LambdaFunction {
  const lambda = fn.resources.lambda;
  if (!(lambda instanceof LambdaFunction)) throw new Error(`${lambda.node.id} is not a Lambda Function construct`);
  return lambda;
}

const authorizerLambda = lambdaOf(backend.authorizer);
const accountsLambda = lambdaOf(backend.accounts);
const mediaLambda = lambdaOf(backend.media);
const catalogueLambda = lambdaOf(backend.catalogue);

// The authorizer reads sessions (and touches lastSeenAt) and users.
authorizerLambda.addEnvironment(ENV.sessions, sessions.tableName);
authorizerLambda.addEnvironment(ENV.users, modelTable('User').tableName);
sessions.grantReadWriteData(authorizerLambda);
modelTable('User').grantReadData(authorizerLambda);

// Accounts: users, credentials, sessions.
accountsLambda.addEnvironment(ENV.sessions, sessions.tableName);
accountsLambda.addEnvironment(ENV.users, modelTable('User').tableName);
accountsLambda.addEnvironment(ENV.credentials, credentials.tableName);
for (const table of [sessions, credentials, modelTable('User')]) table.grantReadWriteData(accountsLambda);

// Catalogue: banners, categories, tags; checks banner images exist in S3.
catalogueLambda.addEnvironment(ENV.banners, modelTable('Banner').tableName);
catalogueLambda.addEnvironment(ENV.categories, modelTable('Category').tableName);
catalogueLambda.addEnvironment(ENV.tags, modelTable('Tag').tableName);
for (const model of ['Banner', 'Category', 'Tag']) modelTable(model).grantReadWriteData(catalogueLambda);

// --- Images: a private bucket in a stack of its own (the data stack depends on it, never the
// reverse), public through CloudFront with origin access control. Not Amplify's defineStorage:
// its grants would make the storage and data stacks depend on each other, and the browser never
// talks to S3 itself.
const mediaStack = backend.createStack('shop-media');
const bucket = new Bucket(mediaStack, 'ShopMedia', {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  removalPolicy: RemovalPolicy.RETAIN,
});
bucket.grantReadWrite(mediaLambda, 'media/*');
bucket.grantRead(catalogueLambda, 'media/*');
mediaLambda.addEnvironment(ENV.mediaBucket, bucket.bucketName);
catalogueLambda.addEnvironment(ENV.mediaBucket, bucket.bucketName);

// --- Errors keep their errorType: the custom mutations' functions answer { data } or { error }.
const invokeFunctions = Object.entries(backend.data.resources.cfnResources.cfnFunctionConfigurations)
  .filter(([id]) => /^Invoke(ShopAccounts|ShopMedia|ShopCatalogue)LambdaDataSource/.test(id));
if (invokeFunctions.length !== 3) {
  throw new Error(`expected the 3 Lambda invoke functions of the custom mutations, found ${invokeFunctions.map(([id]) => id).join(', ') || 'none'}`);
}
for (const [, cfn] of invokeFunctions) {
  cfn.responseMappingTemplateS3Location = undefined;
  cfn.responseMappingTemplate = RESPONSE_TEMPLATE;
}

// --- Model writes: admins only, texts within the limit (amplify/data/model-write-guard.ts). A
// guard function first in each create/update/delete pipeline, on the NONE data source its auth
// function uses.
const { cfnResolvers, cfnFunctionConfigurations } = backend.data.resources.cfnResources;
const models = Object.keys(modelTables);
const writes = Object.values(cfnResolvers).filter((resolver) => isModelWrite(models, resolver.typeName, resolver.fieldName));
// User has no model writes: accounts are written by the accounts function only.
const writableModels = models.filter((model) => model !== 'User');
if (writes.length !== 3 * writableModels.length) throw new Error(`expected create, update and delete resolvers of ${writableModels.join(', ')}, found ${writes.length}`);
for (const resolver of writes) {
  const pipeline = resolver.pipelineConfig as CfnResolver.PipelineConfigProperty;
  const stack = Stack.of(resolver);
  const auth = Object.values(cfnFunctionConfigurations).find((fn) => Stack.of(fn) === stack && fn.name === `Mutation${resolver.fieldName}auth0Function`);
  if (!auth || !pipeline.functions) throw new Error(`no auth function or pipeline for Mutation.${resolver.fieldName}`);
  const guard = new CfnFunctionConfiguration(stack, `Mutation${resolver.fieldName}WriteGuard`, {
    apiId: resolver.apiId,
    dataSourceName: auth.dataSourceName,
    functionVersion: '2018-05-29',
    name: `Mutation${resolver.fieldName}WriteGuard`,
    requestMappingTemplate: MODEL_WRITE_GUARD_REQUEST_TEMPLATE,
    responseMappingTemplate: MODEL_WRITE_GUARD_RESPONSE_TEMPLATE,
  });
  resolver.pipelineConfig = { functions: [guard.attrFunctionId, ...pipeline.functions] };
}

const mediaCdn = new Distribution(mediaStack, 'ShopMediaCdn', {
  comment: 'Patterson shop images (/media/*)',
  defaultBehavior: {
    origin: S3BucketOrigin.withOriginAccessControl(bucket),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: new CachePolicy(mediaStack, 'ShopMediaCache', { defaultTtl: Duration.days(365), minTtl: Duration.days(1), maxTtl: Duration.days(365) }),
  },
});
new CfnOutput(mediaStack, 'ShopMediaDomain', { value: mediaCdn.distributionDomainName });

backend.addOutput({
  custom: {
    // For the Amplify Hosting rewrite /media/<*> -> https://<mediaDomain>/media/<*> (README).
    mediaDomain: mediaCdn.distributionDomainName,
    // For `npm run amplify:create-admin`.
    userTable: modelTable('User').tableName,
    credentialsTable: credentials.tableName,
    sessionsTable: sessions.tableName,
  },
});
