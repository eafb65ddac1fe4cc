/**
 * How the chat reads the Redis stream the instances share: the streams adapter reads from "$" until it
 * has read a first entry, and an entry added between two of its polls must still be read (it was lost
 * before: the first messages after an instance started reached only some of the other instances'
 * clients).
 */
import { testRedisPrefix } from '@civic/test-kit';
import { connectRedis, streamsAdapterClient, type ChatRedis } from '../src/store/redis.js';

interface StreamsClient {
  xread(...args: (string | number)[]): Promise<[string, [string, string[]][]][] | null>;
  xadd(args: (string | number)[]): Promise<string>;
}

let redis: ChatRedis;
const stream = `${testRedisPrefix()}socket.io`;

beforeAll(async () => {
  redis = await connectRedis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  await redis.client.del(stream);
  await redis.close();
});

const read = (adapter: StreamsClient, offset: string) => adapter.xread('BLOCK', 100, 'COUNT', 100, 'STREAMS', stream, offset);
const ids = (answer: Awaited<ReturnType<StreamsClient['xread']>>) => (answer?.[0]?.[1] ?? []).map(([id]) => id);

it('reads an entry added between two polls that started from "$"', async () => {
  const adapter = streamsAdapterClient(redis.client, redis.reader) as StreamsClient;
  const before = await redis.client.xAdd(stream, '*', { nsp: '/', type: '0' });
  expect(await read(adapter, '$')).toBeNull(); // nothing new: an earlier entry is not read again
  const between = await redis.client.xAdd(stream, '*', { nsp: '/', type: '0' });
  expect(ids(await read(adapter, '$'))).toEqual([between]);
  const next = await redis.client.xAdd(stream, '*', { nsp: '/', type: '0' });
  expect(ids(await read(adapter, '$'))).toEqual([next]);
  expect(ids(await read(adapter, before))).toEqual([between, next]); // a concrete offset is read as given
});

it('starts from the beginning of a stream that has no entry yet', async () => {
  const empty = `${stream}:empty`;
  const adapter = streamsAdapterClient(redis.client, redis.reader) as StreamsClient;
  expect(await adapter.xread('BLOCK', 100, 'COUNT', 100, 'STREAMS', empty, '$')).toBeNull();
  const first = await redis.client.xAdd(empty, '*', { nsp: '/', type: '0' });
  try {
    expect(ids(await adapter.xread('BLOCK', 100, 'COUNT', 100, 'STREAMS', empty, '$'))).toEqual([first]);
  } finally {
    await redis.client.del(empty);
  }
});
