import {
  PRODUCT_OPERATIONAL_LABELS,
  formatDuration,
  messages,
  timeFreezes,
} from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/core/context.js';
import { newId } from '../../platform/core/ids.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import type { OutgoingMail } from '../../platform/mail/mail.js';
import { escapeHtml, mailLayout } from '../../platform/mail/mail-layout.js';
import type {
  ProductStatusMailRepository,
  StatusMailContent,
  StatusMailRecipient,
} from './product-status-mail-repository.js';
import { SUBSCRIPTIONS_PATH, statusSentence } from './product-status-notices.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

const text = messages.notifications;

/** A change is mailed once the product's status has been still this long... */
export const STATUS_MAIL_QUIET_MS = 2 * 60_000;
/** ...or, however often it keeps changing, this long after the first change not yet mailed. */
export const STATUS_MAIL_MAX_WAIT_MS = 15 * 60_000;
/** How often due e-mails are looked for (real time; due-ness follows the app clock). */
export const STATUS_MAIL_INTERVAL_MS = 30_000;
/** Subscribers read, mailed and recorded as done per step of a send. */
const BATCH = 100;
/** Mails in flight at once within a batch. */
const PARALLEL = 4;
/** A send's claim lasts this long past each batch: after it, a dead holder's send resumes. */
const CLAIM_MS = 10 * 60_000;
/** After the mail server failed, the send waits this long before it tries again. */
const RETRY_MS = 60_000;
/** Products taken per run (the rest at the next). */
const PRODUCTS_PER_RUN = 20;

export interface ProductStatusMailDeps extends Pick<
  AppContext,
  'clock' | 'jobLeases' | 'config' | 'mailer'
> {
  repository: ProductStatusMailRepository;
  links: UnsubscribeLinks;
  log: FastifyBaseLogger;
  /** Subscribers per batch (tests use a small one). */
  batchSize?: number;
}

/** The mail server itself failed (not one address): stop and try again later. */
class MailServerFailure extends Error {}

/**
 * The product status e-mail, one per change and never a storm: each change (the handler) makes
 * the product's mail wait for a quiet period; this job then mails the product's status as it is
 * NOW to its active subscribers, if it differs from the status last mailed (a status toggled
 * back sends nothing). A send goes in batches through the mailer, recording after each batch
 * the last subscription mailed, so a crash or a failing mail server resumes where it stopped;
 * a claim per product keeps two runs (two nodes, `runOnce`) from mailing anyone twice.
 * Leased: one process runs the timer.
 */
export function createProductStatusMail({
  clock,
  jobLeases,
  config,
  mailer,
  repository,
  links,
  log,
  batchSize = BATCH,
}: ProductStatusMailDeps) {
  function mailFor(
    recipient: StatusMailRecipient,
    productName: string,
    content: StatusMailContent,
  ): OutgoingMail {
    const givenBackMs = Number(recipient.given_back_ms);
    const givenBack =
      givenBackMs > 0 &&
      recipient.given_back_at !== null &&
      Number(recipient.given_back_at) >= content.since
        ? text.productStatusGivenBack(formatDuration(givenBackMs))
        : null;
    const body = [
      statusSentence(productName, content.status, content.note, content.frozen),
      ...(givenBack ? [givenBack] : []),
    ].join(' ');
    const label = PRODUCT_OPERATIONAL_LABELS[content.status];
    const subject =
      content.status === 'operational'
        ? text.productStatusMailSubjectBack(productName)
        : text.productStatusMailSubjectDown(productName, label);
    const greeting = messages.orders.mailGreeting(recipient.username);
    const link = `${config.publicUrl}${SUBSCRIPTIONS_PATH}`;
    const unsubscribe = links.url(recipient.user_id);
    const footer = text.productStatusMailFooter(productName);
    return {
      to: recipient.email,
      subject,
      text: [
        greeting,
        '',
        body,
        '',
        `${text.productStatusMailAction}: ${link}`,
        '',
        footer,
        `${text.productStatusMailUnsubscribe}: ${unsubscribe}`,
      ].join('\n'),
      html: mailLayout(
        escapeHtml(greeting),
        escapeHtml(body),
        text.productStatusMailAction,
        link,
        `${escapeHtml(footer)}<br><a href="${escapeHtml(unsubscribe)}" style="color:#52525b">${escapeHtml(text.productStatusMailUnsubscribe)}</a>`,
      ),
      // RFC 8058: the mail client's own "unsubscribe" POSTs to the link, no page opened.
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /**
   * Mails one batch, a few at a time, in order. A refused address is skipped (logged); a
   * failure of the mail server stops the batch: answers the last recipient mailed (or skipped)
   * with every one before it done too, and whether the server failed.
   */
  async function sendBatch(
    recipients: StatusMailRecipient[],
    productName: string,
    content: StatusMailContent,
  ): Promise<{ doneThrough: number; mailed: number; failure: unknown }> {
    const done = recipients.map(() => false);
    let next = 0;
    let mailed = 0;
    let failure: unknown = null;
    async function worker(): Promise<void> {
      while (failure === null && next < recipients.length) {
        const index = next++;
        const recipient = recipients[index] as StatusMailRecipient;
        try {
          await mailer.send(mailFor(recipient, productName, content));
          done[index] = true;
          mailed += 1;
        } catch (error) {
          if (isAddressRefused(error)) {
            log.warn({ err: error, userId: recipient.user_id }, 'product status mail refused');
            done[index] = true;
          } else {
            failure ??= error;
          }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, recipients.length) }, worker));
    const firstUndone = done.indexOf(false);
    return {
      doneThrough: firstUndone === -1 ? recipients.length - 1 : firstUndone - 1,
      mailed,
      failure,
    };
  }

  /** Takes one product's due e-mail and sends it; answers how many mails went out. */
  async function sendFor(productId: string): Promise<number> {
    const token = newId();
    const claimed = await repository.claim(productId, token, clock.now(), clock.now() + CLAIM_MS);
    if (!claimed) return 0;
    let retryAt: number | null = null;
    try {
      const product = await repository.product(productId);
      if (!product) return 0;
      let content: StatusMailContent;
      let cursor = claimed.cursor;
      if (claimed.sending_status !== null) {
        // A send interrupted (a crash, the mail server down): it resumes after its cursor.
        content = {
          status: claimed.sending_status,
          note: claimed.sending_note,
          frozen: claimed.sending_frozen === 1,
          since: Number(claimed.sending_since),
        };
      } else {
        const changedAt = Number(claimed.changed_at);
        if (product.operational_status === (claimed.mailed_status ?? 'operational')) {
          await repository.settle(productId, token, changedAt);
          return 0;
        }
        content = {
          status: product.operational_status,
          note: product.status_note,
          frozen: timeFreezes({
            status: product.operational_status,
            freezeTime: product.freeze_time,
          }),
          since: Number(claimed.pending_since ?? changedAt),
        };
        if (!(await repository.begin(productId, token, changedAt, content))) return 0;
        cursor = null;
      }

      let sent = 0;
      for (;;) {
        const recipients = await repository.recipients(productId, clock.now(), cursor, batchSize);
        if (recipients.length === 0) break;
        const { doneThrough, mailed, failure } = await sendBatch(recipients, product.name, content);
        sent += mailed;
        const last = recipients[doneThrough];
        if (last) cursor = last.subscription_id;
        const held =
          cursor === null ||
          (await repository.advance(productId, token, cursor, clock.now() + CLAIM_MS));
        if (failure !== null) {
          retryAt = clock.now() + RETRY_MS;
          throw new MailServerFailure('the mail server failed during a product status e-mail', {
            cause: failure,
          });
        }
        // Another run took over (this one outlived its claim): it goes on from the cursor.
        if (!held) return sent;
        if (recipients.length < batchSize) break;
        // Between batches, let requests and other work run.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await repository.finish(productId, token);
      return sent;
    } finally {
      // A no-op once finished (the claim is gone); after a failure, the retry waits.
      await repository.release(productId, token, retryAt);
    }
  }

  async function run(): Promise<number> {
    const due = await repository.due(
      clock.now(),
      STATUS_MAIL_QUIET_MS,
      STATUS_MAIL_MAX_WAIT_MS,
      PRODUCTS_PER_RUN,
    );
    let sent = 0;
    for (const { product_id: productId } of due) {
      try {
        sent += await sendFor(productId);
      } catch (error) {
        log.error({ err: error, productId }, 'product status e-mail failed; retried later');
      }
    }
    return sent;
  }

  return createPeriodicJob({
    run,
    intervalMs: STATUS_MAIL_INTERVAL_MS,
    lease: { name: 'product-status-mail', leases: jobLeases },
    onError: (error) => log.error({ err: error }, 'product status e-mails failed'),
  });
}

/** The server refused this one address (a 5xx to RCPT TO, an envelope error), not the mail. */
function isAddressRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (
    code === 'EENVELOPE' ||
    (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600)
  );
}

export type ProductStatusMail = ReturnType<typeof createProductStatusMail>;
