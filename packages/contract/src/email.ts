import { z } from 'zod/mini';

export const NAME_EMPTY_MESSAGE = 'O nome não pode ser vazio';
export const NAME_CHARS_MESSAGE = 'Não são permitidos caracteres especiais';

/** Letters (accented Latin included) and spaces only (SPEC.md §5). */
export const personNameSchema = z
  .string()
  .check(z.minLength(1, NAME_EMPTY_MESSAGE), z.regex(/^[A-Za-zÀ-ÖØ-öø-ÿ ]*$/, NAME_CHARS_MESSAGE));

/** The feedback and contact-message forms. */
export const messageFormSchema = z.object({
  name: personNameSchema,
  message: z.string(),
});
export type MessageForm = z.infer<typeof messageFormSchema>;

export const MESSAGE_MAX = 5000;

/** The JSON body the EmailJS REST API takes, so either server can receive it (DECISIONS.md §2). */
export const emailSendRequestSchema = z.object({
  service_id: z.string().check(z.minLength(1), z.maxLength(100)),
  template_id: z.string().check(z.minLength(1), z.maxLength(100)),
  user_id: z.string().check(z.minLength(1), z.maxLength(200)),
  template_params: z.object({
    name: personNameSchema.check(z.maxLength(120)),
    message: z.string().check(z.maxLength(MESSAGE_MAX)),
    /**
     * The sender's address (the e-mail's Reply-To). The server ignores it when a bearer token
     * names the sender, and requires a well-formed address (`emailSchema`) when none does.
     */
    user_email: z.string().check(z.maxLength(254)),
    destination: z.string().check(z.maxLength(254)),
  }),
});
export type EmailSendRequest = z.infer<typeof emailSendRequestSchema>;

/** The two templates: general messages go to the team, error reports to support. */
export const EMAIL_TEMPLATES = { contact: 'template_contact', feedback: 'template_feedback' } as const;
