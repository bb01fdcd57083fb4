import { EMAIL_MESSAGE, EMAIL_TEMPLATES, emailSchema, emailSendRequestSchema } from '@acompanha/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKey } from '../../counters/address-key.js';
import { bearerToken } from '../../plugins/auth.js';
import { badField, tooManyRequests } from '../../errors.js';

/**
 * The EmailJS-compatible relay. The recipient comes from the template's configuration, never
 * from the request's `destination`, so this is no open relay. A signed-in client sends as the
 * user its token names, whatever the body's `user_email` says; without a token (an error report
 * from a signed-out screen) the body's address must be one, and the limit is tighter and per
 * caller address, since nothing else identifies the sender.
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = {
    [EMAIL_TEMPLATES.contact]: { to: app.config.CONTACT_EMAIL, subject: 'Acompanha: mensagem de' },
    [EMAIL_TEMPLATES.feedback]: { to: app.config.SUPPORT_EMAIL, subject: 'Acompanha: relato de erro de' },
  } as Record<string, { to: string; subject: string }>;

  // Per account, not per address: many clients share one address behind a carrier's CGNAT or a gym's Wi-Fi.
  const signedInLimit = app.createRateLimit({
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `email:user:${request.user.user_id}`,
  });
  const signedOutLimit = app.createRateLimit({
    max: 3,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `email:address:${addressKey(request.ip)}`,
  });

  // A token that is sent must be a valid client's: its 401 lets the web app refresh it and send as
  // the user, and a staff account gets 403 like on every client route.
  const clientWhenSignedIn = async (request: FastifyRequest) => {
    if (bearerToken(request) !== undefined) await app.clientOnly(request);
  };

  app.post('/v1.0/email/send', { schema: { body: emailSendRequestSchema }, preHandler: clientWhenSignedIn }, async (request, reply) => {
    const { template_id, template_params: params } = request.body;
    const signedIn = bearerToken(request) !== undefined;
    const template = templates[template_id];
    if (!template) throw badField('template_id', 'modelo de e-mail desconhecido.');
    if (!signedIn && !emailSchema.safeParse(params.user_email).success) {
      throw badField('template_params.user_email', EMAIL_MESSAGE);
    }
    const sender = signedIn ? request.user.sub : params.user_email;

    const limit = await (signedIn ? signedInLimit : signedOutLimit)(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttl);

    await app.mailer.send({
      to: template.to,
      subject: `${template.subject} ${params.name}`,
      text: `Nome: ${params.name}\nE-mail: ${sender}${signedIn ? '' : ' (informado sem login, não verificado)'}\n\n${params.message}`,
      replyTo: sender,
    });
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
};
