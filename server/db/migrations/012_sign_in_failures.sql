-- Failed sign-ins per account (issue 16, point 4), counted in the database so every server process shares
-- them (server/auth/sign-in-throttle.ts). Keyed by the login as typed, lower-cased, whether or not such an
-- account exists: an unknown login is throttled alike, so a 429 tells nothing about who has an account.
-- A row is forgotten a day after its last failure; a successful sign-in sets its count back to 0.
CREATE TABLE sign_in_failures (
  login_key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  -- The next attempt for this login is answered 429 until then (a growing delay, capped).
  next_attempt_at timestamptz NOT NULL,
  -- When the account's owner was last told by mail: at most once an hour.
  owner_alerted_at timestamptz
);
CREATE INDEX sign_in_failures_last ON sign_in_failures (last_failure_at);
