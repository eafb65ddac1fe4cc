/** The profile screens (routes.tsx loads them as one chunk); each page lives in its file under profile/. */
export { ProfileActivityScreen } from './profile/ProfileActivityScreen.js';
export { ProfileDeleteAccountScreen } from './profile/ProfileDeleteAccountScreen.js';
export { ProfileSettingsScreen } from './profile/ProfileSettingsScreen.js';
