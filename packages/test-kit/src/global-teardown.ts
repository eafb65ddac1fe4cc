import { stopContainers } from './containers.js';
import { dropRunLeftovers } from './isolation.js';

/** Removes whatever a crashed test file left behind for this run, then any containers. */
export default async function globalTeardown(): Promise<void> {
  await dropRunLeftovers();
  await stopContainers();
}
