-- Settings a tenant's administrators choose for the whole tenant (server/settings/tenant-settings.ts,
-- `GET|PUT /api/settings/tenant`). One row per tenant, made on the first change; a tenant without a row
-- has every default. One typed column per setting, so a setting has one meaning and one default here.
CREATE TABLE tenant_settings (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  -- Issue 14: a problem of an order's crew or equipment over the trip stops the save (422) instead of
  -- being answered as a warning beside the saved order.
  orders_block_on_compliance boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);
