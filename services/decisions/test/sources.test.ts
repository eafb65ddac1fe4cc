import { validPages, validUrl } from '@civic/contracts';
import { emptySource, renderApa, validateSource, validDate, type SourceFields, type SourceInput } from '../src/domain/sources.js';

const empty = emptySource(1);
const source = (fields: Partial<SourceFields>): SourceFields => ({ ...empty, ...fields });

describe('APA 7 per type, in English and French', () => {
  const cases: [string, SourceFields, string, string][] = [
    [
      'book',
      source({ type: 1, author: 'Rousseau, J.-J.', publicationDate: '1762', title: 'Du contrat social', publisher: 'Marc-Michel Rey' }),
      'Rousseau, J.-J. (1762). Du contrat social. Marc-Michel Rey.',
      'Rousseau, J.-J. (1762). Du contrat social. Marc-Michel Rey.',
    ],
    [
      'periodical',
      source({ type: 2, title: 'Le Monde diplomatique', publicationDate: '2024-03', frequency: 3, publisher: 'Le Monde' }),
      'Le Monde diplomatique. (2024, March). [Monthly periodical]. Le Monde.',
      'Le Monde diplomatique. (2024, mars). [Périodique mensuel]. Le Monde.',
    ],
    [
      'article',
      source({
        type: 3,
        author: 'Ostrom, E.',
        publicationDate: '2010-06-01',
        articleTitle: 'Beyond markets and states',
        periodicalTitle: 'American Economic Review',
        volume: '100',
        issue: '3',
        pages: '641-672',
        url: 'https://doi.org/10.1257/aer.100.3.641',
      }),
      'Ostrom, E. (2010, June 1). Beyond markets and states. American Economic Review, 100(3), 641–672. https://doi.org/10.1257/aer.100.3.641',
      'Ostrom, E. (2010, 1er juin). Beyond markets and states. American Economic Review, 100(3), 641–672. https://doi.org/10.1257/aer.100.3.641',
    ],
    [
      'website',
      source({ type: 4, author: 'Insee', publicationDate: '2023-11-14', title: 'Population légale', publisher: 'Insee', url: 'https://www.insee.fr/fr/statistiques', accessDate: '2024-02-05' }),
      'Insee. (2023, November 14). Population légale. Insee. Retrieved February 5, 2024, from https://www.insee.fr/fr/statistiques',
      'Insee. (2023, 14 novembre). Population légale. Insee. Consulté le 5 février 2024, à l’adresse https://www.insee.fr/fr/statistiques',
    ],
    [
      'film',
      source({ type: 5, director: 'Varda, A.', releaseYear: 1985, title: 'Sans toit ni loi', productionCompany: 'Ciné-Tamaris' }),
      'Varda, A. (Director). (1985). Sans toit ni loi [Film]. Ciné-Tamaris.',
      'Varda, A. (Réalisateur). (1985). Sans toit ni loi [Film]. Ciné-Tamaris.',
    ],
    [
      'other',
      source({ type: 6, author: 'City council', title: 'Minutes of the meeting', description: 'Unpublished minutes', publisher: 'Town hall' }),
      'City council. (n.d.). Minutes of the meeting [Unpublished minutes]. Town hall.',
      'City council. (s. d.). Minutes of the meeting [Unpublished minutes]. Town hall.',
    ],
  ];

  it.each(cases)('renders a %s', (_type, fields, en, fr) => {
    expect(renderApa(fields, 'en').text).toBe(en);
    expect(renderApa(fields, 'fr').text).toBe(fr);
  });

  it('sets titles of books, periodicals, websites and films in italics, and an article’s periodical and volume', () => {
    const italic = (fields: SourceFields) => renderApa(fields, 'en').parts.filter((part) => part.italic).map((part) => part.text);
    expect(italic(cases[0]![1])).toEqual(['Du contrat social']);
    expect(italic(cases[2]![1])).toEqual(['American Economic Review', '100']);
    expect(italic(cases[4]![1])).toEqual(['Sans toit ni loi']);
    const apa = renderApa(cases[3]![1], 'fr');
    expect(apa.parts.map((part) => part.text).join('')).toBe(apa.text);
  });

  it('does not double the period after a title that ends a sentence, and writes single pages with p.', () => {
    expect(renderApa(source({ type: 1, author: 'Doe, J.', title: 'Why vote?', publisher: 'Press' }), 'en').text).toBe('Doe, J. (n.d.). Why vote? Press.');
    expect(renderApa(source({ type: 3, articleTitle: 'A note', periodicalTitle: 'Review', pages: '55' }), 'en').text).toBe('(n.d.). A note. Review, p. 55.');
    expect(renderApa(source({ type: 3, articleTitle: 'A note', periodicalTitle: 'Revue', pages: '55-75' }), 'fr').text).toBe('(s. d.). A note. Revue, p. 55–75.');
  });
});

describe('source validation (the form messages of docs/product.md)', () => {
  const book: SourceInput = { type: 1, title: 'Du contrat social', author: 'Rousseau, J.-J.' };

  it('accepts a valid source and normalizes it', () => {
    const checked = validateSource({ ...book, publisher: '  Rey  ', releaseYear: null, pages: '', volume: '12' });
    expect(checked).toMatchObject({ ok: true, fields: { type: 1, publisher: 'Rey', pages: null, volume: '12' } });
  });

  it.each([
    ['an unknown type', { ...book, type: 7 }, 'type', 'invalidType'],
    ['a type as text', { ...book, type: 'book' }, 'type', 'invalidType'],
    ['a missing type', { title: 'x' }, 'type', 'required'],
    ['a bad URL', { ...book, url: 'not a url' }, 'url', 'invalidUrl'],
    ['a URL that is not http', { ...book, url: 'javascript:alert(1)' }, 'url', 'invalidUrl'],
    ['a bad publication date', { ...book, publicationDate: '2024-02-30' }, 'publicationDate', 'invalidDate'],
    ['an access date without its day', { ...book, accessDate: '2024-02' }, 'accessDate', 'invalidDate'],
    ['a volume that is no number', { ...book, volume: 'IV' }, 'volume', 'invalidNumber'],
    ['an issue that is no number', { ...book, issue: '3a' }, 'issue', 'invalidNumber'],
    ['a release year that is no number', { ...book, releaseYear: 'nineteen' }, 'releaseYear', 'invalidNumber'],
    ['pages in a bad format', { ...book, pages: 'p. 55' }, 'pages', 'invalidPagesFormat'],
    ['a reversed page range', { ...book, pages: '75-55' }, 'pages', 'invalidPagesFormat'],
    ['an unknown frequency', { ...book, frequency: 6 }, 'frequency', 'invalidType'],
    ['a missing author of a book', { type: 1, title: 'x' }, 'author', 'required'],
    ['a missing URL of a website', { type: 4, title: 'x' }, 'url', 'required'],
    ['a missing director of a film', { type: 5, title: 'x' }, 'director', 'required'],
    ['a missing periodical title of an article', { type: 3, articleTitle: 'x' }, 'periodicalTitle', 'required'],
    ['a title too long', { ...book, title: 'x'.repeat(257) }, 'title', 'maxLength'],
  ] as [string, SourceInput, string, string][])('names %s', (_name, input, field, message) => {
    const checked = validateSource(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('reports every problem at once, in form order', () => {
    const checked = validateSource({ type: 4, url: 'nope', pages: '5-', accessDate: 'yesterday' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems.map((problem) => `${problem.field}:${problem.message}`)).toEqual(['title:required', 'url:invalidUrl', 'accessDate:invalidDate', 'pages:invalidPagesFormat']);
  });

  it('knows dates, URLs and pages', () => {
    expect(['2024', '2024-02', '2024-02-29', '1999-12-31'].every((value) => validDate(value))).toBe(true);
    expect(['24', '2023-02-29', '2024-13', '2024-1-1', '0999'].some((value) => validDate(value))).toBe(false);
    expect(validUrl('https://example.org/a?b=c')).toBe(true);
    expect(validUrl('https://localhost')).toBe(false);
    expect(validPages('55') && validPages('55-75')).toBe(true);
    expect(validPages('0') || validPages('55–75') || validPages('a-b')).toBe(false);
  });
});
