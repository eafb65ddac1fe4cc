import { TextHistoryParamsSchema, TextHistorySchema, errorAnswers, verifyChain, type TextHistory } from '@civic/contracts';
import { notFound, type ServiceApp } from '@civic/service-kit';
import { hiddenFrom } from '../commands/proposal-access.js';
import { TextVersionRepository } from '../store/text-version.repository.js';
import { callerOf, type DecisionsContext } from './context.js';

/** The version history of texts (docs/product.md#version-history), for everyone. */
export async function historyRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const versions = new TextVersionRepository(context.db);

  app.get(
    '/api/decisions/history/:kind/:id',
    {
      schema: {
        tags: ['proposals', 'laws'],
        summary:
          'Every version of a proposal, law, group, article or amendment, oldest first, with the hashes that chain them and the service’s check of the chain (docs/text-chain.md); the words and salts of a text a moderator deleted are withheld but from moderators',
        params: TextHistoryParamsSchema,
        response: { 200: TextHistorySchema, ...errorAnswers(400, 404) },
      },
    },
    async (request): Promise<TextHistory> => {
      const { kind, id } = request.params;
      const viewer = request.user ? await callerOf(request, context) : null;
      const text = await versions.textFacts(kind, id);
      if (!text || (text.proposal && hiddenFrom(text.proposal, viewer))) throw notFound();
      const stored = await versions.history(id);
      const last = stored.at(-1);
      const deleted = last?.change === 'deleted';
      // Deleted by a moderator: the hashes stay public; the words, and the salts their hashes commit to, only for moderators.
      const withheld = deleted && last?.role === 'moderator' && !viewer?.moderator;
      // The whole chain as stored, withheld words included: a version changed in the database shows here.
      const problems = (await verifyChain(stored)).flatMap((found) =>
        found.problem === 'version-hash' || found.problem === 'broken-link' ? [{ problem: found.problem, seq: found.seq }] : [],
      );
      return {
        kind,
        id: id.toLowerCase(),
        documentId: text.documentId,
        lawId: text.lawId,
        title: text.title,
        deleted,
        chain: { intact: problems.length === 0, problems },
        versions: stored.map((version) => ({
          seq: version.seq,
          kind: version.kind,
          change: version.change,
          role: version.role,
          editorId: version.editorId,
          editorName: version.editorName,
          // Who typed is public, as the editor is; only words and salts are withheld.
          coEditors: version.coEditors.map((coEditorId, index) => ({ id: coEditorId, name: version.coEditorNames[index] ?? '' })),
          reason: withheld ? null : version.reason,
          title: withheld ? null : version.title,
          body: withheld ? null : version.body,
          withheld,
          createdAt: version.createdAt,
          prevHash: version.prevHash,
          salt: withheld ? null : version.salt,
          hash: version.hash,
        })),
      };
    },
  );
}
