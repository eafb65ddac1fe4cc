import { BrowserRouter, Routes } from 'react-router-dom';
import { LocaleProvider } from './i18n/LocaleProvider.js';
import { appRoutes } from './routes.js';

export function App() {
  return (
    <LocaleProvider>
      <BrowserRouter>
        <Routes>{appRoutes}</Routes>
      </BrowserRouter>
    </LocaleProvider>
  );
}
