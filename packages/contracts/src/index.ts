export * from './errors.js';
export * from './enums.js';
export * from './limits.js';
export * from './events.js';
export * from './identity.js';
export * from './decisions.js';
