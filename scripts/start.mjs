// `pnpm start`: the whole product on this machine, stopped cleanly with Ctrl-C; data kept in .data/.
import { startStack } from './stack.mjs';

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
  stack = await startStack({ echo: process.env.ECHO_LOGS === '1' });
} catch (error) {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
}

for (const child of stack.children) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`A process stopped unexpectedly (code ${code ?? signal}); logs are in ${stack.logDir}. Stopping the rest.`);
    void shutdown(1);
  });
}

console.log(`
The citizen legislative platform is running:
  ${stack.url}
  readiness:   ${stack.url}/readyz
  logs:        .data/logs/ (ECHO_LOGS=1 pnpm start prints them here)${stack.mailViewer ? `\n  mail:        ${stack.mailViewer} (messages the platform sends)` : ''}
Press Ctrl-C to stop.`);
