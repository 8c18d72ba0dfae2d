// One synthesized Lambda bundle in a process of its own, with its own environment, as a Lambda
// instance runs it: invocations arrive over IPC and run one at a time (an instance serves one
// request at a time); a throw becomes Lambda:Unhandled.
const [file, exportName] = process.argv.slice(2);
const handler = require(file)[exportName];
let requests = 0;
let queue = Promise.resolve();
process.on('message', ({ id, event }) => {
  queue = queue.then(async () => {
    const context = { functionName: process.env.AWS_LAMBDA_FUNCTION_NAME, awsRequestId: `offline-${process.pid}-${++requests}` };
    try {
      process.send({ id, result: await handler(event, context) });
    } catch (error) {
      console.error(error);
      process.send({ id, error: { errorType: 'Lambda:Unhandled', message: String((error && error.message) || error) } });
    }
  });
});
process.on('disconnect', () => process.exit(0));
