import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwtConfigProperties } from '@civic/service-kit';

export const IdentityConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwtConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4001 }),
});
export type IdentityConfig = Static<typeof IdentityConfig>;
