import { stemmer } from 'stemmer';
import type { Product } from './catalogue';

// docs/product.md#search-matching: the one matcher of the shop's search. The header's suggestions, the home
// page's results and the server-rendered `/?q=…` page all call it, so they always agree. The browser loads it
// in a chunk of its own (web/features/search/product-matcher.ts); what the URL needs is search-query.ts.

export const MAX_SUGGESTIONS = 6;

/** A typo is forgiven only in words this long: shorter ones would match nearly any short word. */
const MIN_TYPO_WORD_LENGTH = 3;
/** ...and in a word still being typed (a typo in the start of a longer word) only from this long. */
const MIN_TYPO_PREFIX_LENGTH = 4;

/**
 * Our product words that name the same thing, each read as the first. Shoppers call the mittens mitts,
 * mittens or gloves (the category is "gloves"); plurals of other words lose their "s" by rule below.
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  mitten: 'mitt',
  mittens: 'mitt',
  mitts: 'mitt',
  glove: 'mitt',
  gloves: 'mitt',
};

/** Lower case without accents ("Mítten" is "mitten"), as words of letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-IN')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A word's base form: its synonym's, or without a plural "s" ("skins" is "skin", "glass" stays). */
function baseForm(word: string): string {
  const synonym = SYNONYMS[word];
  if (synonym) return synonym;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function formsOf(word: string): string[] {
  const base = baseForm(word);
  return base === word ? [word] : [word, base];
}

/**
 * Whether two words are at most one letter apart: one letter more, less or changed (a Levenshtein distance of
 * at most 1). Written here, not a library's full edit distance: this one check is all the search needs, and
 * the search box is in the first load (docs/operations.md#performance-budget).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  let start = 0;
  while (start < shorter.length && shorter[start] === longer[start]) start++;
  // After the first difference the rest must be equal: skipping the longer's letter, or both (a change).
  const skip = shorter.length === longer.length ? 1 : 0;
  return shorter.slice(start + skip) === longer.slice(start + 1);
}

/** A typed word matches a product's word that it begins, or that is one letter away (one typo). */
function wordMatches(typed: string, candidate: string): boolean {
  if (candidate.startsWith(typed)) return true;
  if (typed.length < MIN_TYPO_WORD_LENGTH) return false;
  // One letter more, less or changed ("sofy" for "soft"), also in the start of a longer word ("sensa…").
  if (withinOneEdit(typed, candidate)) return true;
  return typed.length >= MIN_TYPO_PREFIX_LENGTH && withinOneEdit(typed, candidate.slice(0, typed.length));
}

function searchableWords(product: Product): string[] {
  return [product.title, product.description, product.category].flatMap(searchWords).flatMap(formsOf);
}

/**
 * Whether every word of the query matches a word of the product's title, description or category: as typed
 * (its start, or with one typo), or by its stem, which must be the product word's stem exactly.
 */
export function productMatches(product: Product, query: string): boolean {
  const typedWords = searchWords(query);
  if (typedWords.length === 0) return true;
  const words = searchableWords(product);
  // Porter's stemmer: "exfoliating", "exfoliation" and "exfoliates" are all "exfoli".
  const stems = new Set(words.map(stemmer));
  return typedWords.every(
    (typed) =>
      formsOf(typed).some((form) => words.some((word) => wordMatches(form, word))) ||
      stems.has(stemmer(baseForm(typed))),
  );
}

/** The products the query finds, in the order given; all of them for an empty query. */
export function matchProducts<T extends Product>(products: readonly T[], query: string): T[] {
  return products.filter((product) => productMatches(product, query));
}

/** The first few products the query finds, for the search box's list; none for an empty query. */
export function suggestProducts<T extends Product>(products: readonly T[], query: string): T[] {
  if (searchWords(query).length === 0) return [];
  return matchProducts(products, query).slice(0, MAX_SUGGESTIONS);
}

/** The product whose whole title is the query, whatever its case, accents and spaces. */
export function findByExactTitle<T extends Product>(products: readonly T[], query: string): T | undefined {
  const typed = searchWords(query).join(' ');
  if (typed === '') return undefined;
  return products.find((product) => searchWords(product.title).join(' ') === typed);
}
