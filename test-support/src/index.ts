export * from './google.js';
export * from './fake-stripe.js';
export * from './fake-providers.js';
