/** The account screens (routes.tsx loads them as one chunk); each flow lives in its file under account/. */
export { ChangeEmailScreen, UndoEmailChangeScreen } from './account/email-change.js';
export { IdentifyScreen, LoginScreen } from './account/login.js';
export { PasswordScreen } from './account/password.js';
export { RegisterScreen } from './account/register.js';
export { linkErrorRedirectSeconds } from './account/shared.js';
export { VerifyAccountScreen } from './account/verification.js';
