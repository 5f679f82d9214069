/**
 * The browser's stand-in for `qs`, which InstantSearch's history router imports for the
 * addresses it writes and reads by default. The gallery writes and reads its own (`createURL`
 * and `parseURL` in components/gallery/gallery.tsx), so qs never runs there; next.config.ts
 * puts this module in its place in the browser, which spares the gallery's chunk qs and the
 * packages it brings (about 15 kB gzipped). Called all the same, it says why.
 */
function unused(): never {
  throw new Error('qs is left out of the browser (next.config.ts): give the InstantSearch router its own createURL and parseURL.');
}

export default { stringify: unused, parse: unused };
