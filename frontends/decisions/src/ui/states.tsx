import { screenStates } from '@civic/frontend-kit/remote-states';

export const { Loading, LoadError, Empty } = screenStates({
  loading: { id: 'decisions.status.loading' },
  loadError: { id: 'decisions.status.loadError' },
  retry: { id: 'decisions.status.retry' },
});
