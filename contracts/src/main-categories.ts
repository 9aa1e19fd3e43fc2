/** The five main categories the spec's job browser offers, in the order the UI lists them. */
export const MAIN_CATEGORIES = ['IT', 'Sälj', 'Vård', 'Ekonomi', 'Kundservice'] as const;
export type MainCategory = (typeof MAIN_CATEGORIES)[number];

/** The fixed list of popular cities on /jobb, in this order. 'Distans' stands for remote ads. */
export const POPULAR_CITIES = ['Stockholm', 'Göteborg', 'Malmö', 'Distans'] as const;

/** Location label given to ads that can be done fully remotely. */
export const REMOTE_LOCATION = 'Distans';
