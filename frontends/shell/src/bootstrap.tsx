import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { installChunkErrorReload, registerServiceWorker } from './app/runtime.js';
import '@civic/frontend-kit/design.css';
import './styles.css';

installChunkErrorReload();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
