// `pnpm start`: the whole product on this machine, stopped cleanly with Ctrl-C; data kept in .data/.
import { parseArgs } from 'node:util';
import { parseReplicas, startStack } from './stack.mjs';

// `pnpm start -- --replicas chat=3,decisions=2`: several processes of a component behind a balancer.
let replicas;
try {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { replicas: { type: 'string' } } });
  replicas = values.replicas === undefined ? {} : parseReplicas(values.replicas);
} catch (error) {
  console.error(`${error.message}\nUsage: pnpm start [-- --replicas chat=3,decisions=2]`);
  process.exit(2);
}

let stack;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack?.stop();
  console.log('Stopped.');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startStack({ echo: process.env.ECHO_LOGS === '1', replicas });
} catch (error) {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
}

stack.onUnexpectedExit((name, code) => {
  if (stopping) return;
  console.error(`${name} stopped unexpectedly (code ${code}); logs are in ${stack.logDir}. Stopping the rest.`);
  void shutdown(1);
});

console.log(`
The citizen legislative platform is running:
  ${stack.url}
  readiness:   ${stack.url}/readyz
  replicas:    ${Object.values(stack.deployments).map((d) => `${d.name} ${d.pods().length}`).join(', ')}
  logs:        .data/logs/ (ECHO_LOGS=1 pnpm start prints them here)${stack.mailViewer ? `\n  mail:        ${stack.mailViewer} (messages the platform sends)` : ''}
Press Ctrl-C to stop.`);
