export * from './hash-state';
export * from './use-hash-state';
