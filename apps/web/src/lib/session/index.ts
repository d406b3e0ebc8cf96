export * from './features';
export * from './hash-token';
export * from './session';
export * from './session-context';
export * from './two-factor-setup';
export * from './signed-in';
