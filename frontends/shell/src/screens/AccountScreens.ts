/** The account screens (routes.tsx loads them as one chunk); each flow lives in its file under account/. */
export { ChangeEmailScreen, UndoEmailChangeScreen } from './account/EmailChangeScreens.js';
export { IdentifyScreen, LoginScreen } from './account/LoginScreens.js';
export { PasswordScreen } from './account/PasswordScreen.js';
export { RegisterScreen } from './account/RegisterScreen.js';
export { linkErrorRedirectSeconds } from './account/AccountParts.js';
export { VerifyAccountScreen } from './account/VerifyAccountScreen.js';
