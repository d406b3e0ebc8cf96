// Row and body schemas of catalogue resources stored in tables of their own, one file per area.
export {};
export * from './events.js';
export * from './permissions.js';
export * from './rotas.js';
export * from './people-work.js';
export * from './per-user.js';
export * from './vetting.js';
export * from './activities.js';
export * from './content.js';
export * from './per-user-records.js';
