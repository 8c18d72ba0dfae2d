/**
 * Runs a synthesized Lambda function: its bundle (asset folder) in a child process with the
 * environment the template gives it, native modules only from its layers (NODE_PATH), the AWS SDK
 * pointed at the emulated services, and no access to the repository's node_modules (cwd and
 * module paths outside it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeForLambdaRuntime } from '../../scripts/node-binaries';

export interface LambdaDefinition {
  name: string;
  bundle: string;
  /** The template's `Handler`: `<file>.<export>` inside the bundle. */
  handler: string;
  /** The template's `Runtime` (`nodejs24.x`): the bundle runs on that Node major, as on Lambda. */
  runtime: string;
  environment: Record<string, string>;
  /** Folders of layer content (`nodejs/node_modules` inside each). */
  layers: string[];
  timeoutSeconds: number;
}

export class LambdaError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

const WORKER = fileURLToPath(new URL('./lambda-worker.cjs', import.meta.url));

export class LambdaFunction {
  private child: ChildProcess | null = null;
  private nextId = 0;
  /** Invocations waiting for an answer, each with the instance it was sent to. */
  private readonly pending = new Map<
    number,
    { child: ChildProcess; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(
    readonly definition: LambdaDefinition,
    private readonly serviceEnvironment: Record<string, string>,
  ) {}

  invoke(event: unknown): Promise<unknown> {
    const child = (this.child ??= this.start());
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new LambdaError('Lambda:Unhandled', `Task timed out after ${this.definition.timeoutSeconds} seconds`));
        // Lambda ends an instance whose invocation timed out; the next call starts a fresh one.
        this.stop();
      }, this.definition.timeoutSeconds * 1000);
      this.pending.set(id, { child, resolve, reject, timer });
      child.send({ id, event });
    });
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
  }

  private start(): ChildProcess {
    const { name, bundle, handler, runtime, environment, layers } = this.definition;
    const dot = handler.lastIndexOf('.');
    const child = fork(WORKER, [join(bundle, `${handler.slice(0, dot)}.js`), handler.slice(dot + 1)], {
      cwd: tmpdir(),
      execPath: nodeForLambdaRuntime(runtime),
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_PATH: layers.map((layer) => join(layer, 'nodejs', 'node_modules')).join(':'),
        AWS_LAMBDA_FUNCTION_NAME: name,
        TZ: ':UTC',
        ...this.serviceEnvironment,
        ...environment,
      },
    });
    child.on('message', (message: { id: number; result?: unknown; error?: { errorType: string; message: string } }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new LambdaError(message.error.errorType, message.error.message));
      else waiting.resolve(message.result);
    });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
      // Only this instance's invocations: a fresh instance may already be serving the next ones.
      for (const [id, waiting] of this.pending) {
        if (waiting.child !== child) continue;
        clearTimeout(waiting.timer);
        waiting.reject(new LambdaError('Lambda:Unhandled', `${name} exited`));
        this.pending.delete(id);
      }
    });
    return child;
  }
}
