/**
 * The archived law as a PDF, rendered on the server with pdfkit in the reader's language: title,
 * category, decision and date, then at once the adopted text (articles in group order, numbered),
 * then what the law is about, the vote, the sources in APA 7 with their italics, and the seal last.
 * DejaVu Serif is embedded (subset) so accents, typographic quotes and dashes come out right in any
 * viewer and in `pdftotext`. The document is tagged (headings, paragraphs, page numbers as artifacts),
 * with its language and title set, so screen readers and reflowing viewers read it in order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { Locale, ProposalCategory } from '@civic/contracts';
import type { ArticleRecord, LawDetailRecord } from '../domain/permitted-actions.js';

export const defaultFontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');

const fontFiles = { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', italic: 'DejaVuSerif-Italic.ttf' } as const;
type FontName = keyof typeof fontFiles;

const fontCache = new Map<string, Buffer>();
function font(dir: string, name: FontName): Buffer {
  const file = path.join(dir, fontFiles[name]);
  let data = fontCache.get(file);
  if (!data) {
    data = readFileSync(file);
    fontCache.set(file, data);
  }
  return data;
}

const categories: Record<Locale, Record<ProposalCategory, string>> = {
  en: {
    security: 'Security',
    relations: 'Relations',
    economy: 'Economy',
    education: 'Education',
    health: 'Health',
    labour: 'Labour',
    transport: 'Transport',
    environment: 'Environment',
    justice: 'Justice',
    defense: 'Defense',
    'international-relations': 'International relations',
    meta: 'Meta',
    'culture-and-sports': 'Culture and sports',
    'social-affairs': 'Social affairs',
    other: 'Other',
  },
  fr: {
    security: 'Sécurité',
    relations: 'Relations',
    economy: 'Économie',
    education: 'Éducation',
    health: 'Santé',
    labour: 'Travail',
    transport: 'Transports',
    environment: 'Environnement',
    justice: 'Justice',
    defense: 'Défense',
    'international-relations': 'Relations internationales',
    meta: 'Méta',
    'culture-and-sports': 'Culture et sports',
    'social-affairs': 'Affaires sociales',
    other: 'Autre',
  },
};

const labels = {
  en: {
    law: 'Law',
    decision: (n: number) => `Decision ${n}`,
    adoptedOn: (date: string) => `Adopted on ${date}`,
    rejectedOn: (date: string) => `Rejected on ${date}`,
    text: 'Text of the law',
    about: 'About this law',
    article: (n: number) => `Article ${n}`,
    amended: 'as amended',
    none: 'No article was adopted.',
    vote: 'Final vote',
    voters: (n: number) => `${n} ${n === 1 ? 'citizen' : 'citizens'} voted.`,
    counts: (f: number, a: number, n: number, b: number) => `For ${f} · Against ${a} · Neutral ${n} · Blank ${b}`,
    sources: 'Sources',
    creators: 'Drafted by',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    seal: (hash: string) => `Seal (SHA-256): ${hash}`,
    sealedAt: (date: string, time: string) => `Sealed at the close of the final vote, on ${date} at ${time}; anyone can check it against the open data.`,
    zone: (city: string) => `${city} time`,
  },
  fr: {
    law: 'Loi',
    decision: (n: number) => `Décision ${n}`,
    adoptedOn: (date: string) => `Adoptée le ${date}`,
    rejectedOn: (date: string) => `Rejetée le ${date}`,
    text: 'Texte de la loi',
    about: 'Présentation de la loi',
    article: (n: number) => `Article ${n}`,
    amended: 'tel qu’amendé',
    none: 'Aucun article n’a été adopté.',
    vote: 'Vote final',
    voters: (n: number) => `${n} ${n > 1 ? 'citoyens ont voté' : 'citoyen a voté'}.`,
    counts: (f: number, a: number, n: number, b: number) => `Pour ${f} · Contre ${a} · Neutre ${n} · Blanc ${b}`,
    sources: 'Sources',
    creators: 'Rédigée par',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
    // A no-break space before the colon, as French typography asks.
    seal: (hash: string) => `Sceau (SHA-256)\u00a0: ${hash}`,
    sealedAt: (date: string, time: string) => `Scellé à la clôture du vote final, le ${date} à ${time}\u00a0; chacun peut le vérifier avec les données ouvertes.`,
    zone: (city: string) => `heure de ${city}`,
  },
} as const;

/** The adopted text: each article's winning text (the article or the amendment that replaced it), in order. */
export function adoptedText(law: LawDetailRecord): { number: number; group: string | null; article: ArticleRecord; text: ArticleRecord }[] {
  const groups = new Map(law.groups.map((group) => [group.id, group.name]));
  const result: { number: number; group: string | null; article: ArticleRecord; text: ArticleRecord }[] = [];
  for (const article of law.articles) {
    const winner = [article, ...article.amendments].find((text) => text.result?.winner);
    if (!winner?.result?.adopted) continue;
    result.push({ number: result.length + 1, group: article.groupId ? (groups.get(article.groupId) ?? null) : null, article, text: winner });
  }
  return result;
}

/** A date as the PDF prints it in `timeZone`: 22 November 2026, 22 novembre 2026, and 1er mars 2026 (French ordinal). */
export function pdfDate(date: Date, locale: Locale, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone }).format(date);
  return locale === 'fr' ? formatted.replace(/^1 /, '1er ') : formatted;
}

/**
 * The time of day in the deployment's time zone, named the same way in both languages, as the pages
 * name it: "2:48 PM (Paris time)", "14:48 (heure de Paris)". Intl's own zone names differ by language
 * ("CET" in English, "UTC+1" in French), so they are not used.
 */
export function pdfTime(date: Date, locale: Locale, timeZone: string): string {
  const time =
    locale === 'fr'
      ? new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date)
      : new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date);
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return `${time} (${labels[locale].zone(city)})`;
}

export interface PdfOptions {
  locale: Locale;
  fontDir?: string;
  timeZone?: string;
}

export function renderLawPdf(law: LawDetailRecord, { locale, fontDir = defaultFontDir, timeZone = 'Europe/Paris' }: PdfOptions): Promise<Buffer> {
  const t = labels[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 68, right: 68 },
    bufferPages: true,
    // A tagged PDF (PDF/UA style): the structure tree below, the language and the title shown by viewers.
    tagged: true,
    pdfVersion: '1.7',
    lang: locale,
    displayTitle: true,
    info: { Title: law.title, Author: 'Civic legislative platform', Subject: `${t.law} — ${t.decision(law.cycleNumber)}`, CreationDate: law.archivedAt ? new Date(law.archivedAt) : new Date() },
  });
  for (const name of Object.keys(fontFiles) as FontName[]) doc.registerFont(name, font(fontDir, name));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const date = pdfDate(new Date(law.archivedAt ?? law.updatedAt), locale, timeZone);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const muted = '#555555';
  const root = doc.struct('Document');
  doc.addStructure(root);
  /** One structure element of `parent` holding what `draw` writes. */
  const tag = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void) => parent.add(doc.struct(type, {}, draw));
  const section = () => {
    const element = doc.struct('Sect');
    root.add(element);
    return element;
  };
  /** Decoration (the rule, page numbers) is an artifact: screen readers skip it. */
  const artifact = (type: 'Pagination' | 'Layout', draw: () => void) => {
    doc.markContent('Artifact', { type });
    draw();
    doc.endMarkedContent();
  };

  tag(root, 'P', () => doc.font('regular').fontSize(10).fillColor(muted).text(`${t.law} · ${t.decision(law.cycleNumber)} · ${categories[locale][law.category]}`, { characterSpacing: 0.3 }));
  doc.moveDown(0.6);
  tag(root, 'H1', () => doc.font('bold').fontSize(22).fillColor('#000000').text(law.title, { lineGap: 2 }));
  doc.moveDown(0.3);
  tag(root, 'P', () => doc.font('italic').fontSize(11).fillColor(muted).text(law.state === 'adopted' ? t.adoptedOn(date) : t.rejectedOn(date)));
  doc.fillColor('#000000').moveDown(0.6);
  artifact('Layout', () => doc.moveTo(doc.page.margins.left, doc.y).lineTo(doc.page.margins.left + width, doc.y).lineWidth(0.5).strokeColor('#999999').stroke());
  doc.moveDown(1);

  // The law reads first: its text comes right after its title.
  const body = section();
  tag(body, 'H2', () => doc.font('bold').fontSize(15).text(t.text));
  doc.moveDown(0.5);
  const text = adoptedText(law);
  if (text.length === 0) tag(body, 'P', () => doc.font('italic').fontSize(11).text(t.none));
  let currentGroup: string | null | undefined;
  for (const entry of text) {
    if (entry.group !== currentGroup && entry.group !== null) {
      const group = entry.group;
      doc.moveDown(0.4);
      tag(body, 'H3', () => doc.font('bold').fontSize(13).text(group));
      doc.moveDown(0.3);
    }
    currentGroup = entry.group;
    const replaced = entry.text.id !== entry.article.id;
    // Headings do not skip a level: an article under a group's heading is one level below it.
    tag(body, entry.group === null ? 'H3' : 'H4', () => {
      doc.font('bold').fontSize(11.5).text(t.article(entry.number), { continued: replaced });
      if (replaced) doc.font('italic').fontSize(10).fillColor(muted).text(` (${t.amended})`).fillColor('#000000');
    });
    tag(body, 'P', () => doc.font('regular').fontSize(11).text(entry.text.body, { align: 'justify', lineGap: 2, paragraphGap: 4 }));
    const c = entry.text.counts;
    tag(body, 'P', () => doc.font('regular').fontSize(8.5).fillColor(muted).text(t.counts(c.for, c.against, c.neutral, c.blank)).fillColor('#000000'));
    doc.moveDown(0.5);
  }

  if (law.description.trim()) {
    const about = section();
    doc.moveDown(0.5);
    tag(about, 'H2', () => doc.font('bold').fontSize(13).text(t.about));
    doc.moveDown(0.3);
    tag(about, 'P', () => doc.font('regular').fontSize(11).text(law.description, { align: 'justify', lineGap: 2 }));
  }

  const vote = section();
  doc.moveDown(0.5);
  tag(vote, 'H2', () => doc.font('bold').fontSize(13).text(t.vote));
  tag(vote, 'P', () => doc.font('regular').fontSize(11).text(t.voters(law.voters)));
  if (law.creators.length > 0) tag(vote, 'P', () => doc.text(`${t.creators} ${law.creators.map((creator) => creator.userName).join(', ')}.`));

  const sources = [...law.sources, ...text.flatMap((entry) => entry.text.sources)];
  if (sources.length > 0) {
    const list = section();
    doc.moveDown(0.8);
    tag(list, 'H2', () => doc.font('bold').fontSize(13).text(t.sources));
    doc.moveDown(0.3);
    for (const source of sources) {
      const parts = source.apa.parts;
      tag(list, 'P', () =>
        parts.forEach((part, index) => {
          doc.font(part.italic ? 'italic' : 'regular').fontSize(10.5).text(part.text, { continued: index < parts.length - 1, indent: 0, lineGap: 1.5 });
        }),
      );
      doc.moveDown(0.35);
    }
  }

  if (law.seal) {
    // The seal closes the document: what anyone re-computes from the open data (docs/text-chain.md).
    const seal = law.seal;
    const sealedAt = new Date(seal.sealedAt);
    const sealed = section();
    doc.moveDown(0.8);
    tag(sealed, 'P', () => doc.font('regular').fontSize(8.5).fillColor(muted).text(t.sealedAt(pdfDate(sealedAt, locale, timeZone), pdfTime(sealedAt, locale, timeZone))));
    tag(sealed, 'P', () => doc.font('bold').fontSize(8.5).fillColor('#000000').text(t.seal(seal.hash)));
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact('Pagination', () => doc.font('regular').fontSize(8.5).fillColor(muted).text(t.page(i + 1, range.count), doc.page.margins.left, doc.page.height - 40, { width, align: 'center' }));
    doc.page.margins.bottom = bottom;
  }
  root.end();
  doc.end();
  return done;
}
