import { randomUUID } from 'node:crypto';
import { mayAddSource } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import type { SourceInput } from '../domain/sources.js';
import { SourceRepository } from '../store/source.repository.js';
import { inLaw } from './law-access.js';
import { sourceFields, sourceTarget } from './source-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Adds a source to a law, article or amendment (whoever may edit it; the law's creators for the law); answers its id. */
export async function addSource(
  deps: CommandDeps,
  caller: Caller,
  input: SourceInput & { targetKind: 'law' | 'article'; targetId: string },
): Promise<string> {
  const { targetKind, targetId, ...rest } = input;
  const { law, item } = await sourceTarget(deps.db, targetKind, null, targetId);
  refused(mayAddSource(caller, item, law));
  const fields = sourceFields(rest);
  const now = deps.clock();
  return inLaw(deps.db, law.id, law.state, async (tx) => {
    const id = randomUUID();
    await new SourceRepository(tx).insert({ id, lawId: law.id, targetKind, targetId, userId: caller.id, fields, now });
    return id;
  });
}
