import { runEventedService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { DecisionsConfig } from './config.js';
import { createPrisma } from './store/prisma.js';

await runEventedService('decisions', DecisionsConfig, createPrisma, buildApp);
