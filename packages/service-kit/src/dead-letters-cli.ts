#!/usr/bin/env node
/** `dead-letters list|replay`: the operator command over parked events (docs/events.md). */
import { deadLettersCommand } from './dead-letters.js';
import { connectBus } from './nats.js';

const bus = await connectBus({ url: process.env['NATS_URL'] || 'nats://127.0.0.1:4222', prefix: process.env['NATS_PREFIX'] ?? '', name: 'dead-letters-cli' });
try {
  process.exitCode = await deadLettersCommand(process.argv.slice(2), bus, (line) => console.log(line));
} finally {
  await bus.close();
}
