import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, '/srv/fleetdesk')).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/fleetdesk', 'data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Fleetdesk <no-reply@fleetdesk.local>',
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      authRateLimit: 10,
      trustProxy: false,
      signInThrottle: { freeFailures: 5, maxDelaySeconds: 60, alertAfter: 10 },
      apiDocs: true,
      backgroundJobs: true,
      reminderIntervalMs: 60_000,
      mailMaxAttempts: 6,
      mailRetrySeconds: 60,
      embeddedVacuum: { enabled: true, idleMs: 3_000, minRows: 10_000, fullIdleMs: 30_000, fullPassHours: { from: 0, to: 6 } },
    });
  });

  it('reads every variable, and APP_URL follows PORT unless given', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/fleetdesk',
        DATABASE_URL: 'postgres://fleet:secret@db:5432/fleet',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Ops <ops@example.com>',
        LOG_LEVEL: 'DEBUG',
        AUTH_RATE_LIMIT: '5',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/fleetdesk',
      appUrl: 'http://localhost:8080',
      logLevel: 'debug',
      authRateLimit: 5,
    });
    expect(loadConfig({ APP_URL: 'https://fleet.example.com/' }).appUrl).toBe('https://fleet.example.com');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ', PORT: '' })).toMatchObject({ databaseUrl: null, smtpUrl: null, port: 3000 });
  });

  it('lists every problem at once, without echoing a secret URL', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://user:hunter2@db/x', SMTP_URL: 'not a url hunter2', AUTH_RATE_LIMIT: '0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(5);
    expect((error as ConfigError).message).not.toContain('hunter2');
  });

  it('trusts X-Forwarded-For only from the proxies named: a number of them or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    for (const wrong of ['true', '0', '11', '10.0.0.0/33', 'proxy.local', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the background loops and the mail retries', () => {
    expect(loadConfig({ BACKGROUND_JOBS: 'off', REMINDER_INTERVAL_MS: '250', MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_SECONDS: '5' })).toMatchObject({
      backgroundJobs: false,
      reminderIntervalMs: 250,
      mailMaxAttempts: 3,
      mailRetrySeconds: 5,
    });
    expect(() => loadConfig({ BACKGROUND_JOBS: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(ConfigError);
  });

  it("reads the embedded database's idle vacuum", () => {
    expect(
      loadConfig({ EMBEDDED_VACUUM: 'off', EMBEDDED_VACUUM_IDLE_MS: '200', EMBEDDED_VACUUM_MIN_ROWS: '50', EMBEDDED_VACUUM_FULL_IDLE_MS: '900' })
        .embeddedVacuum,
    ).toEqual({ enabled: false, idleMs: 200, minRows: 50, fullIdleMs: 900, fullPassHours: { from: 0, to: 6 } });
    expect(loadConfig({ EMBEDDED_VACUUM_FULL_HOURS: '22-5' }).embeddedVacuum.fullPassHours).toEqual({ from: 22, to: 5 });
    expect(loadConfig({ EMBEDDED_VACUUM_FULL_HOURS: '20-24' }).embeddedVacuum.fullPassHours).toEqual({ from: 20, to: 0 });
    expect(loadConfig({ EMBEDDED_VACUUM_FULL_HOURS: 'any' }).embeddedVacuum.fullPassHours).toBeNull();
    expect(loadConfig({ EMBEDDED_VACUUM_FULL_HOURS: '0-24' }).embeddedVacuum.fullPassHours).toBeNull();
    for (const hours of ['night', '6', '7-7', '3-25', '-1-4']) expect(() => loadConfig({ EMBEDDED_VACUUM_FULL_HOURS: hours }), hours).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_VACUUM: 'idle' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_VACUUM_MIN_ROWS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_VACUUM_FULL_IDLE_MS: 'soon' })).toThrow(ConfigError);
  });
});
