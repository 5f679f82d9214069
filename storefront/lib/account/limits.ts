/**
 * The longest "about you" a profile holds: the profile endpoint refuses more (account.ts) and
 * the form stops typing there. Here without schemas, since the form is on every page.
 */
export const ABOUT_MAX_LENGTH = 500;
