/** Events published by the notifications service (stream `notifications`). */
import Type from 'typebox';
import { alertMessageKeys } from './enums.js';
import { DateTime, defineEvent, Uuid } from './event-definitions.js';
import { literals } from './http-schemas.js';

/**
 * A member's digest of what they follow is due (daily or weekly, their preference): identity mails
 * it in the member's language through its mail path. Composed once per member and period, whatever
 * the number of notifications replicas; `digestId` lets identity send it once.
 * `items` are the newest alerts of the period (at most 50), `more` how many older ones were left out.
 * `unsubscribeToken` goes into the mail's one-click unsubscribe link (`/unsubscribe?token=`).
 */
export const DigestComposed = defineEvent(
  'notifications.digest.composed',
  1,
  Type.Object({
    digestId: Uuid,
    userId: Uuid,
    period: Type.Union([Type.Literal('daily'), Type.Literal('weekly')]),
    from: DateTime,
    to: DateTime,
    items: Type.Array(
      Type.Object({
        messageKey: literals(alertMessageKeys),
        params: Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 300 }), Type.Number()])),
        /** Shell route of the content concerned, or null. */
        link: Type.Union([Type.String(), Type.Null()]),
        at: DateTime,
      }),
      { maxItems: 50 },
    ),
    more: Type.Integer({ minimum: 0 }),
    unsubscribeToken: Type.String({ minLength: 16, maxLength: 512 }),
  }),
);
