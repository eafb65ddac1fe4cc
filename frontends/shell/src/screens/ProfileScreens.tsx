/** The profile screens (routes.tsx loads them as one chunk); each page lives in its file under profile/. */
export { ProfileActivityScreen } from './profile/activity.js';
export { ProfileDeleteAccountScreen } from './profile/delete-account.js';
export { ProfileSettingsScreen } from './profile/settings.js';
