// One synthesized Lambda bundle in a process of its own, with its own environment, as Lambda runs
// it: invocations arrive over IPC, one at a time per process; a throw becomes Lambda:Unhandled.
const bundle = require(process.argv[2]);
let requests = 0;
process.on('message', async ({ id, event }) => {
  const context = { functionName: process.env.AWS_LAMBDA_FUNCTION_NAME, awsRequestId: `offline-${process.pid}-${++requests}` };
  try {
    process.send({ id, result: await bundle.handler(event, context) });
  } catch (error) {
    console.error(error);
    process.send({ id, error: { errorType: 'Lambda:Unhandled', message: String(error && error.message || error) } });
  }
});
process.on('disconnect', () => process.exit(0));
