/**
 * Runs a synthesized Lambda function: its bundle (asset folder) in child processes with the
 * environment the template gives it, native modules only from its layers (NODE_PATH), the AWS SDK
 * pointed at the emulated services, and no access to the repository's node_modules (cwd and
 * module paths outside it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeForLambdaRuntime } from '../../scripts/node-binaries';
import { AWS_LIMITS, jsonBytes, type EmulationLimits } from './limits';

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

/** A test's hook (POST /_emulation/hooks): invocations of matching functions run this much longer. */
export interface LambdaHooks {
  /** Case-insensitive part of the function's name; empty matches none. */
  slowFunction: string;
  slowByMs: number;
}

interface Invocation {
  event: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}
interface Instance {
  child: ChildProcess;
  /** The handler's module loaded (Lambda's init phase, which a function's timeout does not count). */
  ready: boolean;
  whenReady: Array<() => void>;
  running: { id: number; invocation: Invocation; timer: NodeJS.Timeout | undefined } | null;
}

/**
 * One function: up to `limits.lambdaInstances` instances, each serving one invocation at a time,
 * as Lambda scales out; further invocations wait for a free instance. The timeout counts from the
 * moment an instance takes the invocation (run time, not time queued), and the payload limits hold
 * both ways (decision 0287).
 */
export class LambdaFunction {
  private readonly instances: Instance[] = [];
  private readonly queue: Invocation[] = [];
  private nextId = 0;

  constructor(
    readonly definition: LambdaDefinition,
    private readonly serviceEnvironment: Record<string, string>,
    private readonly limits: EmulationLimits = { ...AWS_LIMITS },
    private readonly hooks: LambdaHooks = { slowFunction: '', slowByMs: 0 },
  ) {}

  /** How many instances are up now (the batteries check that calls run side by side). */
  get instanceCount(): number {
    return this.instances.length;
  }

  invoke(event: unknown): Promise<unknown> {
    const size = jsonBytes(event);
    if (size > this.limits.lambdaRequestBytes) {
      // Lambda's Invoke answers 413 RequestEntityTooLargeException; AppSync prefixes the source.
      return Promise.reject(
        new LambdaError(
          'Lambda:RequestEntityTooLargeException',
          `Request must be smaller than ${this.limits.lambdaRequestBytes} bytes for the InvokeFunction operation`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every instance; what they were running fails as on Lambda, queued calls start fresh ones. */
  stop(): void {
    // Out of the pool at once: a process ends a moment after it is killed, and a call sent to it
    // then would fail with it instead of starting a fresh instance.
    for (const instance of [...this.instances]) this.retire(instance);
  }

  /** Takes an instance out of the pool and ends its process. */
  private retire(instance: Instance): void {
    const index = this.instances.indexOf(instance);
    if (index >= 0) this.instances.splice(index, 1);
    instance.child.kill();
  }

  private dispatch(): void {
    while (this.queue.length) {
      // The limit holds even when it was lowered with more instances up (they wait idle).
      if (this.instances.filter((candidate) => candidate.running).length >= this.limits.lambdaInstances) return;
      let instance = this.instances.find((candidate) => !candidate.running);
      if (!instance) {
        if (this.instances.length >= this.limits.lambdaInstances) return;
        instance = this.start();
      }
      this.run(instance, this.queue.shift()!);
    }
  }

  private run(instance: Instance, invocation: Invocation): void {
    const id = ++this.nextId;
    const timeoutSeconds = this.limits.lambdaTimeoutSeconds ?? this.definition.timeoutSeconds;
    const running: NonNullable<Instance['running']> = { id, invocation, timer: undefined };
    const startTimer = () => {
      if (instance.running !== running) return;
      running.timer = setTimeout(() => {
        this.finish(instance, id);
        invocation.reject(new LambdaError('Lambda:Unhandled', `Task timed out after ${timeoutSeconds.toFixed(2)} seconds`));
        // Lambda ends an instance whose invocation timed out; the next call starts a fresh one.
        this.retire(instance);
      }, timeoutSeconds * 1000);
    };
    instance.running = running;
    if (instance.ready) startTimer();
    else instance.whenReady.push(startTimer);
    const slow = this.hooks.slowFunction && this.definition.name.toLowerCase().includes(this.hooks.slowFunction.toLowerCase());
    instance.child.send({
      id,
      event: invocation.event,
      delayMs: slow ? this.hooks.slowByMs : 0,
      maxResponseBytes: this.limits.lambdaResponseBytes,
      timeoutMs: timeoutSeconds * 1000,
    });
  }

  /** The instance is free again (if `id` is still what it runs); the next queued call may start. */
  private finish(instance: Instance, id: number): Invocation | null {
    if (instance.running?.id !== id) return null;
    const { invocation, timer } = instance.running;
    clearTimeout(timer);
    instance.running = null;
    queueMicrotask(() => this.dispatch());
    return invocation;
  }

  private start(): Instance {
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
    const instance: Instance = { child, ready: false, whenReady: [], running: null };
    this.instances.push(instance);
    child.on('message', (message: { ready?: true; id: number; result?: unknown; error?: { errorType: string; message: string } }) => {
      if (message.ready) {
        instance.ready = true;
        for (const start of instance.whenReady.splice(0)) start();
        return;
      }
      const invocation = this.finish(instance, message.id);
      if (!invocation) return;
      if (message.error) invocation.reject(new LambdaError(message.error.errorType, message.error.message));
      else invocation.resolve(message.result);
    });
    child.on('exit', () => {
      const index = this.instances.indexOf(instance);
      if (index >= 0) this.instances.splice(index, 1);
      // Only this instance's invocation: the others run on, and queued ones start fresh instances.
      const running = instance.running;
      if (running) this.finish(instance, running.id)?.reject(new LambdaError('Lambda:Unhandled', `${name} exited`));
      queueMicrotask(() => this.dispatch());
    });
    return instance;
  }
}
