/** The numbers the services run with, read from their public settings routes for the rule texts. */
import { useEffect, useState } from 'react';
import type { DecisionSettings, RegistrationLimits } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

export type PublicSettingsState<T> = { status: 'loading' } | { status: 'ready'; settings: T } | { status: 'error' };

/** Reads a public settings route once per mount. */
function usePublicSettings<T>(path: string): PublicSettingsState<T> {
  const [state, setState] = useState<PublicSettingsState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<T>('GET', path, { signal: controller.signal }).then(
      (settings) => setState({ status: 'ready', settings }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}

/** The durations, thresholds and limits of the decision process (decisions service). */
export const useDecisionSettings = () => usePublicSettings<DecisionSettings>('/api/decisions/settings');

/** How many accounts one IP address may create (identity service). */
export const useRegistrationLimits = () => usePublicSettings<RegistrationLimits>('/api/auth/registration-limits');
