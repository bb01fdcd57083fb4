interface ImportMetaEnv {
  /** Base URL of the API; defaults to `/api` on the web app's own origin. */
  readonly VITE_API_URL?: string;
  /** E-mail sending (features/messages/email-settings.ts): EmailJS's REST API or this server's copy of it. */
  readonly VITE_EMAIL_ENDPOINT?: string;
  readonly VITE_EMAIL_SERVICE_ID?: string;
  readonly VITE_EMAIL_TEMPLATE_CONTACT?: string;
  readonly VITE_EMAIL_TEMPLATE_FEEDBACK?: string;
  readonly VITE_EMAIL_PUBLIC_KEY?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  /** The evaluation report's branding (features/profile/report-settings.ts). */
  readonly VITE_BUSINESS_NAME?: string;
  readonly VITE_BRAND_COLOR?: string;
  readonly VITE_BRAND_ACCENT_COLOR?: string;
}

/** The web package's version (vite.config.ts), which keys the persisted query cache. */
declare const __APP_VERSION__: string;
