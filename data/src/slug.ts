/**
 * Text -> the catalogue's slug spelling: 'Évening Light, No. 2' -> 'evening-light-no-2'. Accents
 * and punctuation go, so a slug is also how artist search matches names as shoppers type them.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
