import { screenStates } from '@civic/frontend-kit/remote-states';

export const { Loading, LoadError, Empty } = screenStates({
  loading: { id: 'elections.status.loading' },
  loadError: { id: 'elections.status.loadError' },
  retry: { id: 'elections.status.retry' },
});
