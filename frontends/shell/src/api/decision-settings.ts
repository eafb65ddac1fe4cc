/** The numbers of the decision process as the decisions service runs them, for the rule texts. */
import { useEffect, useState } from 'react';
import type { DecisionSettings } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

export type DecisionSettingsState = { status: 'loading' } | { status: 'ready'; settings: DecisionSettings } | { status: 'error' };

export function useDecisionSettings(): DecisionSettingsState {
  const [state, setState] = useState<DecisionSettingsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<DecisionSettings>('GET', '/api/decisions/settings', { signal: controller.signal }).then(
      (settings) => setState({ status: 'ready', settings }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
