import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

export const NotificationsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4005 }),
});
export type NotificationsConfig = Static<typeof NotificationsConfig>;
