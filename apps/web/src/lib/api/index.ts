export * from './catalogue-api';
export * from './catalogue-types';
export * from './client';
export * from './errors';
export * from './resource';
export * from './token-store';
export * from './default-client';
