import { runEventedService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { ChatConfig } from './config.js';
import { createPrisma } from './store/prisma.js';

await runEventedService('chat', ChatConfig, createPrisma, buildApp);
