export * from './common.js';
export * from './errors.js';
export * from './auth.js';
export * from './clients.js';
export * from './evaluations.js';
export * from './diets.js';
export * from './workouts.js';
export * from './email.js';
