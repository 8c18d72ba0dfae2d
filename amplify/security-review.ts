/**
 * What cdk-nag's AwsSolutions pack found in the synthesized backend and we keep on purpose, each
 * with its reason. `npm run check:amplify` runs the pack (amplify/scripts/nag-review.ts): a finding
 * listed here is printed with its reason, any other finding fails the check, and so does an entry
 * that no longer matches anything (a reason must not outlive its finding).
 *
 * Findings are matched by rule and by the construct's path below the root stack, because finding
 * ids carry CloudFormation tokens (cross-stack references, hashes) that change with the backend's
 * name. Everything that could be fixed in amplify/ was fixed there instead (the functions' own
 * IAM actions, API logging, CDN logging).
 */
export interface ReviewedFinding {
  /** The rule id (`AwsSolutions-S1`: the rule and all its findings), or one finding's whole id as a pattern. */
  rule: string | RegExp;
  /** The construct path below the root stack, e.g. `data/shopMedia/ServiceRole/DefaultPolicy/Resource`. */
  path: RegExp;
  /** Why we keep it. */
  reason: string;
}

const OUR_FUNCTIONS = 'shop(Authorizer|Accounts|Media|Catalogue)';
/** Roles and buckets that Amplify's data construct and CDK's asset deployment create for themselves. */
const AMPLIFY_GENERATED =
  /^data\/(shop\/(AmplifyTableManager|AmplifyCodegenAssets|GraphQLAPI\/ApiLogsRole|(\w+)\/\3IAMRole|FunctionDirectiveStack\/Shop\w+LambdaDataSource)|Custom::CDKBucketDeployment|LogRetention\w+|modelIntrospectionSchemaBucket)/;

export const REVIEWED_FINDINGS: readonly ReviewedFinding[] = [
  {
    rule: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    path: new RegExp(`^data/${OUR_FUNCTIONS}/ServiceRole/Resource$`),
    reason:
      "AWS's managed policy for a function writing its own CloudWatch logs, and nothing else: the narrowest way to give a function its logs.",
  },
  {
    rule: 'AwsSolutions-IAM4',
    path: AMPLIFY_GENERATED,
    reason:
      "Roles Amplify's data construct creates for its table manager, codegen asset deployment, API logs and their retention; not configurable from amplify/.",
  },
  {
    rule: 'AwsSolutions-IAM5',
    path: AMPLIFY_GENERATED,
    reason:
      "Amplify's generated roles: model tables with their indexes (table/<model>-<apiId>/*, each model's role), the function data sources' versions (<function>:*), the table manager, the asset deployment and the log retention setter, each scoped by Amplify to this API.",
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::<shopCatalogue\w*\.Arn>:\*\]$/,
    path: /^data\/shop\/L2GraphqlApi\/ModelWriteCheck\/ServiceRole\/DefaultPolicy\/Resource$/,
    reason:
      "CDK's Lambda data source (the catalogue rules of model writes) may invoke the catalogue function and its versions (<function>:*), as Amplify's own function data sources do; nothing else.",
  },
  {
    rule: 'AwsSolutions-ASC3',
    path: /^data\/shop\/GraphQLAPI\/Resource$/,
    reason:
      'Request-level logs are on (amplify/data/resource.ts: errors, with a role), without verbose content. ASC3 passes only with verbose content, which writes every query with its arguments (passwords, session tokens) to CloudWatch.',
  },
  {
    // Exactly the media bucket's five key prefixes: any other wildcard on our roles fails the check.
    rule: /^AwsSolutions-IAM5\[Resource::<[^>]*ShopMedia\w*Arn>\/(media|uploads|outbox|till-inbox|feeds)\/\*\]$/,
    path: /^data\/shop(Media|Catalogue|Accounts)\/ServiceRole\/DefaultPolicy\/Resource$/,
    reason:
      "Object keys in the media bucket are content hashes (media/<sha256>.png), upload ids that exist only once made, the outbox mails named by the time they were written (outbox/<time>-<random>.eml, decision 0366), the till's files named by the till (till-inbox/<name>, decision 0377), or Google's two feeds the catalogue function writes (feeds/products.tsv, feeds/local-inventory.tsv, decision 0379): a key prefix is the narrowest scope. Actions are listed one by one (amplify/backend.ts allow()).",
  },
  {
    rule: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    path: /^shop-media\/BucketNotificationsHandler\w+\/Role\/Resource$/,
    reason:
      "CDK's handler that turns on the media bucket's EventBridge notifications at deploy time (the till feed, decision 0377) writes its own logs with AWS's managed policy; not configurable from amplify/.",
  },
  {
    rule: 'AwsSolutions-S1',
    path: /^data\/(shop\/AmplifyCodegenAssets|modelIntrospectionSchemaBucket)/,
    reason: "Amplify's build artefacts (codegen assets, model introspection), read by tooling only.",
  },
  {
    rule: 'AwsSolutions-S10',
    path: /^data\/shop\/AmplifyCodegenAssets/,
    reason: "Amplify's codegen asset bucket; not configurable from amplify/. Our own buckets enforce SSL.",
  },
  {
    rule: 'AwsSolutions-L1',
    path: /^data\/Custom::CDKBucketDeployment/,
    reason:
      "CDK's asset deployment function (Amplify's codegen assets) pins python3.13, supported by Lambda until 2029; not the newest Python, not deprecated (the check of deprecated runtimes covers it).",
  },
  {
    rule: 'AwsSolutions-DDB3',
    path: /^data\/Shop(Sessions|Throttle)\/Resource$/,
    reason:
      'Sessions and sign-in counters live hours at most: restoring them would bring back signed-out sessions; losing them signs people out, nothing more.',
  },
  {
    rule: 'AwsSolutions-CFR1',
    path: /^shop-media\/ShopMediaCdn\/Resource$/,
    reason: 'Product and event pictures for anyone; nothing is sold online, so no geography needs to be kept out.',
  },
  {
    rule: 'AwsSolutions-CFR2',
    path: /^shop-media\/ShopMediaCdn\/Resource$/,
    reason: "The CDN serves cached static images only; a WAF would cost more than the shop's whole hosting. The API has its own limits.",
  },
  {
    rule: 'AwsSolutions-CFR4',
    path: /^shop-media\/ShopMediaCdn\/Resource$/,
    reason:
      "The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; images are reached through the site's own domain (Amplify Hosting rewrite). A custom domain with TLSv1.2_2021 is a README step.",
  },
];

/** The entry that covers a finding, if any. */
export function reviewOf(rule: string, path: string): ReviewedFinding | undefined {
  return REVIEWED_FINDINGS.find((entry) => coversRule(entry.rule, rule) && entry.path.test(path));
}

/** `AwsSolutions-S1` covers `AwsSolutions-S1` and its findings (`AwsSolutions-S1[...]`), not `AwsSolutions-S10`. */
const coversRule = (entry: string | RegExp, rule: string) =>
  typeof entry === 'string' ? rule === entry || rule.startsWith(`${entry}[`) : entry.test(rule);

/**
 * Lambda runtimes with the date Lambda deprecates them (AWS Lambda developer guide, "Lambda
 * runtimes", supported and deprecated runtime tables). After that date AWS blocks creating
 * functions on them, so a deploy fails: the check refuses a runtime past its date, and one that is
 * not listed here (add it with its date from that table).
 */
export const LAMBDA_RUNTIME_DEPRECATION: Readonly<Record<string, string>> = {
  'nodejs18.x': '2025-09-01',
  'nodejs20.x': '2026-04-30',
  'nodejs22.x': '2027-04-30',
  'nodejs24.x': '2028-04-30',
  'python3.9': '2025-12-15',
  'python3.12': '2028-10-31',
  'python3.13': '2029-06-30',
  'python3.14': '2029-06-30',
};

/** Why a runtime cannot be deployed on `today` (YYYY-MM-DD), or null when it can. */
export function runtimeProblem(runtime: string, today: string): string | null {
  const deprecated = LAMBDA_RUNTIME_DEPRECATION[runtime];
  if (!deprecated) return `${runtime} is not in LAMBDA_RUNTIME_DEPRECATION (amplify/security-review.ts): add it with its deprecation date`;
  return deprecated <= today ? `${runtime} is deprecated since ${deprecated}: AWS Lambda no longer creates functions on it` : null;
}
