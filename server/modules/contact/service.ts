import type { ContactMessage } from '../../../contracts/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string | undefined;
}

export async function saveContactMessage(db: Database, message: ContactMessage, origin: RequestOrigin) {
  const [saved] = await db
    .insert(contactMessages)
    .values({ ...message, ipAddress: origin.ipAddress, userAgent: origin.userAgent?.slice(0, 500) })
    .returning({ id: contactMessages.id });
  return saved;
}
