/**
 * `npm run seed:demo` is the README's way to a ready tenant: its data goes through the real API, so every rule
 * the app gains (a handover act's mileage only goes up, issue 13) must keep accepting it. Runs the seeder as the
 * command does, on a fresh database of each kind.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases } from '../../server/test-support/databases';
import { startTestApp, type TestApp } from '../../server/test-support/test-app';
import { signIn } from './app';
import { DEMO_LOGIN, DEMO_OWNER_NAME, DEMO_PASSWORD, DEMO_TARGET, seedDemoTenant } from './demo-tenant';

describe.each(databases)('the demo tenant on %s', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind);
    // The seeder reports its progress line by line; not this suite's output.
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await test?.close();
  });

  it('is made through the API with every record accepted, and a second run finds it', { timeout: 180_000 }, async () => {
    expect(await seedDemoTenant(test)).toBe('created');

    const session = await signIn(test.app, DEMO_LOGIN, DEMO_PASSWORD);
    expect(session).not.toBeNull();
    const client = session!.client;
    // The header greets the owner by name.
    expect((await client.get<{ data: { name: string } }>('/api/profile/show')).data.name).toBe(DEMO_OWNER_NAME);
    expect(await client.total('/api/orders')).toBe(DEMO_TARGET.orders);
    expect(await client.total('/api/employees')).toBe(DEMO_TARGET.employees);
    expect(await client.total('/api/transport')).toBe(DEMO_TARGET.transport);
    expect(await client.total('/api/trailers')).toBe(DEMO_TARGET.trailers);
    // One vehicle in three has an act, whose mileage became the vehicle's.
    const acts = await client.get<{ data: Array<{ transport_id: number; mileage: number }> }>('/api/transport/handover-acts?perPage=100');
    expect(acts.data).toHaveLength(Math.ceil(DEMO_TARGET.transport / 3));
    for (const act of acts.data) {
      const vehicle = await client.get<{ data: { mileage: number } }>(`/api/transport/show/${act.transport_id}`);
      expect(vehicle.data.mileage).toBe(act.mileage);
    }
    // Every vehicle holds its documents but for a few gaps and expiring ones: some orders are marked, most are not.
    let marked = 0;
    for (let page = 1; page <= DEMO_TARGET.orders / 100; page += 1) {
      const orders = await client.get<{ data: Array<{ compliance_warnings?: string[] }> }>(`/api/orders?perPage=100&page=${page}`);
      marked += orders.data.filter((order) => (order.compliance_warnings ?? []).length > 0).length;
    }
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThan(DEMO_TARGET.orders / 3);
    // The members sign in with their job's rights, and each heads the department of their job.
    const dispatcher = await signIn(test.app, 'anna.dispatch.demo', 'member-demo-2024');
    expect(dispatcher).not.toBeNull();
    const departments = await client.get<{ data: Array<{ name: string; head_id?: number }> }>('/api/departments');
    expect(departments.data.find((department) => department.name === 'Dispatch')?.head_id).toBe(dispatcher!.user.id);

    expect(await seedDemoTenant(test)).toBe('present');
    expect(await client.total('/api/orders')).toBe(DEMO_TARGET.orders);
  });
});
