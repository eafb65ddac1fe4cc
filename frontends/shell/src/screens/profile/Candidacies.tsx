/** Standing in this month's election from the settings page. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { CandidateTo, candidateDateField, type SessionUser } from '@civic/contracts';
import { identityApi } from '../../api/identity.js';
import { todoApi } from '../../api/todo.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { candidacyChange, candidacyMonthAt, candidacyRoles, isStandingThisMonth } from '../../users/candidacy.js';
import { SettingsSection } from './ProfileParts.js';

const roleKeys = { [CandidateTo.Moderator]: 'moderator', [CandidateTo.Scribe]: 'scribe', [CandidateTo.GreatWise]: 'greatWise' } as const;

const roleLabels = {
  [CandidateTo.Moderator]: { id: 'profile.settings.candidacy.moderator' },
  [CandidateTo.Scribe]: { id: 'profile.settings.candidacy.scribe' },
  [CandidateTo.GreatWise]: { id: 'profile.settings.candidacy.greatWise' },
} as const;

/**
 * The month whose candidacies are open, from the elections service (GET /api/elections/next); until it
 * answers, or without it, the month in the elections' default time zone.
 */
function useCandidacyMonth(): string {
  const [fallback] = useState(() => candidacyMonthAt(new Date()));
  const [month, setMonth] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    todoApi.electionSchedule(controller.signal).then(
      (schedule) => setMonth(schedule.candidacyMonth),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return month ?? fallback;
}

/** Stand in (or withdraw from) this month's election, role by role (docs/product.md#elections). */
export function Candidacies({ user }: { user: SessionUser }) {
  const { formatMessage: t, formatDate } = useIntl();
  const { setUser } = useAuth();
  const snackbar = useSnackbar();
  // The box the user just clicked shows its new state at once, and goes back if the call fails.
  const [pending, setPending] = useState<{ role: CandidateTo; standing: boolean } | null>(null);
  const candidacyMonth = useCandidacyMonth();
  // The month's first day at noon UTC: the same calendar month wherever the browser is.
  const month = formatDate(`${candidacyMonth}T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });

  const toggle = async (role: CandidateTo) => {
    const change = candidacyChange(user, role, candidacyMonth);
    setPending({ role, standing: change.value !== null });
    try {
      const updated = await identityApi.setCandidacy(user.id, role, change.value);
      setUser(updated);
      const roleKey = roleKeys[role];
      snackbar.show({
        message: change.value ? t({ id: 'profile.settings.candidacy.standing' }, { role: roleKey, month }) : t({ id: 'profile.settings.candidacy.withdrawn' }, { role: roleKey }),
        kind: 'success',
      });
    } catch (error) {
      snackbar.showError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <SettingsSection id="settings-candidacy" title={t({ id: 'profile.settings.candidacy.title' })}>
      <p>{t({ id: 'profile.settings.candidacy.intro' }, { month })}</p>
      <ul className="toggles">
        {candidacyRoles.map((role) => (
          <li key={role}>
            <label className="toggle">
              <input
                type="checkbox"
                name={candidateDateField[role]}
                checked={pending?.role === role ? pending.standing : isStandingThisMonth(user[candidateDateField[role]], candidacyMonth)}
                disabled={pending !== null}
                aria-busy={pending?.role === role || undefined}
                onChange={() => void toggle(role)}
              />
              <span>{t(roleLabels[role])}</span>
            </label>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
