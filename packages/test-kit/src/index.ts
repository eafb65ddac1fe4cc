export * from './isolation.js';
export * from './nats-server.js';
export * from './wait.js';
export * from './pg-sql-client.js';
export * from './tokens.js';
export * from './fuzz.js';
export * from './events.js';
