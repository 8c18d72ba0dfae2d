/**
 * Reads the CloudFormation that `amplify/scripts/synth.ts` produced, the way CloudFormation would
 * deploy it: nested stacks get their parameters, intrinsic functions (Ref, Fn::GetAtt, Fn::Join,
 * Fn::Sub, Fn::Select, Fn::Split, Fn::If) are evaluated, and asset locations (S3 keys named by
 * hash) become files of the synth output. The emulation is built from this and nothing else, so
 * what runs is what would be deployed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REGION = 'us-east-1';
export const ACCOUNT_ID = '123456789012';
export const API_ID = 'offlineapi';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
  Condition?: string;
}
interface Template {
  Parameters?: Record<string, { Default?: Json }>;
  Conditions?: Record<string, Json>;
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: Json }>;
}

/** One stack of the synthesized app: its template and the parameter values its parent passes. */
export class Stack {
  readonly children = new Map<string, Stack>();

  constructor(
    readonly app: SynthesizedApp,
    readonly path: string,
    readonly template: Template,
    private readonly parameters: Record<string, unknown>,
  ) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const props = resource.Properties ?? {};
      const url = String(this.evaluate(props.TemplateURL));
      const params = Object.fromEntries(
        Object.entries((props.Parameters ?? {}) as Record<string, Json>).map(([key, value]) => [key, () => this.evaluate(value)]),
      );
      this.children.set(id, new Stack(app, `${path}/${id}`, app.templateAt(url), params));
    }
  }

  resources(type: string): Array<[string, Record<string, Json>]> {
    return Object.entries(this.template.Resources)
      .filter(([, resource]) => resource.Type === type && this.conditionHolds(resource.Condition))
      .map(([id, resource]) => [id, resource.Properties ?? {}]);
  }

  /** Every stack of the app, this one first. */
  *all(): Generator<Stack> {
    yield this;
    for (const child of this.children.values()) yield* child.all();
  }

  output(name: string): unknown {
    const output = this.template.Outputs?.[name];
    if (!output) throw new Error(`${this.path} has no output ${name}`);
    return this.evaluate(output.Value);
  }

  private conditionHolds(name: string | undefined): boolean {
    if (!name) return true;
    const condition = this.template.Conditions?.[name];
    if (condition === undefined) throw new Error(`${this.path}: unknown condition ${name}`);
    return Boolean(this.evaluate(condition));
  }

  private parameter(name: string): unknown {
    const given = this.parameters[name];
    if (typeof given === 'function') return (given as () => unknown)();
    if (given !== undefined) return given;
    const declared = this.template.Parameters?.[name];
    if (declared && 'Default' in declared) return declared.Default;
    throw new Error(`${this.path}: no value for parameter ${name}`);
  }

  ref(name: string): unknown {
    switch (name) {
      case 'AWS::Region':
        return REGION;
      case 'AWS::AccountId':
        return ACCOUNT_ID;
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::StackName':
        return this.path.replaceAll('/', '-');
      case 'AWS::NoValue':
        return undefined;
    }
    if (name in this.parameters || this.template.Parameters?.[name]) return this.parameter(name);
    const resource = this.template.Resources[name];
    if (!resource) throw new Error(`${this.path}: Ref to unknown ${name}`);
    return this.physicalId(name, resource);
  }

  /** What Ref answers for a resource: its name where the template gives one, else one made up here. */
  private physicalId(id: string, resource: Resource): unknown {
    const props = resource.Properties ?? {};
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
        return props.TableName ? this.evaluate(props.TableName) : `${id}-${API_ID}`;
      case 'Custom::AmplifyDynamoDBTable':
        return this.evaluate(props.tableName);
      case 'AWS::S3::Bucket':
        return props.BucketName ? this.evaluate(props.BucketName) : id.toLowerCase().slice(0, 48);
      case 'AWS::Lambda::Function':
        return props.FunctionName ? this.evaluate(props.FunctionName) : id;
      case 'AWS::AppSync::DataSource':
        return this.evaluate(props.Name);
      default:
        return `${this.path}/${id}`;
    }
  }

  getAtt(id: string, attribute: string): unknown {
    const resource = this.template.Resources[id];
    if (!resource) throw new Error(`${this.path}: GetAtt of unknown ${id}`);
    if (attribute.startsWith('Outputs.')) return this.children.get(id)!.output(attribute.slice('Outputs.'.length));
    const name = this.physicalId(id, resource);
    switch (`${resource.Type}.${attribute}`) {
      case 'AWS::DynamoDB::Table.Arn':
      case 'Custom::AmplifyDynamoDBTable.TableArn':
        return `arn:aws:dynamodb:${REGION}:${ACCOUNT_ID}:table/${name}`;
      case 'Custom::AmplifyDynamoDBTable.TableStreamArn':
        return `arn:aws:dynamodb:${REGION}:${ACCOUNT_ID}:table/${name}/stream/offline`;
      case 'AWS::Lambda::Function.Arn':
        return `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${name}`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${name}`;
      case 'AWS::AppSync::GraphQLApi.ApiId':
        return API_ID;
      case 'AWS::AppSync::GraphQLApi.GraphQLUrl':
        return this.app.graphqlUrl;
      case 'AWS::AppSync::ApiKey.ApiKey':
        return this.app.apiKey;
      case 'AWS::AppSync::DataSource.Name':
        return name;
      default:
        return `${this.path}/${id}.${attribute}`;
    }
  }

  evaluate(value: Json | undefined): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((entry) => this.evaluate(entry)).filter((entry) => entry !== undefined);
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const [fn] = keys as [string];
      const arg = value[fn]!;
      switch (fn) {
        case 'Ref':
          return this.ref(arg as string);
        case 'Fn::GetAtt': {
          const [id, attribute] = (Array.isArray(arg) ? arg : (arg as string).split('.')) as [string, string];
          return this.getAtt(id, attribute);
        }
        case 'Fn::Join': {
          const [separator, parts] = arg as [string, Json[]];
          return (this.evaluate(parts) as unknown[]).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = arg as [Json, Json];
          return (this.evaluate(list) as unknown[])[Number(this.evaluate(index))];
        }
        case 'Fn::Split': {
          const [separator, text] = arg as [string, Json];
          return String(this.evaluate(text)).split(separator);
        }
        case 'Fn::Sub': {
          const [text, vars] = (Array.isArray(arg) ? arg : [arg, {}]) as [string, Record<string, Json>];
          return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name in vars) return String(this.evaluate(vars[name]));
            const [id, attribute] = name.split('.') as [string, string | undefined];
            return String(attribute ? this.getAtt(id, attribute) : this.ref(id));
          });
        }
        case 'Fn::If': {
          const [condition, whenTrue, whenFalse] = arg as [string, Json, Json];
          return this.conditionHolds(condition) ? this.evaluate(whenTrue) : this.evaluate(whenFalse);
        }
        case 'Fn::Equals': {
          const [a, b] = arg as [Json, Json];
          return this.evaluate(a) === this.evaluate(b);
        }
        case 'Fn::Not':
          return !this.evaluate((arg as Json[])[0]);
        case 'Fn::And':
          return (arg as Json[]).every((entry) => this.evaluate(entry));
        case 'Fn::Or':
          return (arg as Json[]).some((entry) => this.evaluate(entry));
        case 'Condition':
          return this.conditionHolds(arg as string);
        default:
          if (fn.startsWith('Fn::')) throw new Error(`${this.path}: ${fn} is not evaluated here; add it to stack.ts`);
      }
    }
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, entry]) => [key, this.evaluate(entry)])
        .filter(([, entry]) => entry !== undefined),
    );
  }
}

/** The synth output folder: templates and assets (files named by their hash). */
export class SynthesizedApp {
  readonly root: Stack;
  private readonly assets = new Map<string, string>();

  constructor(
    readonly outdir: string,
    readonly graphqlUrl: string,
    readonly apiKey: string,
  ) {
    const files = readdirSync(outdir);
    for (const manifest of files.filter((name) => name.endsWith('.assets.json'))) {
      const { files: entries } = JSON.parse(readFileSync(join(outdir, manifest), 'utf8')) as {
        files: Record<string, { source: { path: string } }>;
      };
      for (const [hash, entry] of Object.entries(entries)) this.assets.set(hash, join(outdir, entry.source.path));
    }
    const rootTemplate = files.find((name) => name.endsWith('.template.json') && !name.includes('.nested.'));
    if (!rootTemplate) throw new Error(`no root template in ${outdir}`);
    this.root = new Stack(this, 'root', JSON.parse(readFileSync(join(outdir, rootTemplate), 'utf8')) as Template, {});
  }

  /** The file an S3 location of the assets bucket names (`.../<hash>.<ext>`). */
  assetPath(location: string): string {
    const hash = /([0-9a-f]{64})(\.[a-z]+)?$/.exec(location)?.[1];
    const path = hash && this.assets.get(hash);
    if (!path) throw new Error(`no synthesized asset for ${location}`);
    return path;
  }

  templateAt(url: string): Template {
    return JSON.parse(readFileSync(this.assetPath(url), 'utf8')) as Template;
  }

  *resources(type: string): Generator<{ stack: Stack; id: string; props: Record<string, Json> }> {
    for (const stack of this.root.all()) for (const [id, props] of stack.resources(type)) yield { stack, id, props };
  }
}
