// The home page's content as data: which services and which steps it shows, in order.
// Each id names its texts in locales/*.json (services.items.<id>.title/body,
// process.steps.<id>.title/body); each platform picks its own icon per id.

/** HOME_SERVICES are the services section's cards, in order. */
export const HOME_SERVICES = ['pps', 'hardware', 'os', 'subAccounts', 'solo', 'withdraw'] as const;

/** HomeService names one service card. */
export type HomeService = (typeof HOME_SERVICES)[number];

/** HOME_STEPS are the service process's steps, in order. */
export const HOME_STEPS = ['register', 'subAccount', 'connect', 'watch', 'withdraw'] as const;

/** HomeStep names one step of the service process. */
export type HomeStep = (typeof HOME_STEPS)[number];

/** HOME_COINS are the coins the banner names; the table shows what the pool really lists. */
export const HOME_COINS = ['Aleo', 'IronFish', 'Kaspa', 'BTC'] as const;

/** SERVICES_ID is the services section's element id (the banner's learn-more scrolls there). */
export const SERVICES_ID = 'services';

/** CONTACT_ID is the contact section's element id: the footer links to /#contact. */
export const CONTACT_ID = 'contact';
