import { foldAccents, lexeme, MAX_SEARCH_TERMS, searchTerms, STOP_WORDS, tsquery } from '../src/domain/search-query.js';

const lexemes = (input: string) => searchTerms(input).map(lexeme);

describe('accent folding', () => {
  it('folds accents, capitals and ligatures as the database does', () => {
    expect(foldAccents('Écologie')).toBe(foldAccents('ecologie'));
    expect(foldAccents('Écologie')).toBe('ecologie');
    expect(foldAccents('ÉTÉ À Noël, garçon')).toBe('ete a noel, garcon');
    expect(foldAccents('Œuvre et Ærø, Straße')).toBe('oeuvre et aero, strasse');
    expect(foldAccents('l’école')).toBe("l'ecole");
  });
});

describe('query building', () => {
  it('makes the last word a prefix while it is being typed, and a whole word once the text goes on', () => {
    expect(lexemes('pistes cycla')).toEqual(['pistes', 'cycla:*']);
    expect(lexemes('pistes cyclables ')).toEqual(['pistes', 'cyclables']);
    expect(lexemes('pistes cyclables.')).toEqual(['pistes', 'cyclables']);
  });

  it('drops the stop words of both languages and single letters', () => {
    expect(lexemes('Les vélos dans la ville ')).toEqual(['velos', 'ville']);
    expect(lexemes('The bicycles of the city ')).toEqual(['bicycles', 'city']);
    expect(lexemes("L'été à vélo")).toEqual(['velo:*']);
    expect(lexemes('le la les the a ')).toEqual([]);
    expect(STOP_WORDS.has('etaient')).toBe(true);
  });

  it('keeps only letters and digits: quotes and operators typed cannot break the query', () => {
    expect(lexemes(`"vélo" & !bus | (tram):* <-> 'métro' \\ ; DROP TABLE law; --`)).toEqual(['velo', 'bus', 'tram', 'metro', 'drop', 'table', 'law']);
    expect(lexemes(`'); SELECT 1; --`)).toEqual(['select']);
    expect(lexemes('5G :*:* &&')).toEqual(['5g']);
    for (const term of searchTerms(`a&b|c!d:*e'f"g(h)i<j>k`)) expect(term.word).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it('keeps each word once, in the order typed, at most the maximum, with the word being typed', () => {
    expect(lexemes('bus tram bus tra')).toEqual(['bus', 'tram', 'tra:*']);
    const many = Array.from({ length: 20 }, (_, i) => `mot${i}`).join(' ');
    const terms = searchTerms(many);
    expect(terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms.at(-1)).toEqual({ word: 'mot19', prefix: true });
    expect(searchTerms(`${many} `).at(-1)).toEqual({ word: `mot${MAX_SEARCH_TERMS - 1}`, prefix: false });
  });

  it('sends each term as a parameter, in French or English, all required or any', () => {
    const all = tsquery(searchTerms('velo bus'), 'all');
    expect(all.text).toBe("((to_tsquery('french', $1) || to_tsquery('english', $2)) && (to_tsquery('french', $3) || to_tsquery('english', $4)))");
    expect(all.values).toEqual(['velo', 'velo', 'bus:*', 'bus:*']);
    expect(tsquery(searchTerms('velo bus'), 'any').text).toContain(') || (');
    expect(tsquery([], 'any').text).toBe("''::tsquery");
    expect(tsquery([], 'any').values).toEqual([]);
  });
});
