export * from './auth-api';
