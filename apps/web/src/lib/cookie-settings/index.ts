export * from './cookie-settings';
