-- Requests per client address and route in the current window (issue 16, point 6), counted in the database so
-- that every server process on one PostgreSQL shares one count: two processes behind a load balancer must not
-- let an address make twice the allowed sign-ins (server/plugins/rate-limit-store.ts). A fixed window per key:
-- the first request opens it, every request within it adds one, the first request after it opens the next.
-- Expired rows are deleted once a minute by every server process (any of them may; the others find nothing).
CREATE TABLE rate_limit_hits (
  -- `<client address>|<route>` (plugins/rate-limit.ts authRateLimit's keyGenerator).
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_window_ends ON rate_limit_hits (window_ends_at);
