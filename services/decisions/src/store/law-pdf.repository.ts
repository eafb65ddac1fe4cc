import type { Locale } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

/** The key of a kept PDF: the law, the version it prints (domain/law-pdf-rules.ts) and its language. */
export interface PdfKey {
  lawId: string;
  version: string;
  locale: Locale;
}

/** The PDFs of archived laws, rendered once per version and language and kept (docs/product.md#archive). */
export class LawPdfRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The entity tag of the kept PDF, null when it was not rendered yet: a conditional request needs no bytes. */
  async etag(key: PdfKey): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ etag: string }[]>(
      sql`SELECT etag FROM ${tables.lawPdf} WHERE law_id = ${key.lawId}::uuid AND version = ${key.version} AND locale = ${key.locale}`,
    );
    return row?.etag ?? null;
  }

  async find(key: PdfKey): Promise<{ etag: string; pdf: Buffer } | null> {
    const [row] = await this.db.$queryRaw<{ etag: string; pdf: Uint8Array }[]>(
      sql`SELECT etag, pdf FROM ${tables.lawPdf} WHERE law_id = ${key.lawId}::uuid AND version = ${key.version} AND locale = ${key.locale}`,
    );
    return row ? { etag: row.etag, pdf: Buffer.from(row.pdf) } : null;
  }

  /** Keeps a rendered PDF; when another replica kept one first, that one stays and is answered. */
  async keep(key: PdfKey, etag: string, pdf: Buffer): Promise<{ etag: string; pdf: Buffer }> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.lawPdf} (law_id, version, locale, etag, pdf) VALUES (${key.lawId}::uuid, ${key.version}, ${key.locale}, ${etag}, ${pdf})
       ON CONFLICT (law_id, version, locale) DO NOTHING`,
    );
    return (await this.find(key)) ?? { etag, pdf };
  }
}
