import type { Locale } from '@civic/contracts';
import { AppError } from '@civic/service-kit';
import { holdsCurrent, pdfEtag, pdfVersion } from '../domain/law-pdf-rules.js';
import type { LawDetailRecord } from '../domain/permitted-actions.js';
import type { PdfOptions } from '../pdf/law-pdf.js';
import type { RenderGate } from '../pdf/render-gate.js';
import type { LawPdfRepository } from '../store/law-pdf.repository.js';
import type { RenderLimit } from '../store/render-limit.js';

/** Renders an archived law (pdf/law-pdf.ts in the service; tests count the calls). */
export type PdfRenderer = (law: LawDetailRecord, options: PdfOptions) => Promise<Buffer>;

export interface LawPdfDeps {
  pdfs: LawPdfRepository;
  render: PdfRenderer;
  limit: RenderLimit;
  gate: RenderGate;
  clock: () => Date;
  /** Where the fonts are; unset, the renderer's own assets. */
  fontDir?: string;
  timeZone: string;
}

export type LawPdfAnswer = { notModified: true; etag: string } | { notModified: false; etag: string; pdf: Buffer };

/**
 * An archived law's PDF (docs/product.md#archive): rendered once per version of the law and
 * language, then kept and answered from the database. Only a render counts against the requester's
 * limit (429 tooManyRequests) and waits for one of the replica's render turns (503
 * serviceUnavailable when none frees in time); a kept PDF is answered at once, and a conditional
 * request holding it gets no bytes.
 */
export async function lawPdf(
  deps: LawPdfDeps,
  input: { law: LawDetailRecord; locale: Locale; requester: string; ifNoneMatch?: string },
): Promise<LawPdfAnswer> {
  const { law, locale } = input;
  const key = { lawId: law.id, version: pdfVersion(law, deps.timeZone), locale };
  const etag = await deps.pdfs.etag(key);
  if (etag !== null && holdsCurrent(input.ifNoneMatch, etag)) return { notModified: true, etag };
  const kept = etag === null ? null : await deps.pdfs.find(key);
  if (kept) return { notModified: false, ...kept };

  const allowance = await deps.limit.take(input.requester);
  if (!allowance.allowed) {
    throw new AppError('tooManyRequests', 429, { reason: 'pdf-renders', retryAt: new Date(deps.clock().getTime() + allowance.retryAfterMs).toISOString() });
  }
  const made = await deps.gate.run(
    async () => {
      // Another request for the same PDF may have rendered it while this one waited for its turn.
      const meanwhile = await deps.pdfs.find(key);
      if (meanwhile) return meanwhile;
      const pdf = await deps.render(law, { locale, fontDir: deps.fontDir, timeZone: deps.timeZone });
      return deps.pdfs.keep(key, pdfEtag(pdf), pdf);
    },
    () => new AppError('serviceUnavailable', 503, { reason: 'pdf-renders-busy' }),
  );
  return { notModified: false, ...made };
}
