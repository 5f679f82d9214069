import { describe, expect, it } from 'vitest';
import { correctQuery, matchedWords, typoBudget } from './did-you-mean';

const whole = (...words: string[]) => words.map((word) => ({ text: word, word }));

describe('matchedWords', () => {
  it('reads the marked text and its whole word, counting the engine offsets in UTF-8 bytes', () => {
    const hit = { title: 'Café Über blue seascape', colours: ['red', 'blue'], main_image: '/media/art/seascape.jpg' };
    const positions = {
      title: [{ start: 6, length: 5 }, { start: 17, length: 3 }],
      colours: [{ start: 0, length: 4, indices: [1] }],
      // Not a searched attribute: the engine marks it, the correction does not read it.
      main_image: [{ start: 11, length: 8 }],
    };
    expect(matchedWords(hit, positions)).toEqual([
      { text: 'Über', word: 'Über' },
      { text: 'sea', word: 'seascape' },
      { text: 'blue', word: 'blue' },
    ]);
  });
});

describe('typoBudget', () => {
  it('follows the index settings: one typo from 4 letters, two from 8, none in numbers', () => {
    expect([typoBudget('red'), typoBudget('blue'), typoBudget('seascape'), typoBudget('12345678')]).toEqual([0, 1, 2, 0]);
  });
});

describe('correctQuery', () => {
  it('replaces a word matched only through a typo by the word the engine matched', () => {
    expect(correctQuery('sesacape', whole('seascape'))).toBe('seascape');
    expect(correctQuery('pantings', whole('painting'))).toBe('painting');
  });

  it('keeps the words that matched as typed, and their spelling', () => {
    expect(correctQuery('Blue sesacape', whole('blue', 'seascape'))).toBe('Blue seascape');
    expect(correctQuery('seascape', whole('seascape'))).toBeNull();
    expect(correctQuery('Über', whole('uber'))).toBeNull();
  });

  it('takes the last word as a prefix, typed or with a typo, and offers the whole word', () => {
    expect(correctQuery('sea', [{ text: 'sea', word: 'seascape' }])).toBeNull();
    expect(correctQuery('photgraph', [{ text: 'photograp', word: 'photography' }])).toBe('photography');
  });

  it('pairs each misspelt word with its nearest matched word', () => {
    expect(correctQuery('landscpe portrat', whole('portrait', 'landscape'))).toBe('landscape portrait');
  });

  it('keeps a word that reached nothing within the typo budget', () => {
    expect(correctQuery('zzzzzz', whole('seascape'))).toBeNull();
    expect(correctQuery('bleu', whole('blue', 'green'))).toBe('blue');
    expect(correctQuery('rde', whole('red'))).toBeNull();
  });
});
