/**
 * References (sources, docs/product.md), free of I/O: the six types and five frequencies, field
 * validation with the form messages of docs/product.md, and APA 7 rendering in English and French.
 *
 * Dates are written `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (an access date needs the day); pages are one
 * page (55) or a range (55-75); volume and issue are whole numbers; a URL is http(s).
 */
import { Frequency, ReferenceType, validPages, validUrl, type Locale } from '@civic/contracts';

export const sourceTypes = Object.values(ReferenceType);
export const frequencies = Object.values(Frequency);

export interface SourceFields {
  type: number;
  title: string | null;
  author: string | null;
  publisher: string | null;
  publicationDate: string | null;
  url: string | null;
  accessDate: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  periodicalTitle: string | null;
  articleTitle: string | null;
  director: string | null;
  productionCompany: string | null;
  releaseYear: number | null;
  description: string | null;
  frequency: number | null;
}

export const sourceFieldNames = [
  'type',
  'title',
  'author',
  'publisher',
  'publicationDate',
  'url',
  'accessDate',
  'volume',
  'issue',
  'pages',
  'periodicalTitle',
  'articleTitle',
  'director',
  'productionCompany',
  'releaseYear',
  'description',
  'frequency',
] as const satisfies readonly (keyof SourceFields)[];
export type SourceFieldName = (typeof sourceFieldNames)[number];

/** A source of `type` with every other field empty. */
export function emptySource(type: number): SourceFields {
  return { ...(Object.fromEntries(sourceFieldNames.map((name) => [name, null])) as Record<SourceFieldName, null>), type };
}

/** Form messages of docs/product.md (the front end translates them). */
export type SourceMessage = 'required' | 'invalidUrl' | 'invalidDate' | 'invalidNumber' | 'invalidType' | 'invalidPagesFormat' | 'maxLength';

export interface FieldProblem {
  field: SourceFieldName;
  message: SourceMessage;
  max?: number;
}

/** Fields each type needs (besides its type). */
export const requiredByType: Record<number, readonly SourceFieldName[]> = {
  [ReferenceType.Book]: ['title', 'author'],
  [ReferenceType.Periodical]: ['title'],
  [ReferenceType.Article]: ['articleTitle', 'periodicalTitle'],
  [ReferenceType.Website]: ['title', 'url'],
  [ReferenceType.Film]: ['title', 'director'],
  [ReferenceType.Other]: ['title'],
};

/** The fields written as text: all but the type, the release year and the frequency. */
type TextFieldName = Exclude<SourceFieldName, 'type' | 'releaseYear' | 'frequency'>;
const textFields = sourceFieldNames.filter((name): name is TextFieldName => name !== 'type' && name !== 'releaseYear' && name !== 'frequency');

export const SOURCE_TEXT_MAX = 256;
export const SOURCE_DESCRIPTION_MAX = 600;

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const WHOLE = /^\d{1,9}$/;

/** A real calendar date written YYYY, YYYY-MM or YYYY-MM-DD; `needDay` refuses the shorter forms. */
export function validDate(value: string, needDay = false): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const year = Number(y);
  if (year < 1000) return false;
  if (m === undefined) return !needDay;
  const month = Number(m);
  if (month < 1 || month > 12) return false;
  if (d === undefined) return !needDay;
  const day = Number(d);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day >= 1 && day <= last;
}

/** The raw input of a form: any JSON value per field (the messages say what is wrong). */
export type SourceInput = Partial<Record<SourceFieldName, unknown>>;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Checks a source and answers its normalized fields, or the problems (every field at once, in the
 * order of the form). Text is trimmed; empty text is absent.
 */
export function validateSource(input: SourceInput): { ok: true; fields: SourceFields } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const fields = emptySource(0);

  const type = typeof input.type === 'string' && WHOLE.test(input.type) ? Number(input.type) : input.type;
  if (blank(type)) problems.push({ field: 'type', message: 'required' });
  else if (typeof type !== 'number' || !sourceTypes.includes(type as ReferenceType)) problems.push({ field: 'type', message: 'invalidType' });
  else fields.type = type;

  for (const name of textFields) {
    const value = input[name];
    if (blank(value)) continue;
    if (typeof value !== 'string') {
      problems.push({ field: name, message: 'invalidType' });
      continue;
    }
    const text = value.trim();
    const max = name === 'description' ? SOURCE_DESCRIPTION_MAX : SOURCE_TEXT_MAX;
    if ([...text].length > max) {
      problems.push({ field: name, message: 'maxLength', max });
      continue;
    }
    if (name === 'url' && !validUrl(text)) problems.push({ field: name, message: 'invalidUrl' });
    else if (name === 'publicationDate' && !validDate(text)) problems.push({ field: name, message: 'invalidDate' });
    else if (name === 'accessDate' && !validDate(text, true)) problems.push({ field: name, message: 'invalidDate' });
    else if ((name === 'volume' || name === 'issue') && !WHOLE.test(text)) problems.push({ field: name, message: 'invalidNumber' });
    else if (name === 'pages' && !validPages(text)) problems.push({ field: name, message: 'invalidPagesFormat' });
    else fields[name] = text;
  }

  const year = input.releaseYear;
  if (!blank(year)) {
    const value = typeof year === 'string' && /^\s*\d+\s*$/.test(year) ? Number(year) : year;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1800 || value > 9999) problems.push({ field: 'releaseYear', message: 'invalidNumber' });
    else fields.releaseYear = value;
  }

  const frequency = input.frequency;
  if (!blank(frequency)) {
    const value = typeof frequency === 'string' && WHOLE.test(frequency) ? Number(frequency) : frequency;
    if (typeof value !== 'number' || !frequencies.includes(value as Frequency)) problems.push({ field: 'frequency', message: 'invalidType' });
    else fields.frequency = value;
  }

  if (fields.type) {
    for (const name of requiredByType[fields.type] ?? []) {
      if (blank(input[name]) && !problems.some((problem) => problem.field === name)) problems.push({ field: name, message: 'required' });
    }
  }
  if (problems.length > 0) {
    const order = (field: SourceFieldName) => sourceFieldNames.indexOf(field);
    return { ok: false, problems: problems.sort((a, b) => order(a.field) - order(b.field)) };
  }
  return { ok: true, fields };
}

// --- APA 7 -------------------------------------------------------------------------------------

export interface ApaPart {
  text: string;
  italic: boolean;
}

export interface Apa {
  /** The reference as plain text. */
  text: string;
  /** The same text in runs, italic where APA sets italics (titles of books, periodicals, films, sites). */
  parts: ApaPart[];
}

const months: Record<Locale, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

const words = {
  en: {
    noDate: 'n.d.',
    retrieved: (date: string, url: string) => `Retrieved ${date}, from ${url}`,
    director: 'Director',
    film: 'Film',
    page: 'p.',
    pages: 'pp.',
    frequency: { 1: 'Daily periodical', 2: 'Weekly periodical', 3: 'Monthly periodical', 4: 'Quarterly periodical', 5: 'Yearly periodical' } as Record<number, string>,
  },
  fr: {
    noDate: 's. d.',
    retrieved: (date: string, url: string) => `Consulté le ${date}, à l’adresse ${url}`,
    director: 'Réalisateur',
    film: 'Film',
    page: 'p.',
    pages: 'p.',
    frequency: { 1: 'Périodique quotidien', 2: 'Périodique hebdomadaire', 3: 'Périodique mensuel', 4: 'Périodique trimestriel', 5: 'Périodique annuel' } as Record<number, string>,
  },
} as const;

/** The APA date in parentheses: (2020), (2020, March), (2020, March 5) / (2020, 5 mars), or (n.d.). */
export function apaDate(value: string | null, locale: Locale): string {
  if (!value) return `(${words[locale].noDate})`;
  const match = DATE.exec(value);
  if (!match) return `(${value})`;
  const [, y, m, d] = match;
  if (m === undefined) return `(${y})`;
  const month = months[locale][Number(m) - 1] ?? m;
  if (d === undefined) return `(${y}, ${month})`;
  const day = Number(d);
  return locale === 'fr' ? `(${y}, ${day === 1 ? '1er' : day} ${month})` : `(${y}, ${month} ${day})`;
}

/** A full date in running text: March 5, 2024 / 5 mars 2024. */
export function longDate(value: string, locale: Locale): string {
  const match = DATE.exec(value);
  if (!match || match[2] === undefined || match[3] === undefined) return value;
  const month = months[locale][Number(match[2]) - 1] ?? match[2];
  const day = Number(match[3]);
  return locale === 'fr' ? `${day === 1 ? '1er' : day} ${month} ${match[1]}` : `${month} ${day}, ${match[1]}`;
}

/** Builds runs, adding the closing period of an element unless it already ends a sentence. */
class Runs {
  readonly parts: ApaPart[] = [];

  add(text: string, italic = false): this {
    if (text === '') return this;
    const last = this.parts[this.parts.length - 1];
    if (last && last.italic === italic) last.text += text;
    else this.parts.push({ text, italic });
    return this;
  }

  /** An element followed by a period (and a space before the next one). */
  element(text: string | null | undefined, italic = false): this {
    if (!text) return this;
    this.space();
    this.add(text, italic);
    if (!/[.?!]$/.test(text)) this.add('.');
    return this;
  }

  space(): this {
    if (this.parts.length > 0) this.add(' ');
    return this;
  }

  done(): Apa {
    const parts = this.parts.map((part) => ({ ...part }));
    return { text: parts.map((part) => part.text).join(''), parts };
  }
}

const pagesText = (pages: string, locale: Locale) => `${pages.includes('-') ? words[locale].pages : words[locale].page} ${pages.replace('-', '–')}`;

/** The reference in APA 7 style, in English or French. */
export function renderApa(source: SourceFields, locale: Locale): Apa {
  const w = words[locale];
  const runs = new Runs();
  const date = apaDate(source.publicationDate ?? (source.releaseYear ? String(source.releaseYear) : null), locale);
  const link = () => {
    if (!source.url) return;
    runs.space();
    if (source.accessDate) runs.add(w.retrieved(longDate(source.accessDate, locale), source.url));
    else runs.add(source.url);
  };

  switch (source.type) {
    case ReferenceType.Book:
      runs.element(source.author).element(date).element(source.title, true).element(source.publisher);
      link();
      break;
    case ReferenceType.Periodical: {
      runs.element(source.title, true).element(date);
      if (source.frequency) runs.element(`[${w.frequency[source.frequency]}]`);
      runs.element(source.publisher);
      link();
      break;
    }
    case ReferenceType.Article: {
      runs.element(source.author).element(date).element(source.articleTitle ?? source.title);
      runs.space().add(source.periodicalTitle ?? '', true);
      if (source.volume) runs.add(', ').add(source.volume, true);
      if (source.issue) runs.add(`(${source.issue})`);
      if (source.pages) runs.add(`, ${source.volume || source.issue ? source.pages.replace('-', '–') : pagesText(source.pages, locale)}`);
      runs.add('.');
      link();
      break;
    }
    case ReferenceType.Website:
      runs.element(source.author).element(date).element(source.title, true).element(source.publisher);
      link();
      break;
    case ReferenceType.Film:
      runs.element(source.director ? `${source.director} (${w.director})` : null).element(date);
      runs.space().add(source.title ?? '', true).add(` [${w.film}].`);
      runs.element(source.productionCompany);
      link();
      break;
    default:
      runs.element(source.author).element(date);
      runs.space().add(source.title ?? '', true);
      if (source.description) runs.add(` [${source.description}]`);
      runs.add('.');
      runs.element(source.publisher);
      link();
  }
  return runs.done();
}
