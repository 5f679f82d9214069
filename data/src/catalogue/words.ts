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

/**
 * What a work of each subject shows, as a description says it ('a painting of the sea'); an
 * abstract work shows no subject beyond itself, so its description names none.
 */
export const SUBJECT_PHRASES: Record<Subject, string | null> = {
  abstract: null,
  landscape: 'a landscape',
  seascape: 'the sea',
  cityscape: 'the city',
  portrait: 'a sitter',
  figurative: 'figures',
  nude: 'the nude',
  'still-life': 'a still life',
  animals: 'an animal',
  botanical: 'plants and flowers',
  nature: 'the natural world',
  architecture: 'a building',
  interiors: 'an interior',
  fantasy: 'an imagined world',
  music: 'music',
  sport: 'sport',
  'food-and-drink': 'food and drink',
};

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

/**
 * Art schools an artist may have studied at, by the country they live in; 'any' is where
 * artists from anywhere go. Real schools, so a demo CV reads like one.
 */
export const ART_SCHOOLS: Partial<Record<ShippingCountry | 'any', string[]>> = {
  any: ['Royal College of Art', 'Central Saint Martins', 'Slade School of Fine Art', 'School of the Art Institute of Chicago', 'Rijksakademie van beeldende kunsten'],
  GB: [
    'Glasgow School of Art', 'Goldsmiths, University of London', 'Edinburgh College of Art', 'Camberwell College of Arts',
    'Chelsea College of Arts', 'Falmouth University', 'Manchester School of Art', 'Royal Academy Schools', 'Ruskin School of Art',
    'Leeds Arts University', 'Bath School of Art', 'Cardiff School of Art and Design', 'Norwich University of the Arts',
  ],
  US: ['Rhode Island School of Design', 'Yale School of Art', 'CalArts', 'Pratt Institute', 'Maryland Institute College of Art', 'Cranbrook Academy of Art'],
  FR: ['Beaux-Arts de Paris', 'École nationale supérieure des arts décoratifs', 'Beaux-Arts de Lyon', 'École nationale supérieure de la photographie, Arles'],
  DE: ['Kunstakademie Düsseldorf', 'Universität der Künste Berlin', 'Hochschule für Grafik und Buchkunst Leipzig', 'HFBK Hamburg', 'Akademie der Bildenden Künste München'],
  IT: ['Accademia di Belle Arti di Firenze', 'Accademia di Belle Arti di Brera', 'Accademia di Belle Arti di Venezia', 'Accademia di Belle Arti di Bologna'],
  ES: ['Facultad de Bellas Artes, Universidad Complutense de Madrid', 'Facultat de Belles Arts, Universitat de Barcelona', 'Facultad de Bellas Artes de Sevilla'],
  NL: ['Gerrit Rietveld Academie', 'Koninklijke Academie van Beeldende Kunsten', 'Willem de Kooning Academie', 'HKU University of the Arts Utrecht'],
  IE: ['National College of Art and Design', 'Crawford College of Art and Design', 'Burren College of Art'],
  CA: ['OCAD University', 'Emily Carr University of Art and Design', 'NSCAD University', 'Concordia University'],
  AU: ['Victorian College of the Arts', 'National Art School', 'UNSW Art & Design', 'Tasmanian College of the Arts'],
  PT: ['Faculdade de Belas-Artes da Universidade de Lisboa', 'Faculdade de Belas Artes da Universidade do Porto'],
  SE: ['Royal Institute of Art, Stockholm', 'Konstfack', 'Valand Academy'],
  NZ: ['Elam School of Fine Arts', 'Ilam School of Fine Arts', 'Massey University College of Creative Arts'],
  ZA: ['Michaelis School of Fine Art', 'Wits School of Arts', 'Durban University of Technology'],
  BE: ['La Cambre', 'KASK School of Arts, Ghent', 'Royal Academy of Fine Arts Antwerp'],
};

/** A first course and the postgraduate one that may follow it. */
export const FIRST_COURSES = ['BA (Hons) Fine Art', 'BA Fine Art', 'BA Painting', 'BA Illustration', 'BA Photography', 'BFA Painting and Drawing', 'BA Printmaking', 'Foundation Diploma in Art and Design'];
export const POSTGRADUATE_COURSES = ['MA Fine Art', 'MFA Painting', 'MA Printmaking', 'MA Sculpture', 'MA Photography', 'MA Drawing', 'Postgraduate Diploma in Fine Art'];

/** Exhibition venues are made up: a word of a place and a kind of space. */
export const VENUE_WORDS = ['Harbour', 'North Light', 'Saltmarsh', 'Foundry', 'Old Granary', 'Quay', 'Lantern', 'Riverside', 'Chapel', 'Printworks', 'Meridian', 'Kiln', 'Tannery', 'Orchard', 'Arcade', 'Linen Hall', 'Ropewalk', 'Mill'];
export const VENUE_KINDS = ['Gallery', 'Contemporary', 'Project Space', 'Arts Centre', 'Studios', 'Fine Art', 'Gallery & Studio'];
export const GROUP_SHOW_TITLES = [
  'Summer Open', 'Annual Open Exhibition', 'Winter Salon', 'Small Works', 'New Contemporaries', 'Drawing Now', 'Paper and Light',
  'The Printmakers', 'Coast', 'Landmarks', 'Colour Field', 'Twenty Artists', 'Works on Paper', 'The Still Life Show',
];
export const SOLO_SHOW_TITLES = [
  'Quiet Hours', 'Between Tides', 'The Long Field', 'After the Rain', 'Slow Light', 'Edgelands', 'Salt and Iron', 'Still Water',
  'Recent Work', 'New Paintings', 'Home Ground', 'A Year of Weather', 'Far Shore', 'Night Garden', 'Measured Distance', 'Open Windows',
];

/** Sentences about an artist's practice, for a biography's second paragraph. */
export const PRACTICE_SENTENCES = [
  'The studio practice moves between drawing and larger pieces that take months to resolve.',
  'Walking is part of the process: most ideas arrive on foot, notebook in hand.',
  'Recent work looks at the edges of towns, where fields give way to car parks and warehouses.',
  'Materials are chosen for how they age, and many pieces use pigments ground by hand.',
  'Each series starts from a single place, returned to over many seasons.',
  'Teaching alongside the studio keeps the questions fresh.',
  'Residencies abroad have shaped a palette that is brighter than the weather at home.',
  'The work is collected privately and has been commissioned for hotels, offices and hospitals.',
  'Pieces are built up in thin layers, sanded back and worked again, so earlier marks still show.',
  'Memory and family history run through the work, often through old photographs.',
];
