import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { installChunkErrorReload, registerServiceWorker } from './app/runtime.js';
import { remoteOfPath } from './remotes/config.js';
import { startRemoteOf } from './remotes/registry.js';
import { remotePaths } from './AppRoutes.js';
import '@civic/frontend-kit/design.css';
import './styles.css';

installChunkErrorReload();
registerServiceWorker();
startRemoteOf(remoteOfPath(window.location.pathname, remotePaths));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
