/**
 * The server's configuration, read once from the environment (docs/architecture.md, "Configuration").
 * Every value is checked at start so a typo fails loudly with all problems listed, instead of a
 * half-working server.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import type { ClockHours } from './db/vacuum-steps';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (embedded database, mail outbox). */
  dataDir: string;
  /** A PostgreSQL connection string, or null for the embedded PGlite database in `dataDir/pgdata`. */
  databaseUrl: string | null;
  /** An SMTP connection string, or null to write mails to `dataDir/outbox` and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Base URL of the web app, for links in mails (no trailing slash). */
  appUrl: string;
  logLevel: LogLevel;
  /** Sign-in, registration and reset requests per minute per client address and route. */
  authRateLimit: number;
  /**
   * Which proxies' `X-Forwarded-For` names the client (TRUST_PROXY; Fastify's `trustProxy`): false (unset) uses the
   * connection's address; a number trusts that many proxies in front; a list trusts those addresses and ranges.
   * Behind a load balancer the per-address limits need it, or every client shares the balancer's address.
   */
  trustProxy: false | number | string[];
  /**
   * Failed sign-ins per account (server/auth/sign-in-throttle.ts): free failures before a growing delay
   * (SIGN_IN_FREE_FAILURES, 5), its cap in seconds (SIGN_IN_MAX_DELAY_SECONDS, 60), and the failures that
   * send the owner a mail (SIGN_IN_ALERT_AFTER, 10).
   */
  signInThrottle: { freeFailures: number; maxDelaySeconds: number; alertAfter: number };
  /** Serve the API docs page at /api/docs (API_DOCS=on|off; default on, off when NODE_ENV=production). */
  apiDocs: boolean;
  /**
   * Run the background loops in this process (BACKGROUND_JOBS=on|off, default on): the reminder scheduler,
   * its digest worker and the mail queue's sender (server/reminders/). Off, nothing is enqueued or sent by
   * this process; tests that drive a run by hand switch them off.
   */
  backgroundJobs: boolean;
  /** How often the loops run, in milliseconds (REMINDER_INTERVAL_MS, default one minute). */
  reminderIntervalMs: number;
  /** Delivery attempts of a queued mail before it is `failed` and shown to administrators (MAIL_MAX_ATTEMPTS). */
  mailMaxAttempts: number;
  /** Wait before the first retry of a failed delivery, doubling with each further one (MAIL_RETRY_SECONDS). */
  mailRetrySeconds: number;
  /**
   * The embedded database's VACUUM of its most changed engine tables while the server is idle
   * (server/db/idle-vacuum.ts): EMBEDDED_VACUUM=on|off (default on), after EMBEDDED_VACUUM_IDLE_MS without a
   * request (3000), for a table with EMBEDDED_VACUUM_MIN_ROWS changed rows (10000; or 10 % of a smaller table);
   * the full pass of a table with large indexes after EMBEDDED_VACUUM_FULL_IDLE_MS (30000), between the hours of
   * EMBEDDED_VACUUM_FULL_HOURS on the server's clock (`0-6`; `any` for every hour).
   * Nothing runs on PostgreSQL, which has autovacuum.
   */
  embeddedVacuum: { enabled: boolean; idleMs: number; minRows: number; fullIdleMs: number; fullPassHours: ClockHours | null };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  // An empty variable counts as unset: `DATABASE_URL= npm start` means "no database server".
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const url = (name: string, protocols: string[]) => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      }
    } catch {
      // The value itself may hold a password: never echo it.
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  };

  const onOff = (name: string, fallback: boolean) => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'on' || raw === 'off') return raw === 'on';
    problems.push(`${name} must be on or off (got "${raw}")`);
    return fallback;
  };

  /** `any` (or `0-24`), or hours of the clock `from-to` (0 to 24, across midnight when from is later: `22-6`). */
  const clockHours = (name: string, fallback: ClockHours | null): ClockHours | null => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'any') return null;
    const match = /^(\d{1,2})-(\d{1,2})$/.exec(raw);
    const [from, to] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
    const valid = from >= 0 && from <= 24 && to >= 0 && to <= 24 && from !== to;
    // 0-24 is the whole day.
    if (valid) return from % 24 === to % 24 ? null : { from: from % 24, to: to % 24 };
    problems.push(`${name} must be any, or hours of the clock from-to such as 0-6 or 22-5 (got "${raw}")`);
    return fallback;
  };

  /** `off`, a hop count, or addresses and CIDR ranges separated by commas (never "trust anyone": see README). */
  const trustProxy = (): Config['trustProxy'] => {
    const raw = read('TRUST_PROXY');
    if (raw === undefined || raw.toLowerCase() === 'off') return false;
    if (/^\d+$/.test(raw)) return integer('TRUST_PROXY', 0, 1, 10) || false;
    const entries = raw.split(',').map((entry) => entry.trim());
    const valid = (entry: string) => {
      const [address, prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      const bits = family === 4 ? 32 : 128;
      return family !== 0 && rest.length === 0 && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits));
    };
    if (entries.every(valid)) return entries;
    problems.push(`TRUST_PROXY must be off, a number of proxies from 1 to 10, or IP addresses and CIDR ranges separated by commas (got "${raw}")`);
    return false;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const appUrl = url('APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;

  const config: Config = {
    port,
    host: read('HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, read('DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read('MAIL_FROM') ?? 'Fleetdesk <no-reply@fleetdesk.local>',
    appUrl: appUrl.replace(/\/+$/, ''),
    logLevel: logLevel as LogLevel,
    authRateLimit: integer('AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    trustProxy: trustProxy(),
    signInThrottle: {
      freeFailures: integer('SIGN_IN_FREE_FAILURES', 5, 1, 100),
      // At most a minute, so that nobody can lock an owner out by guessing (see sign-in-throttle.ts).
      maxDelaySeconds: integer('SIGN_IN_MAX_DELAY_SECONDS', 60, 1, 60),
      alertAfter: integer('SIGN_IN_ALERT_AFTER', 10, 1, 1000),
    },
    apiDocs: onOff('API_DOCS', read('NODE_ENV') !== 'production'),
    backgroundJobs: onOff('BACKGROUND_JOBS', true),
    reminderIntervalMs: integer('REMINDER_INTERVAL_MS', 60_000, 50, 86_400_000),
    mailMaxAttempts: integer('MAIL_MAX_ATTEMPTS', 6, 1, 20),
    mailRetrySeconds: integer('MAIL_RETRY_SECONDS', 60, 1, 86_400),
    embeddedVacuum: {
      enabled: onOff('EMBEDDED_VACUUM', true),
      idleMs: integer('EMBEDDED_VACUUM_IDLE_MS', 3_000, 10, 3_600_000),
      minRows: integer('EMBEDDED_VACUUM_MIN_ROWS', 10_000, 1, 1_000_000_000),
      fullIdleMs: integer('EMBEDDED_VACUUM_FULL_IDLE_MS', 30_000, 10, 86_400_000),
      fullPassHours: clockHours('EMBEDDED_VACUUM_FULL_HOURS', { from: 0, to: 6 }),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
