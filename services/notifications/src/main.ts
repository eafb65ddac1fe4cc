/** The service itself, imported by server.ts once tracing is set up (instrumentations patch modules as they load). */
import { runEventedService } from '@civic/service-kit';
import { buildApp } from './app.js';
import { NotificationsConfig } from './config.js';
import { createPrisma } from './store/prisma.js';

await runEventedService('notifications', NotificationsConfig, createPrisma, buildApp);
