import { Faker, base, de, en, en_AU, en_CA, en_GB, en_IE, en_US, es, fr, it, nl, pt_PT, sv } from '@faker-js/faker';
import type { ImageKind } from '@easel/shared/media';
import { slugify } from '../slug';
import {
  CATEGORIES, COLOUR_VALUES, SHIPPING_COUNTRIES, STYLES, SUBJECTS,
  type ArtworkStatus, type Category, type Colour, type ShippingCountry, type Subject,
} from '@easel/shared/vocabulary';
import {
  ARTIST_COUNTRIES, ART_SCHOOLS, CATEGORY_WEIGHTS, FIRST_COURSES, GROUP_SHOW_TITLES, MEDIUMS, NAME_LOCALES, POSTGRADUATE_COURSES,
  PRACTICE_SENTENCES, PRINT_SIZES, SOLO_SHOW_TITLES, STYLE_PHRASES, SUBJECT_PHRASES, SUBJECT_WORDS, TITLE_QUALIFIERS, VENUE_KINDS, VENUE_WORDS,
} from './words';

/** Dates are spread back from a fixed day, so the same seed gives the same catalogue on any day. */
const CATALOGUE_EPOCH = Date.UTC(2026, 5, 1);
const EPOCH_YEAR = new Date(CATALOGUE_EPOCH).getUTCFullYear();
const DAY_MS = 86_400_000;

export interface CatalogueOptions {
  seed: number;
  artworks: number;
  /** Defaults to one artist per 12.5 artworks. */
  artists?: number;
}

export interface GeneratedArtist {
  id: number;
  slug: string;
  name: string;
  bio: string;
  country: ShippingCountry;
  city: string;
  avatarSeed: number;
  joinedAt: string;
  popularity: number;
  /** Price multiplier: most artists 1, a few established names several times that. */
  renown: number;
  shipping: { profileId: number; shipsFrom: ShippingCountry; dispatchDays: number; rates: { destination: ShippingCountry; costMinor: number }[] };
  /** Oldest first. */
  education: { institution: string; course: string; year: number }[];
  /** Newest first. */
  exhibitions: { year: number; title: string; venue: string; city: string; kind: 'solo' | 'group' }[];
}

export interface GeneratedArtwork {
  id: number;
  slug: string;
  artistId: number;
  shippingProfileId: number;
  title: string;
  description: string;
  category: Category;
  subcategory: string;
  subject: Subject;
  style: (typeof STYLES)[number];
  medium: string;
  widthCm: number;
  heightCm: number;
  depthCm: number;
  priceMinor: number;
  salePriceMinor: number | null;
  framed: boolean;
  readyToHang: boolean;
  verifiedAdvertisingSafe: boolean;
  autoTags: string[];
  status: ArtworkStatus;
  favouriteCount: number;
  popularity: number;
  createdAt: string;
  colours: Colour[];
  images: { kind: ImageKind; seed: number; aspectMilli: number }[];
  prints: { sizeLabel: string; widthCm: number; heightCm: number; priceMinor: number; editionSize: number; remaining: number }[];
}

export interface ArtistBundle {
  artist: GeneratedArtist;
  artworks: GeneratedArtwork[];
}

const LOCALE_DEFINITIONS = { fr, de, it, es, nl, pt_PT, sv, en_US, en_IE, en_CA, en_AU } as const;

/**
 * The demo catalogue as a pure function of its options: { seed: 1, artworks: 10_000 } yields
 * about 800 artists with their works, identical on every run.
 */
export function* generateCatalogue(options: CatalogueOptions): Generator<ArtistBundle> {
  const artistCount = options.artists ?? Math.max(1, Math.round(options.artworks / 12.5));
  const f = new Faker({ locale: [en_GB, en, base], seed: options.seed });
  // CVs draw from a stream of their own, so adding them left the rest of the catalogue as it was.
  const cvFaker = new Faker({ locale: [en_GB, en, base] });
  cvFaker.seed([options.seed, 17]);
  const namers = new Map<string, Faker>();
  const namerFor = (country: ShippingCountry): Faker => {
    const code = NAME_LOCALES[country];
    if (!code) return f;
    let namer = namers.get(code);
    if (!namer) {
      namer = new Faker({ locale: [LOCALE_DEFINITIONS[code], en, base], seed: options.seed });
      namers.set(code, namer);
    }
    return namer;
  };

  const perArtist = splitSkewed(f, options.artworks, artistCount);
  const artistSlugs = new Set<string>();
  const artworkSlugs = new Set<string>();
  let artworkId = 0;

  for (let a = 0; a < artistCount; a++) {
    const artist = makeArtist(f, cvFaker, namerFor, a + 1, artistSlugs);
    const artworks: GeneratedArtwork[] = [];
    const focus = pickCategory(f);
    for (let i = 0; i < (perArtist[a] ?? 0); i++) {
      artworkId += 1;
      artworks.push(makeArtwork(f, artist, artworkId, f.datatype.boolean(0.75) ? focus : pickCategory(f), artworkSlugs));
    }
    yield { artist, artworks };
  }
}

/** Splits a total over n buckets with a long tail: a few prolific artists, many with a handful. */
function splitSkewed(f: Faker, total: number, n: number): number[] {
  const weights = Array.from({ length: n }, () => 1 / Math.pow(f.number.float({ min: 0.05, max: 1 }), 0.9));
  const sum = weights.reduce((s, w) => s + w, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let rest = total - counts.reduce((s, c) => s + c, 0);
  for (let i = 0; rest > 0; i = (i + 1) % n, rest--) counts[i] = (counts[i] ?? 0) + 1;
  return counts;
}

function makeArtist(
  f: Faker,
  cvFaker: Faker,
  namerFor: (c: ShippingCountry) => Faker,
  id: number,
  slugs: Set<string>,
): GeneratedArtist {
  const home = f.helpers.weightedArrayElement(ARTIST_COUNTRIES.map((c) => ({ weight: c.weight, value: c })));
  // First and last name only: fullName() adds titles such as 'Mr.' or 'Ing.'.
  const namer = namerFor(home.country);
  const name = `${namer.person.firstName()} ${namer.person.lastName()}`;
  const city = f.helpers.arrayElement(home.cities);
  const shipsFrom = f.datatype.boolean(0.93) ? home.country : f.helpers.arrayElement(SHIPPING_COUNTRIES);
  const joinedAt = new Date(CATALOGUE_EPOCH - f.number.int({ min: 30, max: 9 * 365 }) * DAY_MS);
  const years = f.number.int({ min: 2, max: 30 });
  const route = f.helpers.arrayElement([
    'after studying fine art', 'after a career in architecture', 'as a self-taught painter',
    'after an MA at the Royal College of Art', 'from a studio by the sea', 'from a shared studio in the city',
  ]);
  const cv = makeCv(cvFaker, { city, country: home.country, since: EPOCH_YEAR - years, route });
  return {
    id,
    slug: uniqueSlug(name, slugs),
    name,
    bio: `${name} is an artist based in ${city}, working for ${years} years ${route}. ${f.helpers.arrayElement([
      'The work is about light and the way places change through the day.',
      'Most pieces begin as drawings made outdoors and are finished slowly in the studio.',
      'Colour comes first; the subject follows.',
      'Every piece is made by hand, one at a time, and signed.',
      'Exhibited widely, with work in private collections across Europe and North America.',
    ])}${cv.practice}`,
    country: home.country,
    city,
    avatarSeed: f.number.int({ min: 0, max: 2 ** 31 - 1 }),
    joinedAt: joinedAt.toISOString(),
    popularity: Math.round(1000 * Math.pow(f.number.float({ min: 0, max: 1 }), 3)),
    renown: f.helpers.weightedArrayElement([{ weight: 92, value: 1 }, { weight: 6, value: 2.5 }, { weight: 2, value: 6 }]),
    // One to five working days to dispatch, spread by id so the random stream stays as it was.
    shipping: { profileId: id, shipsFrom, dispatchDays: 1 + (id % 5), rates: makeShippingRates(f, shipsFrom) },
    education: cv.education,
    exhibitions: cv.exhibitions,
  };
}

/**
 * A CV that agrees with the biography: education finished the year the artist started working
 * (none for the self-taught, the Royal College of Art for its MA), exhibitions after it, newest
 * first, group shows before any solo one; about one artist in five has not shown yet. Also a
 * second paragraph for the biography, about the practice and a recent show.
 */
function makeCv(
  f: Faker,
  artist: { city: string; country: ShippingCountry; since: number; route: string },
): Pick<GeneratedArtist, 'education' | 'exhibitions'> & { practice: string } {
  const schools = [...(ART_SCHOOLS[artist.country] ?? []), ...(ART_SCHOOLS.any ?? [])];
  const education: GeneratedArtist['education'] = [];
  const graduated = Math.min(artist.since, EPOCH_YEAR - 1);
  if (artist.route === 'after an MA at the Royal College of Art') {
    education.push({ institution: f.helpers.arrayElement(schools.filter((s) => s !== 'Royal College of Art')), course: f.helpers.arrayElement(FIRST_COURSES), year: graduated - f.number.int({ min: 2, max: 5 }) });
    education.push({ institution: 'Royal College of Art', course: f.helpers.arrayElement(POSTGRADUATE_COURSES), year: graduated });
  } else if (artist.route !== 'as a self-taught painter' && f.datatype.boolean(artist.route === 'after studying fine art' ? 1 : 0.7)) {
    const postgraduate = f.datatype.boolean(0.35);
    const first = f.helpers.arrayElement(schools);
    education.push({ institution: first, course: f.helpers.arrayElement(FIRST_COURSES), year: postgraduate ? graduated - f.number.int({ min: 2, max: 6 }) : graduated });
    if (postgraduate) {
      education.push({ institution: f.datatype.boolean(0.4) ? first : f.helpers.arrayElement(schools), course: f.helpers.arrayElement(POSTGRADUATE_COURSES), year: graduated });
    }
  }

  const showYears = EPOCH_YEAR - graduated;
  const groupCount = f.datatype.boolean(0.8) ? Math.min(f.number.int({ min: 1, max: 9 }), showYears * 2) : 0;
  const soloCount = groupCount > 0 && showYears > 3 && f.datatype.boolean(0.6) ? f.number.int({ min: 1, max: Math.min(4, Math.floor(showYears / 3)) }) : 0;
  const cityFor = () => f.datatype.boolean(0.6) ? artist.city : f.helpers.arrayElement(f.helpers.arrayElement(ARTIST_COUNTRIES).cities);
  const venue = () => `${f.helpers.arrayElement(VENUE_WORDS)} ${f.helpers.arrayElement(VENUE_KINDS)}`;
  const firstShow = graduated + 1;
  // Skewed towards recent years, as a working artist's CV is.
  const showYear = (earliest: number) => Math.max(earliest, EPOCH_YEAR - Math.floor(Math.pow(f.number.float({ min: 0, max: 1 }), 2) * (EPOCH_YEAR - earliest + 1)));
  const exhibitions: GeneratedArtist['exhibitions'] = [
    ...Array.from({ length: groupCount }, () => ({
      year: showYear(firstShow), title: f.helpers.arrayElement(GROUP_SHOW_TITLES), venue: venue(), city: cityFor(), kind: 'group' as const,
    })),
    // A first solo show comes a few years in.
    ...Array.from({ length: soloCount }, () => ({
      year: showYear(Math.min(EPOCH_YEAR, firstShow + 3)), title: f.helpers.arrayElement(SOLO_SHOW_TITLES), venue: venue(), city: cityFor(), kind: 'solo' as const,
    })),
  ].sort((a, b) => b.year - a.year);

  const practice = f.helpers.arrayElements(PRACTICE_SENTENCES, { min: 1, max: 3 }).join(' ');
  const latest = exhibitions[0];
  const shown = !latest ? '' : latest.kind === 'solo'
    ? ` The most recent solo exhibition, ${latest.title}, was at ${latest.venue}, ${latest.city}, in ${latest.year}.`
    : ` Recent group exhibitions include ${latest.title} at ${latest.venue}, ${latest.city} (${latest.year}).`;
  return { education, exhibitions, practice: `\n\n${practice}${shown}` };
}

/** Home country always, often the rest of the region, sometimes the world; free at home for many. */
function makeShippingRates(f: Faker, from: ShippingCountry): GeneratedArtist['shipping']['rates'] {
  const reach = f.helpers.weightedArrayElement([
    { weight: 20, value: 0.0 }, { weight: 45, value: 0.5 }, { weight: 35, value: 1 },
  ]);
  const freeAtHome = f.datatype.boolean(0.55);
  const freeAbroad = f.datatype.boolean(0.12);
  return SHIPPING_COUNTRIES.filter((c) => c === from || f.datatype.boolean(reach)).map((destination) => ({
    destination,
    costMinor:
      destination === from
        ? freeAtHome ? 0 : f.number.int({ min: 8, max: 25 }) * 100
        : freeAbroad ? 0 : f.number.int({ min: 25, max: 95 }) * 100,
  }));
}

function pickCategory(f: Faker): Category {
  return f.helpers.weightedArrayElement(
    (Object.keys(CATEGORY_WEIGHTS) as Category[]).map((c) => ({ weight: CATEGORY_WEIGHTS[c], value: c })),
  );
}

/** Colours a subject tends towards; the rest of the palette stays possible. */
const SUBJECT_COLOURS: Partial<Record<Subject, Colour[]>> = {
  seascape: ['blue', 'turquoise', 'white', 'grey'],
  landscape: ['green', 'yellow', 'brown', 'blue'],
  botanical: ['green', 'pink', 'purple', 'white'],
  nature: ['green', 'brown', 'beige'],
  cityscape: ['grey', 'black', 'orange', 'blue'],
  'still-life': ['yellow', 'orange', 'beige', 'white'],
  portrait: ['beige', 'brown', 'black', 'pink'],
  nude: ['beige', 'pink', 'brown'],
  abstract: ['red', 'blue', 'yellow', 'black', 'gold'],
};

function makeArtwork(
  f: Faker,
  artist: GeneratedArtist,
  id: number,
  category: Category,
  slugs: Set<string>,
): GeneratedArtwork {
  const subcategory = f.helpers.arrayElement(CATEGORIES[category]);
  const subject = f.helpers.arrayElement(SUBJECTS);
  const style = f.helpers.arrayElement(STYLES);
  const medium = MEDIUMS[`${category}/${subcategory}`] ?? 'Mixed media';
  const colours = pickColours(f, subject);
  const { widthCm, heightCm, depthCm } = makeDimensions(f, category);
  const priceMinor = makePrice(f, category, Math.max(widthCm, heightCm), artist.renown);
  const onSale = f.datatype.boolean(0.08);
  const framed = category !== 'sculpture' && f.datatype.boolean(0.3);
  const readyToHang = category !== 'sculpture' && (framed || f.datatype.boolean(0.45));
  const title = makeTitle(f, subject);
  const createdAt = new Date(CATALOGUE_EPOCH - f.number.int({ min: 0, max: 3 * 365 }) * DAY_MS - f.number.int({ min: 0, max: DAY_MS - 1 }));
  const popularity = Math.round(10_000 * Math.pow(f.number.float({ min: 0, max: 1 }), 4));
  const status = f.helpers.weightedArrayElement<ArtworkStatus>([
    { weight: 87, value: 'available' }, { weight: 2, value: 'reserved' },
    { weight: 9, value: 'sold' }, { weight: 2, value: 'hidden' },
  ]);
  const aspectMilli = Math.min(5000, Math.max(200, Math.round((widthCm / heightCm) * 1000)));
  const imageSeed = () => f.number.int({ min: 0, max: 2 ** 31 - 1 });
  const kinds: ImageKind[] = category === 'sculpture' ? ['main', 'detail'] : ['main', 'detail', 'room'];
  const hasPrints = category !== 'sculpture' && category !== 'prints' && f.datatype.boolean(0.3);

  return {
    id,
    slug: uniqueSlug(`${title} ${artist.name}`, slugs),
    artistId: artist.id,
    shippingProfileId: artist.shipping.profileId,
    title,
    description: makeDescription(f, { category, subject, style, medium, colours, framed, readyToHang, artist }),
    category,
    subcategory,
    subject,
    style,
    medium,
    widthCm,
    heightCm,
    depthCm,
    priceMinor,
    salePriceMinor: onSale ? roundPrice(priceMinor * f.number.float({ min: 0.7, max: 0.9 })) : null,
    framed,
    readyToHang,
    verifiedAdvertisingSafe: subject !== 'nude' && f.datatype.boolean(0.92),
    autoTags: [...new Set([subject, style, subcategory, ...colours, ...(framed ? ['framed'] : [])])],
    status,
    favouriteCount: Math.round(popularity / 120 + f.number.int({ min: 0, max: 12 })),
    popularity,
    createdAt: createdAt.toISOString(),
    colours,
    images: kinds.map((kind) => ({ kind, seed: imageSeed(), aspectMilli })),
    prints: hasPrints
      ? PRINT_SIZES.filter(() => f.datatype.boolean(0.8)).map((size) => {
          const editionSize = f.helpers.arrayElement([25, 50, 100, 150]);
          return {
            sizeLabel: size.label,
            widthCm: size.widthCm,
            heightCm: size.heightCm,
            priceMinor: size.priceMinor,
            editionSize,
            remaining: f.number.int({ min: 0, max: editionSize }),
          };
        })
      : [],
  };
}

function pickColours(f: Faker, subject: Subject): Colour[] {
  const favoured = SUBJECT_COLOURS[subject] ?? [];
  const count = f.helpers.weightedArrayElement([{ weight: 2, value: 1 }, { weight: 5, value: 2 }, { weight: 3, value: 3 }]);
  const picked = new Set<Colour>();
  while (picked.size < count) {
    picked.add(
      favoured.length > 0 && f.datatype.boolean(0.6) ? f.helpers.arrayElement(favoured) : f.helpers.arrayElement(COLOUR_VALUES),
    );
  }
  return [...picked];
}

/** Sizes in cm typical of each category, rounded to whole or half centimetres. */
function makeDimensions(f: Faker, category: Category): { widthCm: number; heightCm: number; depthCm: number } {
  const range = { painting: [20, 150], sculpture: [10, 140], photography: [20, 120], drawing: [15, 80], prints: [15, 90] }[category];
  // Skewed towards the small end of the range, as most original work is.
  const longSide = Math.round((range[0]! + (range[1]! - range[0]!) * Math.pow(f.number.float({ min: 0, max: 1 }), 1.6)) * 2) / 2;
  const ratio = f.helpers.weightedArrayElement([
    { weight: 30, value: 0.75 }, { weight: 20, value: 0.8 }, { weight: 18, value: 1 },
    { weight: 15, value: 0.667 }, { weight: 10, value: 0.7071 }, { weight: 7, value: 0.4 },
  ]);
  const shortSide = Math.max(5, Math.round(longSide * ratio * 2) / 2);
  const landscape = f.datatype.boolean(0.5);
  const [widthCm, heightCm] = landscape ? [longSide, shortSide] : [shortSide, longSide];
  const depthCm =
    category === 'sculpture' ? Math.round(f.number.float({ min: 8, max: Math.max(10, longSide) })) : category === 'painting' ? f.helpers.arrayElement([0.5, 2, 3, 4]) : 0.2;
  return { widthCm, heightCm, depthCm };
}

/**
 * Log-normal around a few hundred pounds, larger works dearer: most between £50 and £2,000, a
 * long tail past £20,000.
 */
function makePrice(f: Faker, category: Category, longSideCm: number, renown: number): number {
  const base = { painting: 420, sculpture: 650, photography: 260, drawing: 220, prints: 160 }[category];
  const normal = Math.sqrt(-2 * Math.log(f.number.float({ min: 1e-9, max: 1 }))) * Math.cos(2 * Math.PI * f.number.float({ min: 0, max: 1 }));
  const pounds = base * renown * Math.pow(longSideCm / 60, 0.6) * Math.exp(1.05 * normal);
  return roundPrice(Math.min(60_000, Math.max(35, pounds)) * 100);
}

/** To whole pounds under £100, to £5 under £1,000, to £50 above. */
function roundPrice(minor: number): number {
  const step = minor < 10_000 ? 100 : minor < 100_000 ? 500 : 5000;
  return Math.max(step, Math.round(minor / step) * step);
}

function makeTitle(f: Faker, subject: Subject): string {
  const noun = f.helpers.arrayElement(SUBJECT_WORDS[subject]);
  return f.helpers.weightedArrayElement([
    { weight: 4, value: noun },
    { weight: 4, value: `${f.helpers.arrayElement(TITLE_QUALIFIERS)} ${noun}` },
    { weight: 2, value: `${noun} No. ${f.number.int({ min: 2, max: 40 })}` },
    { weight: 2, value: `${noun}, ${f.helpers.arrayElement(['Study', 'Variation', 'After Rain', 'Dusk', 'June', 'October'])}` },
  ]);
}

function makeDescription(
  f: Faker,
  w: { category: Category; subject: Subject; style: string; medium: string; colours: Colour[]; framed: boolean; readyToHang: boolean; artist: GeneratedArtist },
): string {
  const palette = w.colours.length > 1 ? `${w.colours.slice(0, -1).join(', ')} and ${w.colours.at(-1)}` : w.colours[0];
  const kind = { painting: 'painting', sculpture: 'sculpture', photography: 'photograph', drawing: 'drawing', prints: 'print' }[w.category];
  const finish = w.category === 'sculpture'
    ? 'It stands on its own base and is signed underneath.'
    : w.framed
      ? 'It comes framed and ready to hang.'
      : w.readyToHang
        ? 'It arrives ready to hang, with a wire fixed to the back.'
        : 'It is sent unframed, signed on the back.';
  const shows = SUBJECT_PHRASES[w.subject];
  return [
    `${capitalise(STYLE_PHRASES[w.style as keyof typeof STYLE_PHRASES])} ${kind}${shows ? ` of ${shows}` : ''} in ${palette}, made in ${w.artist.city}.`,
    `${w.medium}. ${finish}`,
    f.helpers.arrayElement([
      'Made over several weeks, layer by layer.',
      'Part of an ongoing series about home and distance.',
      'Worked from sketches made on location.',
      'The surface has a rich texture that changes with the light.',
      'A calm piece that rewards a closer look.',
    ]),
  ].join(' ');
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A slug not yet taken: a number is added on collision ('ada-lovelace-2'). */
function uniqueSlug(text: string, taken: Set<string>): string {
  const root = slugify(text) || 'untitled';
  let slug = root;
  for (let n = 2; taken.has(slug); n++) slug = `${root}-${n}`;
  taken.add(slug);
  return slug;
}
