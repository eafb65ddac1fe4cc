/** Events published by the elections service (stream `elections`). */
import Type from 'typebox';
import { defineEvent, Uuid } from './event-definitions.js';

const Officials = Type.Object({
  moderators: Type.Array(Uuid),
  scribes: Type.Array(Uuid),
  greatWises: Type.Array(Uuid),
});

/** An election closed: the officials of the month, by role. Identity sets the role flags from it. */
export const ElectionClosed = defineEvent(
  'elections.election.closed',
  1,
  Type.Object({
    electionId: Uuid,
    month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
    elected: Officials,
    /** Officials of the previous month who were not re-elected: they lose the role. */
    removed: Officials,
  }),
);
