import { runEventedService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { ElectionsConfig } from './config.js';
import { createPrisma } from './store/prisma.js';

await runEventedService('elections', ElectionsConfig, createPrisma, buildApp);
