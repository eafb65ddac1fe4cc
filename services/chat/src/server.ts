// Only the telemetry module is imported statically: the SDK must be set up before fastify, pg and
// the rest load, so they can be instrumented (docs/architecture.md#tracing).
import { startTelemetry } from '@civic/service-kit/telemetry';

await startTelemetry('chat');
await import('./main.js');
