// One synthesized Lambda bundle in a process of its own, with its own environment, as a Lambda
// instance runs it: the emulation sends it one invocation at a time over IPC (lambda-runtime.ts);
// a throw becomes Lambda:Unhandled, and so does an answer over Lambda's response payload limit
// (the handler has run by then, as on Lambda). `delayMs` is a test's hook: the handler runs late.
const [file, exportName] = process.argv.slice(2);
const handler = require(file)[exportName];
// Loaded: Lambda's init phase is over, and the function's timeout starts with each invocation.
process.send({ ready: true });
let requests = 0;
process.on('message', async ({ id, event, delayMs, maxResponseBytes, timeoutMs }) => {
  // The timeout counts from here, as the runtime's timer does; getRemainingTimeInMillis as Lambda's context has it.
  const deadline = Date.now() + timeoutMs;
  const context = {
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    awsRequestId: `offline-${process.pid}-${++requests}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  try {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const result = await handler(event, context);
    const size = Buffer.byteLength(JSON.stringify(result) ?? '', 'utf8');
    if (size > maxResponseBytes) {
      process.send({
        id,
        error: {
          errorType: 'Lambda:Unhandled',
          message: `Response payload size exceeded maximum allowed payload size (${maxResponseBytes} bytes).`,
        },
      });
    } else process.send({ id, result });
  } catch (error) {
    console.error(error);
    process.send({ id, error: { errorType: 'Lambda:Unhandled', message: String((error && error.message) || error) } });
  }
});
process.on('disconnect', () => process.exit(0));
