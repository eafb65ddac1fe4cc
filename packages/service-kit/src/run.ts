import closeWithGrace from 'close-with-grace';
import type { Static, TObject, TProperties } from 'typebox';
import { ConfigError, loadConfig, type BaseConfig } from './config.js';
import type { ServiceApp } from './http.js';
import { stopTelemetry } from './telemetry.js';

export interface StartedService {
  app: ServiceApp;
  /** Releases what the service opened besides the HTTP server (database pool, NATS). */
  close(): Promise<void>;
}

/** The gateway's config has no SHUTDOWN_DRAIN_MS of its own (it owns no BaseConfig). */
const DEFAULT_DRAIN_MS = 5_000;

/**
 * The body of every main.ts: validate config (exit 1 naming what is wrong), build, listen,
 * and on SIGINT/SIGTERM stop taking requests, finish in-flight work, then release connections.
 */
export async function runService<P extends TProperties>(
  name: string,
  schema: TObject<P>,
  start: (config: Static<TObject<P>>) => Promise<StartedService>,
): Promise<void> {
  let config: Static<TObject<P>>;
  try {
    config = loadConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const base = config as unknown as BaseConfig;
  const service = await start(config);
  closeWithGrace({ delay: base.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) service.app.log.error({ err }, 'fatal error, shutting down');
    else {
      service.app.log.info({ signal }, 'draining, then shutting down');
      // Closing at once would cut callers' idle keep-alive connections as a request may be going out
      // on them (a 503 for a POST that no one can retry); while draining they end on the caller's side.
      service.app.drain.start();
      await service.app.drain.settled((base as Partial<BaseConfig>).SHUTDOWN_DRAIN_MS ?? DEFAULT_DRAIN_MS);
    }
    await service.app.close();
    await service.close();
    // Sends the spans still buffered (no-op when tracing is off).
    await stopTelemetry();
  });
  await service.app.listen({ port: base.PORT, host: base.HOST });
}
