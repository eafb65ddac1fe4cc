/** Message descriptors of the roles, one per value so none is missing. */
import type { CandidateTo } from '@civic/contracts';


interface Descriptor {
  id: string;
}

export const roleTitles: Record<CandidateTo, Descriptor> = {
  1: { id: 'elections.role.moderators' },
  2: { id: 'elections.role.scribes' },
  3: { id: 'elections.role.greatWises' },
};

export const roleNames: Record<CandidateTo, Descriptor> = {
  1: { id: 'elections.role.moderator' },
  2: { id: 'elections.role.scribe' },
  3: { id: 'elections.role.greatWise' },
};

export const roleDescriptions: Record<CandidateTo, Descriptor> = {
  1: { id: 'elections.role.moderators.description' },
  2: { id: 'elections.role.scribes.description' },
  3: { id: 'elections.role.greatWises.description' },
};
