import { ConfigError, loadConfig } from '@civic/service-kit';
import Value from 'typebox/value';
import { ChatConfig, SEVERAL_INSTANCES_NEED_REDIS } from '../src/config.js';

const required = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' };

describe('chat as one of several instances', () => {
  it('starts alone without Redis, as one instance by default', () => {
    expect(loadConfig(ChatConfig, required).CHAT_MULTI_INSTANCE).toBe(false);
    expect(loadConfig(ChatConfig, { ...required, CHAT_MULTI_INSTANCE: 'false' }).REDIS_URL).toBe('');
  });

  it('starts as one of several instances with Redis', () => {
    const config = loadConfig(ChatConfig, { ...required, CHAT_MULTI_INSTANCE: 'true', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.CHAT_MULTI_INSTANCE).toBe(true);
  });

  it('refuses to start as one of several instances without Redis, saying why', () => {
    expect(() => loadConfig(ChatConfig, { ...required, CHAT_MULTI_INSTANCE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig(ChatConfig, { ...required, CHAT_MULTI_INSTANCE: 'true', REDIS_URL: '' })).toThrow(ConfigError);
    const settings = Value.Convert(ChatConfig, Value.Default(ChatConfig, { ...required, CHAT_MULTI_INSTANCE: 'true' }));
    expect([...Value.Errors(ChatConfig, settings)].map((error) => error.message)).toEqual([SEVERAL_INSTANCES_NEED_REDIS]);
    expect(SEVERAL_INSTANCES_NEED_REDIS).toMatch(/REDIS_URL is not set/);
  });
});
