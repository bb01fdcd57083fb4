interface ImportMetaEnv {
  /** Base URL of the API; defaults to `/api` on the web app's own origin. */
  readonly VITE_API_URL?: string;
}
