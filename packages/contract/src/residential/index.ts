export * from './booking-rules.js';
export * from './api.js';
export * from './user-booking.js';
export * from './admin.js';
