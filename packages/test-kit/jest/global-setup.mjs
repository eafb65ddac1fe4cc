import { prepareMigratedTemplate, prepareTestRun } from './infrastructure.mjs';

export default async function globalSetup() {
  await prepareTestRun();
  await prepareMigratedTemplate();
}
