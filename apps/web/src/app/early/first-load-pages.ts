/**
 * The pages the boot script (`boot.ts`) starts early, by address: the route module of each, as
 * `app/route-table.ts` loads it (a test checks that they agree). The build (`vite.config.ts`)
 * gives the boot script the chunks of these modules, so it can preload the page's code.
 */
export const FIRST_LOAD_PAGES: Readonly<Record<string, string>> = {
  '/': 'src/app/routes/home/home.tsx',
  '/home': 'src/app/routes/home/home.tsx',
  '/newHouse': 'src/app/routes/projects/new-house.tsx',
  '/houseHome': 'src/app/routes/projects/house-home.tsx',
  '/houses': 'src/app/routes/projects/houses.tsx',
};
