import type { ResourceBinding } from './types.js';

/** Catalogue entries of this area stored in their own tables. */
export const rotasShiftsBindings: ResourceBinding[] = [];
