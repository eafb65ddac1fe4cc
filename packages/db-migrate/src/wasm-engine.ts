import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

export type { SchemaEngine };

type EngineClass = typeof SchemaEngine;

// The workspace's `lib` has no WebAssembly typings (they come with the DOM lib); this is all we use.
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: Record<string, unknown> };
}
const { WebAssembly } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

let engineClass: Promise<EngineClass> | undefined;

/**
 * Instantiates Prisma's wasm schema engine once per process. The package's main entry imports the
 * `.wasm` file as an ES module, which Node 20 cannot do without a flag, so we load the wasm-bindgen
 * glue (`schema_engine_bg`) and instantiate the module ourselves, the way Prisma's CLI does.
 * wasm-bindgen keeps its instance in module state: instantiating twice breaks it.
 */
function loadEngineClass(): Promise<EngineClass> {
  engineClass ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const imports: Record<string, unknown> = { ...glue };
    // The engine arms a timer for each timeout (the 10 s advisory-lock wait, ...) and never clears it,
    // which would hold the process open for 10 s after every run. Its timers must not keep Node alive;
    // `whileEngineWorks` does that while an engine call is in flight.
    for (const name of Object.keys(imports)) {
      if (name.startsWith('__wbg_setTimeout_')) imports[name] = unrefSetTimeout;
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { './schema_engine_bg.js': imports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports['__wbindgen_start'] as () => void)();
    return glue.SchemaEngine;
  })();
  return engineClass;
}

function unrefSetTimeout(callback: () => void, milliseconds: number): NodeJS.Timeout {
  return setTimeout(callback, milliseconds >>> 0).unref();
}

/** Keeps the process alive until `work` settles, since the engine's own timers no longer do. */
export async function whileEngineWorks<T>(work: () => Promise<T>): Promise<T> {
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
  }
}

/** A schema engine that reaches PostgreSQL (and its shadow databases) through the given factory. */
export async function startSchemaEngine(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  const Engine = await loadEngineClass();
  // The engine reports progress as JSON log lines; the results and errors we need come back directly.
  const ignoreLogs = () => {};
  return Engine.new({ datamodels: undefined }, ignoreLogs, bindMigrationAwareSqlAdapterFactory(adapterFactory));
}
