import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import type { LimitRule } from '../../plugins/rate-limit.js';
import { HttpError } from '../../plugins/errors.js';
import type { Outbox } from '../outbox/service.js';
import { publishedSiteOf, siteBody } from './team-site.js';
import { teamSiteContactMessages, type teamSiteContactBodySchema } from '@muster/contract';

/*
 * POST /teams/{id}/site/contact-us (platform-foundation §7 "Team sites"): a visitor's message from
 * a published team site's contact form, queued through the outbox to the site's contact address
 * (which the site never shows). Public, so limited per client address and per site.
 */

const MINUTE = 60 * 1000;

/** Limits of the public team-site calls, like the other public forms'. */
export const teamSiteLimitRules = {
  /** 5 contact messages per client address in 15 minutes. */
  contactAddress: { name: 'team-site-contact:address', max: 5, timeWindowMs: 15 * MINUTE },
  /** 30 contact messages to one site per hour, from anywhere: a flood cannot bury the team's inbox. */
  contactSite: { name: 'team-site-contact:site', max: 30, timeWindowMs: 60 * MINUTE },
  /** 60 download logs per client address per minute. */
  downloadAddress: { name: 'team-site-download:address', max: 60, timeWindowMs: MINUTE },
} as const satisfies Record<string, LimitRule>;

export type TeamSiteContactBody = z.infer<typeof teamSiteContactBodySchema>;

/** The email the team gets: plain text, the visitor's words as written. */
export function contactEmailText(siteTitle: string, body: TeamSiteContactBody): string {
  return [
    `A message from the contact form of ${siteTitle}:`,
    '',
    `From: ${body.name} <${body.email}>`,
    ...(body.phone === undefined ? [] : [`Phone: ${body.phone}`]),
    '',
    body.message,
    '',
    'Reply to the address above to answer.',
  ].join('\n');
}

/**
 * Queues the visitor's message to the published site's contact address (one transaction: the
 * email exists only if the call succeeded); the caller dispatches it after. 404 for a team
 * whose site is missing, unpublished, another organisation's, or has no contact address.
 */
export async function sendTeamSiteContact(
  db: Database,
  outbox: Pick<Outbox, 'queueEmail'>,
  organisationId: number,
  rawTeamId: string,
  body: TeamSiteContactBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { site } = await publishedSiteOf(tx, organisationId, rawTeamId);
    const { title, contact_email: to } = siteBody(site);
    if (to === null) {
      throw new HttpError(404, teamSiteContactMessages.noContactForm);
    }
    await outbox.queueEmail(tx, {
      organisationId,
      to,
      subject: `Contact form: ${title}`.replace(/[\r\n]+/g, ' ').slice(0, 250),
      text: contactEmailText(title, body),
    });
  });
}
