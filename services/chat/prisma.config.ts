import { defineConfig } from 'prisma/config';

// The URL is only needed by `prisma migrate` where the native engine exists; this project applies
// migrations with `pnpm db:migrate` (Prisma's wasm engine). Each service owns the schema named after it.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env['DATABASE_URL'] ?? '' },
});
