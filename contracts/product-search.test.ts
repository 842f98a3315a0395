import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue';
import {
  findByExactTitle,
  matchProducts,
  searchWords,
  suggestProducts,
  withinOneEdit,
} from './product-search';
import { searchPath } from './search-query';

/** Only what the matcher reads; the shop's seven mittens with their own words (server/db/seed-products.ts). */
function mitt(id: number, title: string, category: string, description: string): Product {
  return { id, title, category, description } as Product;
}

const catalogue: readonly Product[] = [
  mitt(
    1,
    'Face Mitt',
    'bath',
    'A small, round ivory silk mitt with a finger strap, sized for the face and neck.',
  ),
  mitt(2, 'For Normal Skin', 'gloves', 'A sand-beige woven silk bath mitt with a medium texture.'),
  mitt(3, 'For Sensitive Skin', 'bath', 'A soft pink silk mitt with a gentler, looser weave.'),
  mitt(4, 'Luxury Mitt', 'premium', 'Our champagne-gold luxury mitt in a denser silk weave.'),
  mitt(5, 'Luxury Soft Mitt', 'gloves', 'The luxury mitt in pearl lilac, woven for a softer touch.'),
  mitt(6, 'Soft Mitt', 'premium', 'A sage-green silk mitt with a soft weave for gentle exfoliation.'),
  mitt(7, 'Luxury Mitt Black', 'premium', 'Our luxury mitt in charcoal black silk with gold stitching.'),
];
const all = [1, 2, 3, 4, 5, 6, 7];

const ids = (products: readonly { id: number }[]) => products.map((product) => product.id);
const found = (query: string) => ids(matchProducts(catalogue, query));

describe('matchProducts', () => {
  it('finds every mitten by the words shoppers use for them, singular or plural, in any case', () => {
    for (const query of ['mitten', 'mittens', 'mitt', 'mitts', 'glove', 'gloves', 'GLOVES', 'Mittens']) {
      expect(found(query), query).toEqual(all);
    }
  });

  it('reads the title, the description and the category', () => {
    expect(found('Black')).toEqual([7]);
    expect(found('gentle')).toEqual([3, 6]);
    expect(found('premium')).toEqual([4, 6, 7]);
    expect(found('bath')).toEqual([1, 2, 3]);
  });

  it('finds a word by its start, and with one letter wrong, missing or extra', () => {
    expect(found('soft')).toEqual([3, 5, 6]);
    expect(found('sof')).toEqual([3, 5, 6]);
    expect(found('sotf')).toEqual([]);
    expect(found('sofy')).toEqual([3, 5, 6]);
    expect(found('luxery')).toEqual([4, 5, 7]);
    expect(found('sensitve')).toEqual([3]);
    expect(found('sensatvie')).toEqual([]);
  });

  it('ignores accents, the spaces and signs around words, and a plural s', () => {
    expect(found('  Séñsitive ')).toEqual([3]);
    expect(found('LÚXURY-MITT')).toEqual([4, 5, 7]);
    expect(found('skins')).toEqual([2, 3]);
  });

  it('finds other words of one stem: exfoliating, exfoliation, exfoliate (issue 45)', () => {
    for (const query of [
      'exfoliating',
      'exfoliation',
      'exfoliate',
      'exfoliates',
      'Exfoliated',
      'exfoliator',
    ]) {
      expect(found(query), query).toEqual([6]);
    }
    // Porter's stems, matched whole: "weaving" is "weave"'s "weav"; "knitting" is "knit", no product's word.
    expect(found('weaving')).toEqual([3, 4, 6]);
    expect(found('knitting')).toEqual([]);
  });

  it("finds the mittens by the hero's own words, 'Silk exfoliating bath mittens'", () => {
    // The seed's own descriptions (server/db/seed-products.ts) of two of the mittens.
    const seeded = [
      mitt(
        2,
        'For Normal Skin',
        'bath',
        'A sand-beige woven silk bath mitt with a medium texture for full-body exfoliation.',
      ),
      mitt(
        3,
        'For Sensitive Skin',
        'bath',
        'A soft pink silk mitt. It exfoliates with light pressure and no scrub or soap.',
      ),
    ];
    expect(ids(matchProducts(seeded, 'exfoliating'))).toEqual([2, 3]);
    expect(ids(matchProducts(seeded, 'Silk exfoliating bath mittens'))).toEqual([2, 3]);
  });

  it('needs every word of the query', () => {
    expect(found('soft luxury')).toEqual([5]);
    expect(found('black soft')).toEqual([]);
  });

  it('forgives no typo in a word of one or two letters', () => {
    expect(found('zz')).toEqual([]);
    expect(found('x')).toEqual([]);
  });

  it('keeps every product, in the order given, for an empty query', () => {
    expect(found('   ')).toEqual(all);
    expect(ids(matchProducts([...catalogue].reverse(), ''))).toEqual([...all].reverse());
  });

  it('finds a product by any word of its title, whatever its case or accents (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...catalogue),
        fc.nat(),
        fc.boolean(),
        fc.nat(),
        (product, wordIndex, upper, prefixCut) => {
          const words = searchWords(product.title);
          const word = words[wordIndex % words.length] ?? '';
          // Any start of at least 3 letters, in either case.
          const start = word.slice(0, Math.max(3, word.length - (prefixCut % word.length)));
          const typed = upper ? start.toUpperCase() : start;
          expect(found(typed)).toContain(product.id);
        },
      ),
    );
  });

  it('finds the same products with a query and its accented or padded form (property)', () => {
    const accents: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ', c: 'ç' };
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ]{0,12}$/), (query) => {
        const accented = ` ${query.replace(/[aeioun c]/g, (letter) => accents[letter] ?? letter)}  `;
        expect(found(accented)).toEqual(found(query));
      }),
    );
  });
});

describe('suggestProducts', () => {
  it('suggests the first six results, in the order given', () => {
    expect(ids(suggestProducts(catalogue, 'mitts'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(suggestProducts([...catalogue].reverse(), 'mitts'))).toEqual([7, 6, 5, 4, 3, 2]);
  });

  it('agrees with the results: always their start (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ]{1,8}$/), (query) => {
        const results = matchProducts(catalogue, query);
        if (query.trim() === '') return;
        expect(suggestProducts(catalogue, query)).toEqual(results.slice(0, 6));
      }),
    );
  });

  it('suggests nothing for an empty query', () => {
    expect(suggestProducts(catalogue, ' ')).toEqual([]);
  });
});

describe('findByExactTitle', () => {
  it('finds the product whose whole title is the query, whatever its case, accents and spaces', () => {
    expect(findByExactTitle(catalogue, ' soft  mitt ')?.id).toBe(6);
    expect(findByExactTitle(catalogue, 'FACE MÍTT')?.id).toBe(1);
  });

  it('finds nothing for part of a title or an empty query', () => {
    expect(findByExactTitle(catalogue, 'Luxury')).toBeUndefined();
    expect(findByExactTitle(catalogue, '  ')).toBeUndefined();
  });
});

describe('searchPath', () => {
  it('puts the query in the home page URL, none for an empty one', () => {
    expect(searchPath('soft mitt')).toBe('/?q=soft%20mitt');
    expect(searchPath('a&b=c')).toBe('/?q=a%26b%3Dc');
    expect(searchPath('')).toBe('/');
  });
});

/** The textbook edit distance, to check the shortcut against. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, change));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

describe('withinOneEdit', () => {
  it('says two words are at most one letter apart exactly when their edit distance is at most 1 (property)', () => {
    const word = fc.stringMatching(/^[abc]{0,6}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinOneEdit(a, b)).toBe(levenshtein(a, b) <= 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts a letter more, less or changed, not two swapped', () => {
    expect(withinOneEdit('soft', 'soft')).toBe(true);
    expect(withinOneEdit('sof', 'soft')).toBe(true);
    expect(withinOneEdit('sofft', 'soft')).toBe(true);
    expect(withinOneEdit('sofy', 'soft')).toBe(true);
    expect(withinOneEdit('sfot', 'soft')).toBe(false);
  });
});
