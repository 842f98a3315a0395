import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CodRiskOverviewSchema,
  CodRiskSettingsBodySchema,
  CodRiskSettingsReplySchema,
  codRiskSettingsMessages,
} from '../../../contracts/cod-risk';
import { errorReplies } from '../../../contracts/http';
import { codRiskOverview } from '../../modules/cod/cod-risk-records';
import {
  codRiskSettingsView,
  readCodRiskSettings,
  updateCodRiskSettings,
} from '../../modules/cod/cod-risk-settings';
import { staffActorOf } from '../staff-authentication';

/** docs/product.md#cod-risk-rules: the COD risk rules (owners change them), RTO by pincode and the refusals. */
const adminCodRiskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cod-risk-settings',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The COD risk rules',
        response: { 200: CodRiskSettingsReplySchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ settings: await codRiskSettingsView(app.db) }),
  );

  app.put(
    '/cod-risk-settings',
    {
      preValidation: app.requireStaff('owner'),
      schema: {
        tags: ['admin'],
        summary: 'Replace the COD risk rules (owner; audited)',
        body: CodRiskSettingsBodySchema,
        response: { 200: CodRiskSettingsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await updateCodRiskSettings(app.db, request.body, staffActorOf(request));
      return { message: codRiskSettingsMessages.saved, settings: await codRiskSettingsView(app.db) };
    },
  );

  app.get(
    '/cod-risk',
    {
      preValidation: app.requireStaff('support'),
      schema: {
        tags: ['admin'],
        summary: 'The RTO rate by pincode and which COD risk rule refused whom (last 30 days)',
        response: { 200: CodRiskOverviewSchema, ...errorReplies(401, 403) },
      },
    },
    async () => codRiskOverview(app.db, await readCodRiskSettings(app.db)),
  );
};

export default adminCodRiskRoutes;
