import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { answer } from '../../http/envelope';
import { type PasswordResetService, RESET_MAIL_WINDOW_MS } from './service';

/** Reset mails one address may receive per window, however many clients ask. */
const RESET_MAILS_PER_ADDRESS = 3;
/** Codes one client (IP) may try per window, on top of each code's own limit of tries. */
const RESET_TRIES_PER_IP = 30;

export function passwordResetRoutes(app: FastifyInstance, service: PasswordResetService): void {
  registerEndpoint(
    app,
    endpoints.auth.sendMail,
    async ({ payload, request, t }) => {
      await service.requestCode({ email: payload.email, ip: request.ip, t });
      return answer(null, 'auth.reset_sent');
    },
    {
      rateLimit: {
        max: RESET_MAILS_PER_ADDRESS,
        timeWindow: RESET_MAIL_WINDOW_MS,
        // The limit runs after validation, so the body holds a well-formed address.
        keyGenerator: (request) =>
          `reset-mail:${String((request.body as { email: string }).email).toLowerCase()}`,
      },
    },
  );

  registerEndpoint(
    app,
    endpoints.auth.resetPwd,
    async ({ payload }) => {
      await service.reset(payload);
      return answer(null, 'auth.password_reset');
    },
    { rateLimit: { max: RESET_TRIES_PER_IP, timeWindow: RESET_MAIL_WINDOW_MS } },
  );
}
