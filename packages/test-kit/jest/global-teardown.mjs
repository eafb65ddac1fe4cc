import { dropRunLeftovers, stopContainers } from './infrastructure.mjs';

export default async function globalTeardown() {
  await dropRunLeftovers();
  await stopContainers();
}
