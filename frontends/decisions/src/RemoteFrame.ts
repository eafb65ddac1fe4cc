import { createRemoteFrame } from '@civic/frontend-kit/remote-frame';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

export const { RemoteRoutes, useShell } = createRemoteFrame('decisions', { en, fr });
