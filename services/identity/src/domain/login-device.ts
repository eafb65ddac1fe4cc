import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie set at each successful login: it names the account and a random device id,
 * signed with identity's secret (HMAC-SHA256), so that the member's correct password from that
 * browser is accepted while guesses from elsewhere lock the account (domain/login-limits.ts). It
 * proves nothing alone: the password is still checked, and the device's own failures are limited.
 */
export const DEVICE_COOKIE_DAYS = 365;

/** Known addresses not logged in from for this long are forgotten. */
export const KNOWN_ADDRESS_DAYS = 90;

export interface LoginDevice {
  userId: string;
  deviceId: string;
}

const mac = (key: string, userId: string, deviceId: string) => createHmac('sha256', key).update(`login-device:${userId}.${deviceId}`).digest('base64url');

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value: `<userId>.<deviceId>.<signature>`. */
export function signDevice(key: string, device: LoginDevice): string {
  return `${device.userId}.${device.deviceId}.${mac(key, device.userId, device.deviceId)}`;
}

/** The device a cookie names when its signature holds, else null. */
export function readDevice(key: string, value: string | undefined): LoginDevice | null {
  const [userId, deviceId, signature, ...rest] = (value ?? '').split('.');
  if (!userId || !deviceId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, userId, deviceId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, deviceId } : null;
}
