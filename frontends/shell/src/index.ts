// Async boundary: the module-federation runtime resolves the shared singletons (react, react-dom,
// react-router-dom, react-intl) before any code that uses them runs.
import('./bootstrap.js').catch((error: unknown) => {
  console.error('The application failed to start', error);
});
