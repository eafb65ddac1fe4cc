import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

export const ChatConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4004 }),
});
export type ChatConfig = Static<typeof ChatConfig>;
