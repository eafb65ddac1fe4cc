export * from './infrastructure.js';
export * from './isolation.js';
export * from './nats-server.js';
export * from './wait.js';
