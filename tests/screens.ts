/** The four screen sizes the table is tested at (phone portrait, tablet landscape and portrait, desktop), for vitest and Playwright alike. */
export const SCREENS = {
  phone: { width: 390, height: 844 },
  'tablet-landscape': { width: 1024, height: 768 },
  'tablet-portrait': { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;

/** A screen size's name. */
export type ScreenName = keyof typeof SCREENS;

/** The four sizes as a list, each with its name. */
export const SCREEN_LIST: readonly { name: ScreenName; width: number; height: number }[] = (Object.keys(SCREENS) as ScreenName[]).map((name) => ({ name, ...SCREENS[name] }));
