import { runEventedService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { IdentityConfig } from './config.js';
import { createPrisma } from './store/prisma.js';

await runEventedService('identity', IdentityConfig, createPrisma, buildApp);
