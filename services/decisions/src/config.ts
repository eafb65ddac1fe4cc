import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

export const DecisionsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4002 }),
  START_MIN_VERIFIED_USERS: Type.Integer({ minimum: 0, default: 150 }),
  START_MIN_PROPOSALS: Type.Integer({ minimum: 0, default: 10 }),
});
export type DecisionsConfig = Static<typeof DecisionsConfig>;
