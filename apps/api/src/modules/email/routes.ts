import { EMAIL_TEMPLATES, emailSendRequestSchema } from '@acompanha/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../plugins/errors.js';

/**
 * The EmailJS-compatible relay. The recipient comes from the template's configuration, never
 * from the request's `destination`, so this is no open relay.
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = {
    [EMAIL_TEMPLATES.contact]: { to: app.config.CONTACT_EMAIL, subject: 'Acompanha: mensagem de' },
    [EMAIL_TEMPLATES.feedback]: { to: app.config.SUPPORT_EMAIL, subject: 'Acompanha: relato de erro de' },
  } as Record<string, { to: string; subject: string }>;

  app.post(
    '/v1.0/email/send',
    {
      schema: { body: emailSendRequestSchema },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { template_id, template_params: params } = request.body;
      const template = templates[template_id];
      if (!template) throw new ApiError(400, 'template_id: modelo de e-mail desconhecido.');
      await app.mailer.send({
        to: template.to,
        subject: `${template.subject} ${params.name}`,
        text: `Nome: ${params.name}\nE-mail: ${params.user_email || '(não informado)'}\n\n${params.message}`,
        ...(params.user_email ? { replyTo: params.user_email } : {}),
      });
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );
};
