/**
 * A minimal client of the shop's GraphQL API as the browser uses it: the API key for public
 * reads, `Authorization: <session token>` for an admin. A write counts as acknowledged only when
 * it came back HTTP 200 with data and no errors.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface GraphQLResult {
  status: number;
  data: Record<string, unknown> | null;
  errors: Array<{ errorType?: string; message: string }>;
}

/**
 * One request as the client saw it: when it was sent and answered, and how; and whether it went
 * over a connection that had carried an earlier request (so the server had accepted it).
 */
export interface RequestRecord {
  operation: string;
  startedAt: number;
  endedAt: number;
  reusedConnection: boolean;
  status: number | null;
  errors: number;
  failure: string | null;
}
export type RequestObserver = (record: RequestRecord) => void;

export class ShopClient {
  private constructor(
    readonly url: string,
    readonly apiKey: string,
    readonly token: string | null = null,
    private readonly observer: RequestObserver | null = null,
  ) {}

  static async connect(url: string): Promise<ShopClient> {
    const response = await fetch(`${url}/amplify_outputs.json`);
    const outputs = (await response.json()) as { data: { api_key: string } };
    return new ShopClient(url, outputs.data.api_key);
  }

  /** Signs in through the signIn mutation and uses that session from then on. */
  async signIn(email: string, password: string): Promise<ShopClient> {
    const result = await this.public(
      'mutation SignIn($email: String, $password: String) { signIn(email: $email, password: $password) { token type } }',
      { email, password },
    );
    const session = result.data?.signIn as { token: string } | null | undefined;
    if (!session) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
    return new ShopClient(this.url, this.apiKey, session.token, this.observer);
  }

  /** The same signed-in session against another server (e.g. after a restart on the same data). */
  at(url: string): ShopClient {
    return new ShopClient(url, this.apiKey, this.token, this.observer);
  }

  /** The same client with another session (a customer's token from sign-up); `admin` then sends it. */
  withSession(token: string): ShopClient {
    return new ShopClient(this.url, this.apiKey, token, this.observer);
  }

  /** The same client, reporting every request it makes to `observer`. */
  observed(observer: RequestObserver): ShopClient {
    return new ShopClient(this.url, this.apiKey, this.token, observer);
  }

  public(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult> {
    return this.post(query, variables, { 'x-api-key': this.apiKey });
  }

  admin(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult> {
    if (!this.token) throw new Error('not signed in');
    return this.post(query, variables, { authorization: this.token });
  }

  private async post(query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<GraphQLResult> {
    const startedAt = Date.now();
    const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous';
    let reusedConnection = false;
    const record = (status: number | null, errors: number, failure: string | null) =>
      this.observer?.({ operation, startedAt, endedAt: Date.now(), reusedConnection, status, errors, failure });
    try {
      const result = await this.send(query, variables, headers, (reused) => {
        reusedConnection = reused;
      });
      record(result.status, result.errors.length, null);
      return result;
    } catch (error) {
      record(null, 0, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /**
   * POSTs over node:http with a keep-alive agent rather than fetch: the record then tells whether
   * the request went over a connection the server had already accepted (a reused one).
   */
  private send(
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string>,
    onSocket: (reused: boolean) => void,
  ): Promise<GraphQLResult> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${this.url}/graphql`,
        {
          method: 'POST',
          agent: keepAliveAgent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => resolve(parseResult(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
        },
      );
      request.on('socket', () => onSocket(request.reusedSocket));
      request.on('error', reject);
      request.end(body);
    });
  }
}

const keepAliveAgent = new Agent({ keepAlive: true });

function parseResult(status: number, text: string): GraphQLResult {
  let body: { data?: Record<string, unknown> | null; errors?: GraphQLResult['errors'] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { errors: [{ message: `not JSON: ${text.slice(0, 200)}` }] };
  }
  return { status, data: body.data ?? null, errors: body.errors ?? [] };
}

/** The value of a root field when the call was acknowledged (200, no errors, non-null data). */
export function acknowledged<T>(result: GraphQLResult, field: string): T | null {
  if (result.status !== 200 || result.errors.length > 0) return null;
  const value = result.data?.[field];
  return value === null || value === undefined ? null : (value as T);
}
