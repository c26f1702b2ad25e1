export * from './google.js';
export * from './fake-stripe.js';
