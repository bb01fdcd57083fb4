import { EMAIL_TEMPLATES } from '@acompanha/contract';

export type EmailKind = keyof typeof EMAIL_TEMPLATES;

/**
 * Where and how the two forms send (DECISIONS.md §2): build-time settings whose defaults point at
 * this app's own server, which speaks EmailJS's JSON; set them to EmailJS's values to use it instead.
 */
export const EMAIL_SETTINGS = {
  endpoint: import.meta.env.VITE_EMAIL_ENDPOINT ?? '/api/v1.0/email/send',
  serviceId: import.meta.env.VITE_EMAIL_SERVICE_ID ?? 'acompanha',
  publicKey: import.meta.env.VITE_EMAIL_PUBLIC_KEY ?? 'acompanha-web',
  templates: {
    contact: import.meta.env.VITE_EMAIL_TEMPLATE_CONTACT ?? EMAIL_TEMPLATES.contact,
    feedback: import.meta.env.VITE_EMAIL_TEMPLATE_FEEDBACK ?? EMAIL_TEMPLATES.feedback,
  } satisfies Record<EmailKind, string>,
  /** General messages go to the training team, error reports to support (SPEC.md §7). */
  destinations: {
    contact: import.meta.env.VITE_CONTACT_EMAIL ?? 'equipe@acompanha.app',
    feedback: import.meta.env.VITE_SUPPORT_EMAIL ?? 'suporte@acompanha.app',
  } satisfies Record<EmailKind, string>,
};
