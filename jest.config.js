// One jest run for the whole workspace, in native ESM (Prisma's generated client and several
// dependencies are ESM-only). Workspace packages resolve to their sources so tests need no build;
// service-kit's own tests reach test-kit only this way, as test-kit depends on service-kit (declaring
// it back, even as a dev dependency, would make a cycle between the two).
// A package's tests alone: `pnpm --filter @civic/<package> test` (each package's test script).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: false },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@civic/(contracts|service-kit|test-kit|db-migrate)$': '<rootDir>/packages/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  rootDir: '.',
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,services,frontends}/*/test/**/*.test.ts', '<rootDir>/deploy/test/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{packages,services}/*/test/**/*.int.test.ts'],
      globalSetup: '<rootDir>/packages/test-kit/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/packages/test-kit/jest/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'fault',
      testMatch: ['<rootDir>/e2e/fault/**/*.fault.test.ts'],
      globalSetup: '<rootDir>/packages/test-kit/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/packages/test-kit/jest/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'tracing',
      testMatch: ['<rootDir>/e2e/tracing/**/*.tracing.test.ts'],
      globalSetup: '<rootDir>/packages/test-kit/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/packages/test-kit/jest/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/e2e/test/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/src/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/src/global-teardown.mjs',
    },
    // Browser tests that start a stack of their own each: no shared stack, only the run's template.
    {
      ...common,
      displayName: 'own-stack',
      testMatch: ['<rootDir>/e2e/own-stack/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/packages/test-kit/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/packages/test-kit/jest/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'rehearsal',
      testMatch: ['<rootDir>/e2e/rehearsal/**/*.rehearsal.test.ts'],
      globalSetup: '<rootDir>/packages/test-kit/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/packages/test-kit/jest/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'security',
      testMatch: ['<rootDir>/e2e/security/**/*.security.test.ts'],
      globalSetup: '<rootDir>/e2e/security/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/security/global-teardown.mjs',
    },
  ],
};
