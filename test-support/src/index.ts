export * from './google.js';
export * from './fake-stripe.js';
export * from './fake-providers.js';
export * from './items.js';
export * from './images.js';
