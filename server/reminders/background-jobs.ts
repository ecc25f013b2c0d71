/**
 * The background loops of one server process (config BACKGROUND_JOBS, every REMINDER_INTERVAL_MS): the
 * reminder scheduler (enqueue the digests whose local hour has come), the digest worker (claim and run
 * them) and the mail queue's sender. Every process runs the same loops against the same tables; the
 * job table's unique key and `SKIP LOCKED` claims with leases share the work out (digest-jobs.ts,
 * mail-queue.ts). Started when the app is ready, stopped when it closes: a run in progress finishes the
 * jobs and mails it has claimed, claims no more, and the close waits for it. Nothing here ever runs inside a request.
 *
 * `app.backgroundJobs.runOnce(now)` runs the same steps by hand at a chosen time: the tests' clock and the bench.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Translator } from '../i18n/i18n';
import { pruneSentMails, sendDueMails, type SendReport } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import { claimDigestJobs, enqueueDueDigests, failDigestJob, pruneDigestJobs, type DigestJob } from './digest-jobs';
import { runDigestJob, type DigestContext, type DigestOutcome } from './digest';

export interface DigestReport {
  mailed: number;
  nothingNew: number;
  lost: number;
  failed: number;
}

export interface RunReport {
  enqueued: number;
  digests: DigestReport;
  mails: SendReport;
}

export interface BackgroundJobs {
  /** This process's name in the job table's `locked_by`. */
  readonly workerId: string;
  enqueueDigests(now?: Date): Promise<number>;
  /** Claims and runs every digest job due at `now`. */
  runDigests(now?: Date): Promise<DigestReport>;
  sendMails(now?: Date): Promise<SendReport>;
  /** The scheduler, the worker and the sender once, in that order. */
  runOnce(now?: Date): Promise<RunReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundJobs: BackgroundJobs;
  }
}

export interface BackgroundJobsOptions {
  config: Config;
  database: Database;
  translator: Translator;
  mailer: Mailer;
}

/** How long a claimed digest job is this process's: far longer than one digest takes. */
const JOB_LEASE_SECONDS = 300;
const PRUNE_EVERY_MS = 3_600_000;

export const backgroundJobsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin
  async (app: FastifyInstance, options: BackgroundJobsOptions) => {
    const { config, database, mailer } = options;
    const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    // The embedded database has one connection: side by side would only queue for it.
    const concurrency = database.kind === 'postgres' ? 6 : 1;
    const mailOptions = {
      maxAttempts: config.mailMaxAttempts,
      retrySeconds: config.mailRetrySeconds,
      // Mail servers take several at once whatever the database: its single connection only records them.
      batchSize: 12,
      messageIdDomain: new URL(config.appUrl).hostname || 'fleetdesk.local',
    };
    let stopping = false;
    let lastPrune = 0;

    const context = (): DigestContext => ({
      database,
      model: app.engine,
      translator: options.translator,
      appUrl: config.appUrl,
    });

    async function runOne(digest: DigestContext, job: DigestJob, now: Date): Promise<DigestOutcome | 'failed'> {
      try {
        return await runDigestJob(digest, job, workerId, now);
      } catch (error) {
        app.log.error({ err: error, job: job.id }, 'a reminder digest failed; it will be tried again');
        await failDigestJob(database.pool, job, workerId, now, error).catch((failure: unknown) =>
          app.log.error({ err: failure, job: job.id }, 'could not record a failed reminder digest'),
        );
        return 'failed';
      }
    }

    async function runDigests(now = new Date()): Promise<DigestReport> {
      const report: DigestReport = { mailed: 0, nothingNew: 0, lost: 0, failed: 0 };
      const digest = context();
      while (!stopping) {
        const jobs = await claimDigestJobs(database.pool, workerId, now, JOB_LEASE_SECONDS, concurrency);
        if (jobs.length === 0) break;
        const outcomes = await Promise.all(jobs.map((job) => runOne(digest, job, now)));
        for (const outcome of outcomes) {
          if (outcome === 'mailed') report.mailed += 1;
          else if (outcome === 'lost') report.lost += 1;
          else if (outcome === 'failed') report.failed += 1;
          else report.nothingNew += 1;
        }
      }
      return report;
    }

    const jobs: BackgroundJobs = {
      workerId,
      enqueueDigests: (now = new Date()) => enqueueDueDigests(database.pool, now),
      runDigests,
      sendMails: (now = new Date()) => sendDueMails(database.pool, mailer, mailOptions, now, () => stopping),
      async runOnce(now = new Date()) {
        const enqueued = await jobs.enqueueDigests(now);
        const digests = await runDigests(now);
        const mails = await jobs.sendMails(now);
        if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = now.getTime();
          await pruneDigestJobs(database.pool, now);
          await pruneSentMails(database.pool, now);
        }
        return { enqueued, digests, mails };
      },
    };
    app.decorate('backgroundJobs', jobs);

    if (!config.backgroundJobs) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    const tick = () => {
      timer = null;
      running = jobs
        .runOnce(new Date())
        .then((report) => {
          if (report.enqueued + report.digests.mailed + report.mails.sent + report.mails.failed > 0) app.log.info({ reminders: report }, 'reminders run');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'the reminders run failed; it runs again at the next interval'))
        .finally(() => {
          running = null;
          if (!stopping) timer = setTimeout(tick, config.reminderIntervalMs);
        });
    };
    app.addHook('onReady', (done) => {
      // The first run a moment after start, so the start itself stays quick.
      timer = setTimeout(tick, Math.min(config.reminderIntervalMs, 1_000));
      done();
    });
    // preClose: before any onClose hook closes the mailer or the database under a run still going.
    app.addHook('preClose', async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'fleetdesk-background-jobs', dependencies: ['fleetdesk-engine'] },
);
