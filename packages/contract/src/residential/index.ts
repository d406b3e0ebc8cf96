export * from './booking-rules.js';
export * from './api.js';
