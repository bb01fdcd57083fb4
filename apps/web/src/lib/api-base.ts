/** Where the API answers: the web app's own origin in production (the server serves both), or VITE_API_URL. */
export const API_BASE: string = import.meta.env.VITE_API_URL ?? '/api';
