/**
 * The shop on AWS Amplify Gen 2 (README "Deploy to AWS"): the same schema, handlers and client as
 * the local server, with DynamoDB, S3 and Lambda behind them.
 *
 * - data: AppSync from amplify/data/schema.ts (model tables in DynamoDB).
 * - functions: the session authorizer and the custom mutations, running server/ code.
 * - shop-media: uploaded images in S3, served through CloudFront at /media/* (Hosting rewrite);
 *   browsers upload to its private uploads/ prefix with presigned POSTs; without a mail server,
 *   the shop's e-mails are kept in its private outbox/ prefix (decision 0366), and the till drops
 *   its stock exports into its private till-inbox/ prefix (decision 0377).
 * - in the data stack, beside the model tables: the tables no resolver can reach (password
 *   hashes, sessions, sign-in throttle counts).
 */
import { defineBackend } from '@aws-amplify/backend';
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnFunctionConfiguration, MappingTemplate, type CfnResolver } from 'aws-cdk-lib/aws-appsync';
import { AllowedMethods, CachePolicy, Distribution, ViewerProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { data } from './data/resource';
import {
  adminOnlyFields,
  FILTER_GUARD_RESPONSE_TEMPLATE,
  filterGuardRequestTemplate,
  listsFiltering,
  SHOP_SDL,
} from './data/model-read-guard';
import { accounts, authorizer, catalogue, media } from './functions/resource';
import { RESPONSE_TEMPLATE } from './functions/common/appsync';
import {
  isModelWrite,
  MODEL_WRITE_CHECK_REQUEST_TEMPLATE,
  MODEL_WRITE_CHECK_RESPONSE_TEMPLATE,
  MODEL_WRITE_GUARD_REQUEST_TEMPLATE,
  MODEL_WRITE_GUARD_RESPONSE_TEMPLATE,
} from './data/model-write-guard';
import {
  ACTIVITY_BEFORE_REQUEST_TEMPLATE,
  ACTIVITY_BEFORE_RESPONSE_TEMPLATE,
  ACTIVITY_RECORD_REQUEST_TEMPLATE,
  ACTIVITY_RECORD_RESPONSE_TEMPLATE,
} from './data/model-write-activity';
import { ACTIVITY_INDEXES } from './functions/common/dynamo-activity';
import { SESSIONS_BY_USER_INDEX } from './functions/common/dynamo-sessions';
import { RESERVATION_INDEXES } from './functions/common/dynamo-reservations';
import { ENV } from './functions/common/env';
import { mailDeliveryFrom, SMTP_ENV_NAMES } from '../server/accounts/smtp-env';
import { OUTBOX_KEEP_DAYS } from '../shared/outbox';
import { OUTBOX_KEY_PREFIX } from './functions/common/s3-outbox';
import { TILL_INBOX_KEY_PREFIX, TILL_KEPT_PREFIXES } from './functions/common/s3-till-inbox';
import { SHOP_SCHEDULES } from '../server/composition/schedules';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION } from '../server/composition/lambdas';
import { UPLOAD_KEY_PREFIX } from './functions/common/s3-uploads';
import { FEEDS_KEY_PREFIX } from './functions/common/s3-feeds';
import { DEFAULT_RATE_LIMIT, FIREWALL_WINDOW_SECONDS, requestsPerWindow, firewallRefusal } from '../shared/request-rate';

export const backend = defineBackend({ data, authorizer, accounts, media, catalogue });

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
  // Password reset tokens carry a ttl (30 minutes); credentials and the admin counter have none.
  timeToLiveAttribute: 'ttl',
  pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  removalPolicy: RemovalPolicy.DESTROY,
});
// Sign-in and sign-up limits shared by every accounts Lambda instance (functions/common/dynamo-throttle.ts);
// each item's ttl is when it is the same as none, so DynamoDB drops idle keys.
const throttle = new Table(dataStack, 'ShopThrottle', {
  partitionKey: { name: 'key', type: AttributeType.STRING },
  billingMode: BillingMode.PAY_PER_REQUEST,
  timeToLiveAttribute: 'ttl',
  removalPolicy: RemovalPolicy.DESTROY,
});

// The activity log (functions/common/dynamo-activity.ts): entries kept a year (ttl), newest first
// through three indexes: the whole log, one person's, one kind's.
const activity = new Table(dataStack, 'ShopActivity', {
  partitionKey: { name: 'id', type: AttributeType.STRING },
  billingMode: BillingMode.PAY_PER_REQUEST,
  timeToLiveAttribute: 'ttl',
  pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  removalPolicy: RemovalPolicy.RETAIN,
});
for (const [index, partition] of [
  [ACTIVITY_INDEXES.all, 'log'],
  [ACTIVITY_INDEXES.actor, 'actorId'],
  [ACTIVITY_INDEXES.kind, 'kind'],
] as const) {
  activity.addGlobalSecondaryIndex({
    indexName: index,
    partitionKey: { name: partition, type: AttributeType.STRING },
    sortKey: { name: 'sortKey', type: AttributeType.STRING },
  });
}

// Reserve for pickup (functions/common/dynamo-reservations.ts): reservations, their numbers' claims
// and the customers' pickup lists; by customer, and by status and expiry (staff's lists, the expiry).
const reservations = new Table(dataStack, 'ShopReservations', {
  partitionKey: { name: 'id', type: AttributeType.STRING },
  billingMode: BillingMode.PAY_PER_REQUEST,
  pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  removalPolicy: RemovalPolicy.RETAIN,
});
reservations.addGlobalSecondaryIndex({
  indexName: RESERVATION_INDEXES.byUser,
  partitionKey: { name: 'userId', type: AttributeType.STRING },
});
reservations.addGlobalSecondaryIndex({
  indexName: RESERVATION_INDEXES.byStatus,
  partitionKey: { name: 'status', type: AttributeType.STRING },
  sortKey: { name: 'expiresAt', type: AttributeType.STRING },
});

const modelTables = backend.data.resources.tables;
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

/**
 * Exactly these actions on exactly these resources. Used where a CDK grant would add wildcards
 * (grantReadWriteData adds <table>/index/*, bucket grants add s3:GetObject* and the like), which
 * the security review flags (amplify/security-review.ts).
 */
function allow(fn: LambdaFunction, actions: string[], resources: string[]): void {
  fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
}

const authorizerLambda = lambdaOf(backend.authorizer);
const accountsLambda = lambdaOf(backend.accounts);
const mediaLambda = lambdaOf(backend.media);
const catalogueLambda = lambdaOf(backend.catalogue);

// The authorizer reads sessions (and touches lastSeenAt) and users.
authorizerLambda.addEnvironment(ENV.sessions, sessions.tableName);
authorizerLambda.addEnvironment(ENV.users, modelTable('User').tableName);
allow(authorizerLambda, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [sessions.tableArn]);
modelTable('User').grantReadData(authorizerLambda);

// Accounts: users, credentials, sessions.
accountsLambda.addEnvironment(ENV.sessions, sessions.tableName);
accountsLambda.addEnvironment(ENV.users, modelTable('User').tableName);
accountsLambda.addEnvironment(ENV.credentials, credentials.tableName);
for (const table of [credentials, modelTable('User')]) table.grantReadWriteData(accountsLambda);
allow(accountsLambda, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [sessions.tableArn]);
allow(accountsLambda, ['dynamodb:Query'], [`${sessions.tableArn}/index/${SESSIONS_BY_USER_INDEX}`]);
// Throttle counts: consistent reads and conditional updates only (no index, no delete).
accountsLambda.addEnvironment(ENV.throttle, throttle.tableName);
allow(accountsLambda, ['dynamodb:GetItem', 'dynamodb:UpdateItem'], [throttle.tableArn]);
// Password reset e-mails (README: Mail): the SMTP settings and the site's origin, taken from the
// environment of the deploy; without SMTP_HOST every mail is kept in the media bucket's outbox/
// instead (decision 0366), where staff read it. The catalogue function sends the reservation
// e-mails (decision 0327) with the same settings, and Google's feeds (decision 0379) with their links
// under the site's origin.
for (const name of [...SMTP_ENV_NAMES, ENV.siteOrigin]) {
  const value = process.env[name]?.trim();
  if (value) accountsLambda.addEnvironment(name, value);
  if (value) catalogueLambda.addEnvironment(name, value);
}

// Catalogue: items (imports), banners, categories, tags; checks images exist in S3.
catalogueLambda.addEnvironment(ENV.items, modelTable('Item').tableName);
catalogueLambda.addEnvironment(ENV.banners, modelTable('Banner').tableName);
catalogueLambda.addEnvironment(ENV.categories, modelTable('Category').tableName);
catalogueLambda.addEnvironment(ENV.tags, modelTable('Tag').tableName);
for (const model of ['Item', 'Banner', 'Category', 'Tag']) modelTable(model).grantReadWriteData(catalogueLambda);

// Reserve for pickup, in the catalogue function (it holds the items' stock): its table, the
// customers' accounts (a confirmed e-mail, names for staff), the shop's hours and limits, and
// the reserving throttle. Every 5 minutes a schedule runs its expiry (product §11).
catalogueLambda.addEnvironment(ENV.reservations, reservations.tableName);
catalogueLambda.addEnvironment(ENV.users, modelTable('User').tableName);
catalogueLambda.addEnvironment(ENV.shopSettings, modelTable('ShopSettings').tableName);
catalogueLambda.addEnvironment(ENV.throttle, throttle.tableName);
allow(
  catalogueLambda,
  ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:Scan'],
  [reservations.tableArn],
);
allow(
  catalogueLambda,
  ['dynamodb:Query'],
  Object.values(RESERVATION_INDEXES).map((index) => `${reservations.tableArn}/index/${index}`),
);
allow(catalogueLambda, ['dynamodb:GetItem'], [modelTable('User').tableArn, modelTable('ShopSettings').tableArn]);
// Google's feeds read the settings whole (the store code), as the catalogue store reads a model: a scan of its one record.
allow(catalogueLambda, ['dynamodb:Scan'], [modelTable('ShopSettings').tableArn]);
allow(catalogueLambda, ['dynamodb:GetItem', 'dynamodb:UpdateItem'], [throttle.tableArn]);
// Deleting an account cancels its open reservations and returns their bottles (decision 0304).
accountsLambda.addEnvironment(ENV.reservations, reservations.tableName);
accountsLambda.addEnvironment(ENV.items, modelTable('Item').tableName);
accountsLambda.addEnvironment(ENV.shopSettings, modelTable('ShopSettings').tableName);
allow(
  accountsLambda,
  ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
  [reservations.tableArn],
);
// Both indexes: the bottles going back answer the "notify me" requests of the items (by status,
// decision 0328), and the deleted customer's own requests go (by user).
allow(
  accountsLambda,
  ['dynamodb:Query'],
  Object.values(RESERVATION_INDEXES).map((index) => `${reservations.tableArn}/index/${index}`),
);
allow(accountsLambda, ['dynamodb:GetItem', 'dynamodb:UpdateItem'], [modelTable('Item').tableArn]);
allow(accountsLambda, ['dynamodb:GetItem'], [modelTable('ShopSettings').tableArn]);
// RSVPs to events (product §12), in the catalogue function too: the events' places taken
// (rsvpTaken) and cancelling, on the Event table; the RSVPs themselves in the reservations table.
// A schedule sends the day-before reminders (decision 0347); the accounts function cancels a
// deleted account's RSVPs.
for (const fn of [catalogueLambda, accountsLambda]) {
  fn.addEnvironment(ENV.events, modelTable('Event').tableName);
  allow(fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'], [modelTable('Event').tableArn]);
}
allow(catalogueLambda, ['dynamodb:Scan'], [modelTable('Event').tableArn]);
// The shop's work on a clock (server/composition/schedules.ts): each schedule's function gets `{ schedule: name }`.
const lambdaNamed = { [ACCOUNTS_FUNCTION]: accountsLambda, [MEDIA_FUNCTION]: mediaLambda, [CATALOGUE_FUNCTION]: catalogueLambda };
const scheduleTarget = (name: string, lambda: keyof typeof lambdaNamed) =>
  new LambdaTarget(lambdaNamed[lambda], { event: RuleTargetInput.fromObject({ schedule: name }) });
const ruleId = (kind: string, name: string) => `Shop${kind}${name[0]!.toUpperCase()}${name.slice(1)}`;
for (const [name, { lambda, cloudEveryMinutes, description }] of Object.entries(SHOP_SCHEDULES)) {
  new Rule(Stack.of(lambdaNamed[lambda]), ruleId('Schedule', name), {
    description,
    schedule: Schedule.rate(Duration.minutes(cloudEveryMinutes)),
    targets: [scheduleTarget(name, lambda)],
  });
}

// Activity: the catalogue function records model writes and its own changes and serves
// listActivity; the accounts function records the admin changes and the accounts whose sign-ins
// it slows. Entries are only ever added.
for (const fn of [catalogueLambda, accountsLambda]) {
  fn.addEnvironment(ENV.activity, activity.tableName);
  allow(fn, ['dynamodb:PutItem'], [activity.tableArn]);
}
allow(
  catalogueLambda,
  ['dynamodb:Query'],
  Object.values(ACTIVITY_INDEXES).map((index) => `${activity.tableArn}/index/${index}`),
);

// --- Images: a private bucket in a stack of its own (the data stack depends on it, never the
// reverse), public through CloudFront with origin access control. Not Amplify's defineStorage:
// its grants would make the storage and data stacks depend on each other, and the browser talks to
// S3 only to POST an upload to the target the media function signed.
const mediaStack = backend.createStack('shop-media');
// Access logs, kept 90 days: the CDN's (who fetched which image; cdk-nag AwsSolutions-CFR3) and
// the media bucket's (the browsers' upload POSTs; S1). CloudFront writes its logs with an ACL, so
// the bucket lets the writer own its objects.
const accessLogs = new Bucket(mediaStack, 'ShopAccessLogs', {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  objectOwnership: ObjectOwnership.OBJECT_WRITER,
  lifecycleRules: [{ expiration: Duration.days(90) }],
  removalPolicy: RemovalPolicy.RETAIN,
});
const bucket = new Bucket(mediaStack, 'ShopMedia', {
  serverAccessLogsBucket: accessLogs,
  serverAccessLogsPrefix: 'media-bucket/',
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  removalPolicy: RemovalPolicy.RETAIN,
  // An object stored under a schedule's prefix runs that schedule at once (the till feed, below).
  eventBridgeEnabled: true,
  // Browsers POST uploads straight to S3 (amplify/functions/common/s3-uploads.ts). Any origin: the
  // site's is not known at synth (Amplify Hosting's domain, custom domains), and CORS guards
  // nothing here: a multipart POST needs no preflight, so any page (or curl) can send one anyway;
  // what admits it is the signed policy (exact key, at most 5 MB, minutes). CORS only lets the
  // shop's page read S3's answer. POST only, no extra headers, no credentials.
  cors: [{ allowedMethods: [HttpMethods.POST], allowedOrigins: ['*'], maxAge: 3000 }],
  // Uploads never stored (a closed tab, a refused file) are deleted after a day.
  lifecycleRules: [
    {
      id: 'ExpireUnstoredUploads',
      prefix: UPLOAD_KEY_PREFIX,
      expiration: Duration.days(1),
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    },
    // The outbox's mails (decision 0366) are kept as long as the local server keeps its files.
    { id: 'ExpireOutboxMails', prefix: OUTBOX_KEY_PREFIX, expiration: Duration.days(OUTBOX_KEEP_DAYS) },
    // The till feed's applied and refused files and their reports (decision 0377), kept 90 days.
    ...TILL_KEPT_PREFIXES.map((prefix, index) => ({ id: `ExpireTillFiles${index + 1}`, prefix, expiration: Duration.days(90) })),
  ],
});
const mediaObjects = bucket.arnForObjects('media/*');
allow(mediaLambda, ['s3:GetObject', 's3:PutObject'], [mediaObjects]);
// Uploads: the presigned POST is signed with the media function's role, so the role needs the put;
// storeUploadedImage reads and deletes.
allow(mediaLambda, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [bucket.arnForObjects(`${UPLOAD_KEY_PREFIX}*`)]);
// Uploads are unchecked files, and the outbox's mails carry one-time links: CloudFront (which may
// read the bucket, origin access control below) never serves either, whatever path a visitor asks for.
bucket.addToResourcePolicy(
  new PolicyStatement({
    effect: Effect.DENY,
    principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
    actions: ['s3:GetObject'],
    resources: [UPLOAD_KEY_PREFIX, OUTBOX_KEY_PREFIX, TILL_INBOX_KEY_PREFIX].map((prefix) => bucket.arnForObjects(`${prefix}*`)),
  }),
);
allow(catalogueLambda, ['s3:GetObject'], [mediaObjects]);
// With ListBucket, HeadObject of a missing key answers 404 (NotFound) instead of 403.
for (const fn of [mediaLambda, catalogueLambda]) allow(fn, ['s3:ListBucket'], [bucket.bucketArn]);
mediaLambda.addEnvironment(ENV.mediaBucket, bucket.bucketName);
catalogueLambda.addEnvironment(ENV.mediaBucket, bucket.bucketName);
// The outbox (decision 0366): both functions that mail keep their messages under outbox/ when the
// deploy sets no SMTP_HOST; the catalogue function serves listOutbox (ListBucket above) and reads them.
accountsLambda.addEnvironment(ENV.mediaBucket, bucket.bucketName);
allow(accountsLambda, ['s3:PutObject'], [bucket.arnForObjects(`${OUTBOX_KEY_PREFIX}*`)]);
allow(catalogueLambda, ['s3:GetObject', 's3:PutObject'], [bucket.arnForObjects(`${OUTBOX_KEY_PREFIX}*`)]);
// The till feed (decision 0377): the till (or the owner's sync tool, README) puts its exports under
// till-inbox/; the catalogue function reads each, applies it, and moves it to done/ or failed/.
// EventBridge runs the schedule as soon as an object is stored there, as well as on its clock.
allow(catalogueLambda, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [bucket.arnForObjects(`${TILL_INBOX_KEY_PREFIX}*`)]);
// Google's feeds (decision 0379): the catalogue function writes them under feeds/ on its schedule;
// CloudFront serves them (its own behaviour below, cached minutes, not the images' year).
allow(catalogueLambda, ['s3:PutObject'], [bucket.arnForObjects(`${FEEDS_KEY_PREFIX}*`)]);
for (const [name, schedule] of Object.entries(SHOP_SCHEDULES)) {
  const prefix: string | undefined = 'cloudOnObjectCreated' in schedule ? schedule.cloudOnObjectCreated : undefined;
  if (!prefix) continue;
  new Rule(Stack.of(lambdaNamed[schedule.lambda]), ruleId('Objects', name), {
    description: `${schedule.description}, when an object is stored under ${prefix}`,
    eventPattern: {
      source: ['aws.s3'],
      detailType: ['Object Created'],
      detail: { bucket: { name: [bucket.bucketName] }, object: { key: [{ prefix }] } },
    },
    targets: [scheduleTarget(name, schedule.lambda)],
  });
}

// --- The API's firewall (decision 0382): one address may send what the local server's bucket
// lets it (shared/request-rate.ts), counted over AWS WAF's window; beyond that a 429 in the
// GraphQL error shape the SPA reads, with Retry-After. AppSync has no per-address limit of its own.
const firewallMetric = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
const apiFirewall = new CfnWebACL(dataStack, 'ShopApiFirewall', {
  scope: 'REGIONAL',
  defaultAction: { allow: {} },
  visibilityConfig: firewallMetric('ShopApiFirewall'),
  customResponseBodies: {
    TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify(firewallRefusal(FIREWALL_WINDOW_SECONDS)) },
  },
  rules: [
    {
      name: 'RequestsPerAddress',
      priority: 0,
      statement: {
        rateBasedStatement: {
          limit: requestsPerWindow(DEFAULT_RATE_LIMIT, FIREWALL_WINDOW_SECONDS),
          evaluationWindowSec: FIREWALL_WINDOW_SECONDS,
          aggregateKeyType: 'IP',
        },
      },
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: 'TooManyRequests',
            // A blocked request gets these headers only, none of AppSync's: without the CORS one
            // a browser would see a network failure, not the refusal. The Amplify client names its
            // error by x-amzn-ErrorType.
            responseHeaders: [
              { name: 'Retry-After', value: String(FIREWALL_WINDOW_SECONDS) },
              { name: 'Access-Control-Allow-Origin', value: '*' },
              { name: 'x-amzn-ErrorType', value: 'TooManyRequests' },
            ],
          },
        },
      },
      visibilityConfig: firewallMetric('ShopApiRequestsPerAddress'),
    },
  ],
});
new CfnWebACLAssociation(dataStack, 'ShopApiFirewallAssociation', {
  resourceArn: backend.data.resources.graphqlApi.arn,
  webAclArn: apiFirewall.attrArn,
});

// --- Errors keep their errorType: the custom mutations' functions answer { data } or { error }.
const invokeFunctions = Object.entries(backend.data.resources.cfnResources.cfnFunctionConfigurations).filter(([id]) =>
  /^Invoke(ShopAccounts|ShopMedia|ShopCatalogue)LambdaDataSource/.test(id),
);
if (invokeFunctions.length !== 3) {
  throw new Error(
    `expected the 3 Lambda invoke functions of the custom mutations, found ${invokeFunctions.map(([id]) => id).join(', ') || 'none'}`,
  );
}
for (const [, cfn] of invokeFunctions) {
  cfn.responseMappingTemplateS3Location = undefined;
  cfn.responseMappingTemplate = RESPONSE_TEMPLATE;
}

// --- Model writes: admins only, texts within the limit (amplify/data/model-write-guard.ts). A
// guard function first in each create/update/delete pipeline, on the NONE data source its auth
// function uses; the catalogue rules second.
const { cfnResolvers, cfnFunctionConfigurations } = backend.data.resources.cfnResources;
const models = Object.keys(modelTables);
const writes = Object.values(cfnResolvers).filter((resolver) => isModelWrite(models, resolver.typeName, resolver.fieldName));
// User has no model writes: accounts are written by the accounts function only.
const writableModels = models.filter((model) => model !== 'User');
if (writes.length !== 3 * writableModels.length)
  throw new Error(`expected create, update and delete resolvers of ${writableModels.join(', ')}, found ${writes.length}`);
// Then the catalogue rules, in the catalogue function: one AppSync function shared by every write.
const catalogueDataSource = backend.data.resources.graphqlApi.addLambdaDataSource('ModelWriteCheck', catalogueLambda, {
  description: 'Catalogue rules and activity log of model writes (amplify/functions/common/model-write-check.ts, model-write-activity.ts)',
});
const modelWriteCheck = catalogueDataSource.createFunction('ModelWriteCheckFunction', {
  name: 'ModelWriteCheck',
  requestMappingTemplate: MappingTemplate.fromString(MODEL_WRITE_CHECK_REQUEST_TEMPLATE),
  responseMappingTemplate: MappingTemplate.fromString(MODEL_WRITE_CHECK_RESPONSE_TEMPLATE),
});
// Last, after the write: its activity entry, from the record as it was (read into the stash
// before the write, below) and as written.
const activityRecord = catalogueDataSource.createFunction('ActivityRecordFunction', {
  name: 'ActivityRecord',
  requestMappingTemplate: MappingTemplate.fromString(ACTIVITY_RECORD_REQUEST_TEMPLATE),
  responseMappingTemplate: MappingTemplate.fromString(ACTIVITY_RECORD_RESPONSE_TEMPLATE),
});
for (const resolver of writes) {
  const pipeline = resolver.pipelineConfig as CfnResolver.PipelineConfigProperty;
  const stack = Stack.of(resolver);
  // The guard asks no data source anything, so it runs on the API's NONE data source, as the create
  // step's auth function does. Update's and delete's auth functions run on the model's table (they
  // read the record first), where a request without an `operation` is an error.
  const createName = resolver.fieldName.replace(/^(update|delete)/, 'create');
  const auth = Object.values(cfnFunctionConfigurations).find(
    (fn) => Stack.of(fn) === stack && fn.name === `Mutation${createName}auth0Function`,
  );
  if (!auth || !pipeline.functions) throw new Error(`no create auth function or pipeline for Mutation.${resolver.fieldName}`);
  const guard = new CfnFunctionConfiguration(stack, `Mutation${resolver.fieldName}WriteGuard`, {
    apiId: resolver.apiId,
    dataSourceName: auth.dataSourceName,
    functionVersion: '2018-05-29',
    name: `Mutation${resolver.fieldName}WriteGuard`,
    requestMappingTemplate: MODEL_WRITE_GUARD_REQUEST_TEMPLATE,
    responseMappingTemplate: MODEL_WRITE_GUARD_RESPONSE_TEMPLATE,
  });
  // The record as it was, read on the model's own table (the data source of Amplify's write step).
  const writeStep = Object.values(cfnFunctionConfigurations).find((fn) => fn.attrFunctionId === pipeline.functions!.at(-1));
  if (!writeStep) throw new Error(`no DynamoDB step found last in the pipeline of Mutation.${resolver.fieldName}`);
  const readBefore = new CfnFunctionConfiguration(stack, `Mutation${resolver.fieldName}ActivityBefore`, {
    apiId: resolver.apiId,
    dataSourceName: writeStep.dataSourceName,
    functionVersion: '2018-05-29',
    name: `Mutation${resolver.fieldName}ActivityBefore`,
    requestMappingTemplate: ACTIVITY_BEFORE_REQUEST_TEMPLATE,
    responseMappingTemplate: ACTIVITY_BEFORE_RESPONSE_TEMPLATE,
  });
  resolver.pipelineConfig = {
    // The record as it was is read before the check: an item's Sale mark and price history are
    // judged with it (decision 0293), and the activity entry compares with it.
    functions: [
      guard.attrFunctionId,
      readBefore.attrFunctionId,
      modelWriteCheck.functionId,
      ...pipeline.functions,
      activityRecord.functionId,
    ],
  };
}

// --- Model lists: a filter on an admin-only field is refused to all but an admin
// (amplify/data/model-read-guard.ts), first in the list's pipeline, on its auth function's data source.
for (const [model, fields] of adminOnlyFields(SHOP_SDL)) {
  for (const fieldName of listsFiltering(SHOP_SDL, model)) {
    const resolver = Object.values(cfnResolvers).find((candidate) => candidate.typeName === 'Query' && candidate.fieldName === fieldName);
    const pipeline = resolver?.pipelineConfig as CfnResolver.PipelineConfigProperty | undefined;
    const stack = resolver && Stack.of(resolver);
    const auth = Object.values(cfnFunctionConfigurations).find(
      (fn) => Stack.of(fn) === stack && fn.name === `Query${fieldName}auth0Function`,
    );
    if (!resolver || !pipeline?.functions || !auth) throw new Error(`no pipeline or auth function for Query.${fieldName}`);
    const guard = new CfnFunctionConfiguration(stack!, `Query${fieldName}FilterGuard`, {
      apiId: resolver.apiId,
      dataSourceName: auth.dataSourceName,
      functionVersion: '2018-05-29',
      name: `Query${fieldName}FilterGuard`,
      requestMappingTemplate: filterGuardRequestTemplate(fields),
      responseMappingTemplate: FILTER_GUARD_RESPONSE_TEMPLATE,
    });
    resolver.pipelineConfig = { functions: [guard.attrFunctionId, ...pipeline.functions] };
  }
}

const mediaCdn = new Distribution(mediaStack, 'ShopMediaCdn', {
  comment: 'Patterson shop images (/media/*)',
  enableLogging: true,
  logBucket: accessLogs,
  logFilePrefix: 'media-cdn/',
  defaultBehavior: {
    origin: S3BucketOrigin.withOriginAccessControl(bucket),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: new CachePolicy(mediaStack, 'ShopMediaCache', {
      defaultTtl: Duration.days(365),
      minTtl: Duration.days(1),
      maxTtl: Duration.days(365),
    }),
  },
});
// The feeds change every quarter hour at most (their schedule): CloudFront keeps them 5 minutes, and
// Merchant Center's daily fetch reads what the last turn wrote.
mediaCdn.addBehavior(`${FEEDS_KEY_PREFIX}*`, S3BucketOrigin.withOriginAccessControl(bucket), {
  viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
  allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
  cachePolicy: new CachePolicy(mediaStack, 'ShopFeedsCache', {
    defaultTtl: Duration.minutes(5),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.minutes(5),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  }),
});
new CfnOutput(mediaStack, 'ShopMediaDomain', { value: mediaCdn.distributionDomainName });

backend.addOutput({
  custom: {
    // For the Amplify Hosting rewrites /media/<*> and /feeds/<*> -> https://<mediaDomain>/... (README).
    mediaDomain: mediaCdn.distributionDomainName,
    // How the shop's mail leaves (decision 0366): the SPA says "we sent a link" only over SMTP.
    mailDelivery: mailDeliveryFrom(process.env),
    // For `npm run amplify:create-admin`.
    userTable: modelTable('User').tableName,
    credentialsTable: credentials.tableName,
    sessionsTable: sessions.tableName,
  },
});
