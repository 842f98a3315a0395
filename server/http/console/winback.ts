import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import {
  WinbackReportSchema,
  WinbackSettingsBodySchema,
  WinbackSettingsReplySchema,
  winbackMessages,
} from '../../../contracts/winback';
import { winbackReport } from '../../modules/winback/winback-report';
import { updateWinbackSettings, winbackSettingsView } from '../../modules/winback/winback-settings';
import { staffActorOf } from '../staff-authentication';

// docs/product.md#winback-settings and #winback-report.

const adminWinbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  app.get(
    '/winback/settings',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Checkout reminders: on or off, their delays and the second one’s code',
        response: { 200: WinbackSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await winbackSettingsView(app.db) }),
  );

  app.put(
    '/winback/settings',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: 'Replace the checkout reminder settings (owner; audited)',
        body: WinbackSettingsBodySchema,
        response: { 200: WinbackSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateWinbackSettings(app.db, request.body, staffActorOf(request));
      return { message: winbackMessages.settingsSaved, settings: await winbackSettingsView(app.db) };
    },
  );

  app.get(
    '/winback/report',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary:
          'The last 30 days: reminders sent, checkouts recovered and their revenue, back-in-stock notices',
        response: { 200: WinbackReportSchema, ...errorReplies(401, 403) },
      },
    },
    async () => winbackReport(app.db),
  );
};

export default adminWinbackRoutes;
