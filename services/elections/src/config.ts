import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

export const ElectionsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4003 }),
});
export type ElectionsConfig = Static<typeof ElectionsConfig>;
