import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderMessages } from '../../contracts/admin-orders';
import { errorReplies } from '../../contracts/http';
import { Gstr1QuerySchema, invoiceMessages, OrderTaxDocumentsSchema } from '../../contracts/invoices';
import { paymentMessages } from '../../contracts/orders';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { AppError } from '../errors';
import { gstr1Zip } from '../modules/invoices/gstr1-zip';
import { pdfFileName } from '../modules/invoices/invoice-attachment';
import { renderDocumentPdf } from '../modules/invoices/invoice-pdf';
import { creditNotesOfOrder, invoiceOfOrder } from '../modules/invoices/issue-documents';
import { findUserOrder } from '../modules/orders/order-view';
import { currentUserId } from './authentication';

const readErrors = errorReplies(400, 401, 403, 404);
const OrderParamsSchema = z.object({ id: z.string().max(64) });
const CreditNoteParamsSchema = z.object({ id: z.string().max(64), number: z.string().max(40) });
const pdfReply = { 200: z.unknown().describe('application/pdf'), ...readErrors };

async function documentsOf(db: Database, orderId: string, base: string) {
  const invoice = await invoiceOfOrder(db, orderId);
  const notes = invoice ? await creditNotesOfOrder(db, orderId) : [];
  const link = (document: { number: string; issuedAt: Date; totalPaise: number }, path: string) => ({
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    totalPaise: document.totalPaise,
    url: `${base}/${orderId}/${path}`,
  });
  return {
    invoice: invoice ? link(invoice, 'invoice.pdf') : null,
    creditNotes: notes.map((note) => link(note, `credit-notes/${pdfFileName(note.number)}`)),
  };
}

async function sendPdf(db: Database, reply: FastifyReply, orderId: string, creditNoteFile?: string) {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) throw new AppError('not_found', invoiceMessages.invoiceNotFound);
  let pdf: Buffer;
  let fileName: string;
  if (creditNoteFile === undefined) {
    pdf = await renderDocumentPdf({ kind: 'invoice', document: invoice });
    fileName = pdfFileName(invoice.number);
  } else {
    const note = (await creditNotesOfOrder(db, orderId)).find(
      (row) => pdfFileName(row.number) === creditNoteFile,
    );
    if (!note) throw new AppError('not_found', invoiceMessages.creditNoteNotFound);
    pdf = await renderDocumentPdf({ kind: 'credit_note', document: note, invoiceNumber: invoice.number });
    fileName = pdfFileName(note.number);
  }
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** docs/architecture.md#invoices: the shopper's own documents, the console's, and the owner's GSTR-1 export. */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');

  async function shopperOrderId(userId: string, orderId: string): Promise<string> {
    const order = await findUserOrder(app.db, userId, orderId);
    if (!order) throw new AppError('not_found', paymentMessages.orderNotFound);
    return order.id;
  }

  async function consoleOrderId(orderId: string): Promise<string> {
    const parsed = z.uuid().safeParse(orderId);
    const [order] = parsed.success
      ? await app.db.select({ id: orders.id }).from(orders).where(eq(orders.id, parsed.data))
      : [];
    if (!order) throw new AppError('not_found', adminOrderMessages.orderNotFound);
    return order.id;
  }

  const shopper = { preHandler: app.requireUser };
  app.get(
    '/orders/:id/documents',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: "The order's tax invoice and credit notes",
        params: OrderParamsSchema,
        response: { 200: OrderTaxDocumentsSchema, ...readErrors },
      },
    },
    async (request) =>
      documentsOf(app.db, await shopperOrderId(currentUserId(request), request.params.id), '/api/orders'),
  );
  app.get(
    '/orders/:id/invoice.pdf',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: "The order's tax invoice as PDF",
        params: OrderParamsSchema,
        produces: ['application/pdf'],
        response: pdfReply,
      },
    },
    async (request, reply) =>
      sendPdf(app.db, reply, await shopperOrderId(currentUserId(request), request.params.id)),
  );
  app.get(
    '/orders/:id/credit-notes/:number',
    {
      ...shopper,
      schema: {
        tags: ['orders'],
        summary: 'A credit note of the order as PDF',
        params: CreditNoteParamsSchema,
        produces: ['application/pdf'],
        response: pdfReply,
      },
    },
    async (request, reply) =>
      sendPdf(
        app.db,
        reply,
        await shopperOrderId(currentUserId(request), request.params.id),
        request.params.number,
      ),
  );

  app.get(
    '/admin/orders/:id/documents',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "The order's tax invoice and credit notes",
        params: OrderParamsSchema,
        response: { 200: OrderTaxDocumentsSchema, ...readErrors },
      },
    },
    async (request) => documentsOf(app.db, await consoleOrderId(request.params.id), '/api/admin/orders'),
  );
  app.get(
    '/admin/orders/:id/invoice.pdf',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "The order's tax invoice as PDF",
        params: OrderParamsSchema,
        produces: ['application/pdf'],
        response: pdfReply,
      },
    },
    async (request, reply) => sendPdf(app.db, reply, await consoleOrderId(request.params.id)),
  );
  app.get(
    '/admin/orders/:id/credit-notes/:number',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'A credit note of the order as PDF',
        params: CreditNoteParamsSchema,
        produces: ['application/pdf'],
        response: pdfReply,
      },
    },
    async (request, reply) =>
      sendPdf(app.db, reply, await consoleOrderId(request.params.id), request.params.number),
  );
  app.get(
    '/admin/gstr1.zip',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          "A month's invoices and credit notes as the GST offline tool's GSTR-1 CSV files, zipped (owner)",
        querystring: Gstr1QuerySchema,
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('application/zip'), ...readErrors },
      },
    },
    async (request, reply) => {
      const { fileName, zip } = await gstr1Zip(app.db, request.query.month);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};

export default invoiceRoutes;
