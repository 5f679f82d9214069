import type { Category, ShippingCountry, Style, Subject } from '@easel/shared/vocabulary';

/** Real cities per country artists live in, weighted by how many artists each country has. */
export const ARTIST_COUNTRIES: { country: ShippingCountry; weight: number; cities: string[] }[] = [
  { country: 'GB', weight: 44, cities: ['London', 'Bristol', 'Brighton', 'Manchester', 'Edinburgh', 'Glasgow', 'Leeds', 'Norwich', 'St Ives', 'Cardiff', 'Bath', 'York', 'Margate', 'Belfast'] },
  { country: 'US', weight: 12, cities: ['New York', 'Los Angeles', 'Chicago', 'Santa Fe', 'Portland', 'Austin', 'Asheville', 'Seattle'] },
  { country: 'FR', weight: 7, cities: ['Paris', 'Lyon', 'Marseille', 'Arles', 'Bordeaux', 'Nantes'] },
  { country: 'DE', weight: 6, cities: ['Berlin', 'Hamburg', 'Leipzig', 'Munich', 'Cologne'] },
  { country: 'IT', weight: 5, cities: ['Florence', 'Rome', 'Milan', 'Venice', 'Bologna', 'Naples'] },
  { country: 'ES', weight: 5, cities: ['Barcelona', 'Madrid', 'Seville', 'Valencia', 'Granada'] },
  { country: 'NL', weight: 4, cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'The Hague'] },
  { country: 'IE', weight: 4, cities: ['Dublin', 'Galway', 'Cork', 'Kilkenny'] },
  { country: 'CA', weight: 4, cities: ['Toronto', 'Montreal', 'Vancouver', 'Halifax'] },
  { country: 'AU', weight: 4, cities: ['Sydney', 'Melbourne', 'Hobart', 'Brisbane', 'Perth'] },
  { country: 'PT', weight: 2, cities: ['Lisbon', 'Porto'] },
  { country: 'SE', weight: 2, cities: ['Stockholm', 'Gothenburg', 'Malmö'] },
  { country: 'NZ', weight: 2, cities: ['Wellington', 'Auckland', 'Christchurch'] },
  { country: 'ZA', weight: 2, cities: ['Cape Town', 'Johannesburg', 'Durban'] },
  { country: 'BE', weight: 1, cities: ['Brussels', 'Antwerp', 'Ghent'] },
];

/** Faker locale per artist country, so a French artist has a French name. */
export const NAME_LOCALES: Partial<Record<ShippingCountry, 'fr' | 'de' | 'it' | 'es' | 'nl' | 'pt_PT' | 'sv' | 'en_US' | 'en_IE' | 'en_CA' | 'en_AU'>> = {
  FR: 'fr', BE: 'fr', DE: 'de', IT: 'it', ES: 'es', NL: 'nl', PT: 'pt_PT', SE: 'sv',
  US: 'en_US', IE: 'en_IE', CA: 'en_CA', AU: 'en_AU', NZ: 'en_AU',
};

/** Where a category's works most often come from, by share of the catalogue. */
export const CATEGORY_WEIGHTS: Record<Category, number> = {
  painting: 52, prints: 14, photography: 12, drawing: 12, sculpture: 10,
};

export const SUBJECT_WORDS: Record<Subject, string[]> = {
  abstract: ['Composition', 'Fragment', 'Rhythm', 'Echo', 'Resonance', 'Field', 'Interval', 'Drift', 'Tension', 'Signal'],
  landscape: ['Moorland', 'Valley', 'Hillside', 'Meadow', 'Fields', 'Ridge', 'Downs', 'Fells', 'Harvest', 'Orchard'],
  seascape: ['Tide', 'Harbour', 'Shoreline', 'Breakers', 'Estuary', 'Cove', 'Swell', 'Headland', 'Sea Mist', 'Low Water'],
  cityscape: ['Rooftops', 'Bridge', 'Station', 'Market Street', 'Skyline', 'Canal', 'Night Bus', 'Corner Shop', 'Arcade', 'Viaduct'],
  portrait: ['Portrait of Ada', 'Self Portrait', 'The Sitter', 'Girl in Blue', 'Old Man Reading', 'Profile', 'Mother', 'The Musician'],
  figurative: ['Figures', 'Dancers', 'Bathers', 'The Walk', 'Gathering', 'Conversation', 'Waiting', 'The Crowd'],
  nude: ['Reclining Figure', 'Nude Study', 'Seated Nude', 'Life Drawing', 'Figure in Repose', 'Torso'],
  'still-life': ['Lemons', 'Jug and Pears', 'Tulips', 'Still Life with Cup', 'Blue Vase', 'Quinces', 'Table Top', 'Peonies'],
  animals: ['Hare', 'Heron', 'Fox', 'Horse', 'Owl', 'Hound', 'Stag', 'Blackbird', 'Cat Asleep', 'Cattle'],
  botanical: ['Ferns', 'Foxgloves', 'Poppies', 'Hellebores', 'Seed Heads', 'Leaf Study', 'Wild Garlic', 'Magnolia'],
  nature: ['Woodland', 'Birches', 'Forest Floor', 'Undergrowth', 'Bluebell Wood', 'Riverbank', 'Hedgerow', 'Clearing'],
  architecture: ['Facade', 'Cathedral', 'Stairwell', 'Columns', 'Brutalist Block', 'Lighthouse', 'Terrace', 'Chapel'],
  interiors: ['Studio Corner', 'Kitchen Table', 'Open Door', 'Window Seat', 'Morning Room', 'The Landing'],
  fantasy: ['Dreamer', 'Night Garden', 'The Wanderer', 'Moon Hare', 'Lost Kingdom', 'Star Map', 'Sleeping Giant'],
  music: ['Jazz Trio', 'The Cellist', 'Nocturne', 'Improvisation', 'Piano Lesson', 'Record Shop'],
  sport: ['The Swimmer', 'Cyclists', 'Match Day', 'Surfer', 'Boxer', 'Regatta'],
  'food-and-drink': ['Oysters', 'Espresso', 'Bread and Wine', 'Figs', 'Café Table', 'Cherries'],
};

export const TITLE_QUALIFIERS = [
  'Evening', 'Morning', 'Winter', 'Summer', 'Autumn', 'Spring', 'Quiet', 'Blue', 'Golden', 'Late',
  'Distant', 'Silver', 'After the Rain', 'First Light', 'Midday', 'Northern', 'Small', 'Wild', 'Still',
];

export const STYLE_PHRASES: Record<Style, string> = {
  abstract: 'an abstract',
  contemporary: 'a contemporary',
  expressionist: 'an expressive',
  impressionist: 'an impressionist',
  minimalist: 'a minimal',
  'pop-art': 'a pop art',
  realist: 'a realist',
  surrealist: 'a surreal',
  'street-art': 'a street art',
  folk: 'a folk art',
  cubist: 'a cubist',
  photorealist: 'a photorealist',
  conceptual: 'a conceptual',
};

/** How each subcategory is described as a medium. */
export const MEDIUMS: Record<string, string> = {
  'painting/oil': 'Oil on canvas',
  'painting/acrylic': 'Acrylic on canvas',
  'painting/watercolour': 'Watercolour on cotton paper',
  'painting/gouache': 'Gouache on paper',
  'painting/ink': 'Ink on paper',
  'painting/mixed-media': 'Mixed media on board',
  'painting/collage': 'Collage of paper and paint on board',
  'sculpture/bronze': 'Cast bronze',
  'sculpture/ceramic': 'Glazed stoneware',
  'sculpture/wood': 'Carved oak',
  'sculpture/stone': 'Carved limestone',
  'sculpture/metal': 'Welded steel',
  'sculpture/glass': 'Blown glass',
  'sculpture/mixed-media': 'Mixed media',
  'photography/colour': 'Archival pigment print',
  'photography/black-and-white': 'Silver gelatin print',
  'photography/digital': 'Giclée print on Hahnemühle paper',
  'photography/film': 'C-type print from 35mm film',
  'drawing/charcoal': 'Charcoal on paper',
  'drawing/pencil': 'Pencil on paper',
  'drawing/pastel': 'Soft pastel on paper',
  'drawing/ink': 'Pen and ink on paper',
  'drawing/graphite': 'Graphite on paper',
  'drawing/coloured-pencil': 'Coloured pencil on paper',
  'prints/screenprint': 'Screenprint on Somerset paper',
  'prints/linocut': 'Hand-pulled linocut',
  'prints/etching': 'Etching with aquatint',
  'prints/woodcut': 'Woodcut on Japanese paper',
  'prints/lithograph': 'Stone lithograph',
  'prints/giclee': 'Giclée print',
  'prints/monotype': 'Monotype',
};

export const PRINT_SIZES = [
  { label: 'A4', widthCm: 21, heightCm: 29.7, priceMinor: 4500 },
  { label: 'A3', widthCm: 29.7, heightCm: 42, priceMinor: 8500 },
  { label: 'A2', widthCm: 42, heightCm: 59.4, priceMinor: 14500 },
] as const;
