import type { contactSchema } from '@kettle/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { contactMessages } from '../../db/schema.js';
import { contactMail } from '../../lib/mailer/templates.js';

type ContactData = z.output<typeof contactSchema>;

/**
 * Keeps the message (so none is lost) and mails it to the team's address. The honeypot: a person
 * never sees `website`, so whoever filled it is a bot; it is answered alike and nothing is kept.
 */
export async function sendContactMessage(
  ctx: AppContext,
  data: ContactData,
  ip: string,
  userId: string | null,
): Promise<void> {
  await ctx.limits.hit('contactPerIp', ip, 'Too many messages. Please try again later.');
  const { website, ...input } = data;
  if (website) return;
  await ctx.db.insert(contactMessages).values({ ...input, userId });
  const teamAddress = ctx.config.admin?.email ?? ctx.config.mailFrom;
  await ctx.mailer.send(contactMail(teamAddress, input));
}
