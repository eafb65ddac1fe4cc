import Type from 'typebox';
import { BaseConfigProperties, ConfigError, loadConfig } from '@civic/service-kit';

const Schema = Type.Object({ ...BaseConfigProperties, PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4100 }) });
const valid = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' };

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(Schema, { ...valid, OUTBOX_POLL_MS: '40' });
    expect(config.PORT).toBe(4100);
    expect(config.OUTBOX_POLL_MS).toBe(40);
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names a missing variable', () => {
    expect(() => loadConfig(Schema, {})).toThrow(/DATABASE_URL is required/);
  });

  it('names every bad variable with the value it got', () => {
    try {
      loadConfig(Schema, { ...valid, PORT: 'eighty', NATS_URL: 'http://nats', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT is invalid .*"eighty"/);
      expect(problems).toMatch(/NATS_URL is invalid .*"http:\/\/nats"/);
      expect(problems).toMatch(/LOG_LEVEL is invalid/);
    }
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig(Schema, { ...valid, PORT: '70000' })).toThrow(/PORT is invalid/);
  });
});
