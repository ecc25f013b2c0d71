-- E-mail reminders (issue 14, part 4): each member's digest settings, the daily digest jobs, the
-- reminders already sent, and the outgoing mail queue. Jobs and mails are claimed with
-- `FOR UPDATE SKIP LOCKED` and a lease, so several server processes share the work and a process that
-- dies mid-way leaves its work to another once the lease ends (server/reminders/). Written for
-- PostgreSQL 15 and PGlite alike.

-- A member without a row has the defaults (server/reminders/settings.ts): digest on at 07:00 UTC, steps
-- 30, 14, 7, 1 and 0 days before the end date, in English.
CREATE TABLE reminder_settings (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  digest_enabled boolean NOT NULL DEFAULT true,
  digest_hour smallint NOT NULL DEFAULT 7 CHECK (digest_hour BETWEEN 0 AND 23),
  -- Days before an end date, descending and unique (0: on the day); checked by the API (0–365, at most 10).
  steps integer[] NOT NULL DEFAULT '{30,14,7,1,0}',
  time_zone text NOT NULL DEFAULT 'UTC',
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'uk', 'el', 'it', 'es', 'de')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminder_settings_tenant ON reminder_settings (tenant_id);

-- One digest per member and local day: the unique key makes enqueueing idempotent across processes.
-- state: pending → running (claimed until locked_until) → done | failed; a running job whose lease has
-- ended is claimed again.
CREATE TABLE reminder_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  run_after timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT reminder_jobs_one_per_day UNIQUE (user_id, local_date)
);
CREATE INDEX reminder_jobs_due ON reminder_jobs (run_after) WHERE state = 'pending';
CREATE INDEX reminder_jobs_leased ON reminder_jobs (locked_until) WHERE state = 'running';

-- Each reminder of one obligation (the compliance item's key) at one step, per member: sent once.
CREATE TABLE reminders_sent (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  step integer NOT NULL,
  job_id bigint,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_key, step)
);
CREATE INDEX reminders_sent_tenant ON reminders_sent (tenant_id, sent_at);

-- Mails waiting to go out, going, sent or given up. A failed delivery is tried again at
-- next_attempt_at (exponential backoff); after the last attempt the mail is `failed` and shown to the
-- tenant's administrators.
CREATE TABLE outgoing_mail (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX outgoing_mail_due ON outgoing_mail (next_attempt_at) WHERE state = 'pending';
CREATE INDEX outgoing_mail_leased ON outgoing_mail (locked_until) WHERE state = 'sending';
CREATE INDEX outgoing_mail_failed ON outgoing_mail (tenant_id, failed_at DESC, id DESC) WHERE state = 'failed';
