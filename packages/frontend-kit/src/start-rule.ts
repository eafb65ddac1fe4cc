/**
 * What a proposals phase waits for when its start rule is not met (docs/product.md#start-rule-and-extensions),
 * in words, for the header, the home page and the decision screens alike. The rule is the decisions
 * service's: this reads its answer (`met`, the counts and what is required) and never decides it.
 */
export interface StartRuleState {
  verifiedUsers: number;
  proposals: number;
  requiredUsers: number;
  requiredProposals: number;
  met: boolean;
}

export interface StartRuleWait {
  proposals: number;
  users: number;
}

/**
 * What the cycle still waits for: null when it waits for nothing (not in its proposals phase, or the
 * service says the rule is met). While it waits, its deadline only brings the next extension check,
 * so a countdown to it would say "any moment now" and start over: the screens say this instead.
 */
export function startRuleWait(cycle: { phase: string; startRule: StartRuleState }): StartRuleWait | null {
  const rule = cycle.startRule;
  if (cycle.phase !== 'proposals' || rule.met) return null;
  return { proposals: Math.max(0, rule.requiredProposals - rule.proposals), users: Math.max(0, rule.requiredUsers - rule.verifiedUsers) };
}

const plural = (locale: string, count: number) => new Intl.PluralRules(locale).select(count) === 'one';

/**
 * "Waiting for 3 more proposals", "Encore 3 propositions attendues", with the verified citizens when
 * they are missing too. `short` leaves "Waiting for" out, for the header ("3 more proposals").
 */
export function waitingText(locale: string, wait: StartRuleWait, { short = false } = {}): string {
  const french = locale.toLowerCase().startsWith('fr');
  const { proposals, users } = wait;
  if (french) {
    const p = `${proposals} ${plural('fr', proposals) ? 'proposition' : 'propositions'}`;
    const u = `${users} ${plural('fr', users) ? 'citoyen vérifié' : 'citoyens vérifiés'}`;
    // A mixed list agrees in the masculine plural ("3 propositions et 20 citoyens vérifiés attendus").
    const what =
      proposals > 0 && users > 0
        ? `${p} et ${u} attendus`
        : users > 0
          ? `${u} ${plural('fr', users) ? 'attendu' : 'attendus'}`
          : proposals > 0
            ? `${p} ${plural('fr', proposals) ? 'attendue' : 'attendues'}`
            : null;
    if (!what) return 'En attente de la règle de départ';
    return short ? what : `Encore ${what}`;
  }
  const p = `${proposals} more ${plural('en', proposals) ? 'proposal' : 'proposals'}`;
  const u = `${users} more verified ${plural('en', users) ? 'citizen' : 'citizens'}`;
  const what = proposals > 0 && users > 0 ? `${p} and ${u}` : users > 0 ? u : proposals > 0 ? p : 'the start rule';
  return short ? what : `Waiting for ${what}`;
}
