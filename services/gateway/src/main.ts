/** The service itself, imported by server.ts once tracing is set up (instrumentations patch modules as they load). */
import { ConfigError, runService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { GatewayConfig } from './config.js';

try {
  await runService('gateway', GatewayConfig, async (config) => {
    const app = await buildApp({ config });
    // The upstream pools close with the app (onClose hook).
    return { app, close: async () => {} };
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(1);
}
