/**
 * `GET /api/compliance` and the engine under it (server/compliance/): each kind of obligation appears when
 * it is expired or within its threshold, stops being reported when renewed, and a required one shows as
 * missing until it is there; counts, filters and paging; rights by subject type; nothing of another tenant;
 * the order check's reading (`obligationsOf`) over a window that an expiry cuts.
 */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds } from '../../resources/permissions';
import { obligationsOf } from '../compliance/subjects';
import type { ComplianceItem } from '../../resources/compliance';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { insertRecord, tenantOf as directTenantOf } from '../test-support/direct-records';
import { startTestApp, type TestApp } from '../test-support/test-app';

interface Answer {
  data: ComplianceItem[];
  counts: { expired: number; expiring: number; missing: number };
  pagination: { total: number; currentPage: number; perPage: number; lastPage: number };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('compliance on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let tenant: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const tenantOf = async (user: RegisteredUser) => directTenantOf(test.database.pool, user.user.id);
  /** A record written straight into an engine table, for `user`'s tenant. */
  const insert = async (table: string, data: object, user = owner, parentId?: number) =>
    insertRecord(test.database.pool, table, await tenantOf(user), data, { userId: user.user.id, parentId });
  const merge = async (table: string, id: number, data: object) =>
    query(`UPDATE ${table} SET data = data || $2::jsonb WHERE id = $1`, [id, JSON.stringify(data)]);

  const compliance = async (search = '', token = owner.token) => call(test.app, 'GET', `/api/compliance${search}`, undefined, { token });
  const answer = async (search = '', token = owner.token) => {
    const response = await compliance(search, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };
  /** What the owner's compliance page reports about one subject (`more`: further query parameters). */
  const about = async (type: string, id: number, more = '') => {
    const { data } = await answer(`?subject_type=${type}&perPage=100${more}`);
    return data.filter((item) => item.subject.id === id);
  };
  const employee = (name: string, extra: object = {}, user = owner) =>
    insert('r_employees', { name, last_name: 'Driver', company_id: user.user.company.id, category: 'staff', ...extra }, user);
  const documentType = (name: string, extra: object = {}, user = owner) =>
    insert('r_hr_document_types', { name, short_name: 'LIC', statuses: [{ name: 'Valid' }], ...extra }, user);
  /** A document of `typeId` for the employee, with one relevant status row ending on `upTo` days from today. */
  async function document(employeeId: number, typeId: number, upTo: number) {
    const documentId = await insert('r_employee_documents', { document_type_id: typeId }, owner, employeeId);
    const statusId = await insert('r_employee_document_statuses', { status: 1, dateFrom: day(-300), dateUpTo: day(upTo), relevant: true }, owner, documentId);
    return { documentId, statusId };
  }

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    tenant = await tenantOf(owner);
  });
  afterAll(async () => test?.close());

  it('reports an HR document within its type’s threshold, and no longer once a new relevant status row renews it', async () => {
    const licence = await documentType('Licence C', { warning_days: 10 });
    const anna = await employee('Anna');
    const { documentId, statusId } = await document(anna, licence, 6);
    const [item] = (await about('employee', anna)).filter((found) => found.kind === 'document');
    expect(item).toMatchObject({
      kind: 'document',
      state: 'expiring',
      subject: { type: 'employee', id: anna, label: 'Anna Driver' },
      item_id: statusId,
      document_id: documentId,
      type_id: licence,
      type_name: 'Licence C',
      valid_until: day(6),
      days_left: 6,
      warning_days: 10,
      key: `document:${statusId}:${day(6)}`,
    });
    // Beyond its own 10 days: not reported by default, reported with a wider window.
    const ivan = await employee('Ivan');
    await document(ivan, licence, 20);
    expect((await answer('?subject_type=employee&perPage=100')).data.filter((found) => found.subject.id === ivan)).toEqual([]);
    expect((await about('employee', ivan, '&within_days=30')).map((found) => found.valid_until)).toEqual([day(20)]);
    // Renewed: the old row is no longer relevant, a new one ends in a year.
    await merge('r_employee_document_statuses', statusId, { relevant: false });
    await insert('r_employee_document_statuses', { status: 1, dateFrom: day(0), dateUpTo: day(365), relevant: true }, owner, documentId);
    expect((await answer('?subject_type=employee&perPage=100')).data.filter((found) => found.subject.id === anna)).toEqual([]);
  });

  it('shows a document type required for a category as missing for an employee of it without one, until one is added', async () => {
    const medical = await documentType('Medical', { required_for: ['contractors'] });
    const petra = await employee('Petra', { category: 'contractors' });
    const staff = await employee('Stefan', { category: 'staff' });
    const archived = await employee('Arnold', { category: 'archive' });
    const gaps = await answer('?state=missing&perPage=100');
    const petraGaps = gaps.data.filter((item) => item.subject.id === petra);
    expect(petraGaps).toEqual([
      expect.objectContaining({
        kind: 'document',
        state: 'missing',
        type_id: medical,
        type_name: 'Medical',
        valid_until: null,
        key: `document:missing:${petra}:${medical}`,
      }),
    ]);
    expect(gaps.data.some((item) => item.subject.id === staff || item.subject.id === archived)).toBe(false);
    await document(petra, medical, 200);
    expect((await answer('?state=missing&perPage=100')).data.some((item) => item.subject.id === petra)).toBe(false);
  });

  it('reports a passport until a later one of the same type replaces it, and a contract until its end date moves', async () => {
    const olga = await employee('Olga', { contract_end_date: day(12), contract_type: '2' });
    await insert('r_passports', { number: 'AB12345', type: 'usual', issue_date: day(-4000), expiration_date: day(-2) }, owner, olga);
    const found = await about('employee', olga);
    expect(found.map((item) => [item.kind, item.state, item.valid_until, item.days_left])).toEqual([
      ['passport', 'expired', day(-2), -2],
      ['contract', 'expiring', day(12), 12],
    ]);
    await insert('r_passports', { number: 'AB67890', type: 'usual', issue_date: day(-5), expiration_date: day(3000) }, owner, olga);
    await merge('r_employees', olga, { contract_end_date: day(400) });
    expect(await about('employee', olga)).toEqual([]);
  });

  it('reports a vehicle’s document cell with its column’s threshold, and every column without an end date as missing', async () => {
    const columns = await query<{ id: string; name: string }>(
      `SELECT id, data->>'name' AS name FROM r_transport_document_groups WHERE tenant_id = $1 ORDER BY id`,
      [tenant],
    );
    expect(columns.length).toBeGreaterThan(0);
    const [first, ...others] = columns.map((column) => Number(column.id));
    await merge('r_transport_document_groups', first, { warning_days: 45 });
    const truck = await insert('r_transport', { board_names: 'Truck 07', registration_number: 'TR-007' });
    const cell = await insert('r_vehicle_documents', { transport_id: truck, group_id: first, start_date: day(-300), end_date: day(40) });
    const found = await about('vehicle', truck);
    expect(found.filter((item) => item.state !== 'missing')).toEqual([
      expect.objectContaining({
        kind: 'vehicle-document',
        state: 'expiring',
        item_id: cell,
        type_id: first,
        warning_days: 45,
        subject: { type: 'vehicle', id: truck, label: 'Truck 07 (TR-007)' },
      }),
    ]);
    expect(found.filter((item) => item.state === 'missing').map((item) => item.type_id)).toEqual(others);
    // Renewed in place: a new end date beyond the threshold.
    await merge('r_vehicle_documents', cell, { end_date: day(400) });
    expect((await answer('?subject_type=vehicle&state=expiring&perPage=100')).data.some((item) => item.subject.id === truck)).toBe(false);
  });

  it('reports no vehicle as missing a document of an optional column, and still watches the dates filled in there', async () => {
    const [column] = (await query<{ id: string }>(`SELECT id FROM r_transport_document_groups WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant])).map((row) =>
      Number(row.id),
    );
    const truck = await insert('r_transport', { board_names: 'Truck 09', registration_number: 'TR-009' });
    expect((await about('vehicle', truck)).filter((item) => item.state === 'missing').map((item) => item.type_id)).toContain(column);
    await merge('r_transport_document_groups', column, { mandatory: false });
    try {
      expect((await about('vehicle', truck)).filter((item) => item.state === 'missing').map((item) => item.type_id)).not.toContain(column);
      await insert('r_vehicle_documents', { transport_id: truck, group_id: column, start_date: day(-300), end_date: day(-3) });
      expect((await about('vehicle', truck)).filter((item) => item.type_id === column).map((item) => item.state)).toEqual(['expired']);
    } finally {
      await merge('r_transport_document_groups', column, { mandatory: true });
    }
  });

  it('reports a trailer’s latest insurance, a card’s expiry and a vehicle’s next maintenance, each until renewed', async () => {
    const trailer = await insert('r_trailers', { register_number: 'TRL-100' });
    await insert('r_trailer_insurances', { insurer: 'Allianz', start_date: day(-365), end_date: day(-1) }, owner, trailer);
    const card = await insert('r_cards', { type: 'fuel', serial_number: 'CARD-77', expires_at: day(20) });
    const truck = await insert('r_transport', { board_names: 'Truck 08', registration_number: 'TR-008' });
    await insert('r_repairs', { transport_id: truck, type: 'maintenance', date: day(-170), next_due_date: day(10), periodicity: '6 months' });
    await insert('r_repairs', { transport_id: truck, type: 'repair', date: day(-5) });
    expect((await about('trailer', trailer)).map((item) => [item.kind, item.state, item.type_name])).toEqual([['trailer-insurance', 'expired', 'Allianz']]);
    expect((await about('card', card)).map((item) => [item.kind, item.state, item.subject.label, item.type_name])).toEqual([
      ['card', 'expiring', 'CARD-77', 'fuel'],
    ]);
    expect((await about('vehicle', truck)).filter((item) => item.kind === 'maintenance').map((item) => [item.state, item.valid_until])).toEqual([
      ['expiring', day(10)],
    ]);

    await insert('r_trailer_insurances', { insurer: 'Allianz', start_date: day(0), end_date: day(365) }, owner, trailer);
    await merge('r_cards', card, { expires_at: day(700) });
    await insert('r_repairs', { transport_id: truck, type: 'maintenance', date: day(-1), next_due_date: day(180) });
    expect(await about('trailer', trailer)).toEqual([]);
    expect(await about('card', card)).toEqual([]);
    expect((await about('vehicle', truck)).filter((item) => item.kind === 'maintenance')).toEqual([]);
  });

  it('counts each state under the filters, pages with a total, and puts gaps first then the soonest end', async () => {
    await insert('r_cards', { type: 'toll', serial_number: 'CARD-EXPIRED', expires_at: day(-2) });
    await insert('r_cards', { type: 'toll', serial_number: 'CARD-SOON', expires_at: day(2) });
    await document(await employee('Greta'), await documentType('ADR'), -1);
    // Counts kept from an earlier read trail a change by one count made in the background (compliance/page-cache.ts).
    const all = await answer('?perPage=100');
    const bySelf = (state: string) => all.data.filter((item) => item.state === state).length;
    await expect
      .poll(async () => (await answer('?perPage=100')).counts)
      .toEqual({ expired: bySelf('expired'), expiring: bySelf('expiring'), missing: bySelf('missing') });
    Object.assign(all, await answer('?perPage=100'));
    expect(all.pagination.total).toBe(all.counts.expired + all.counts.expiring + all.counts.missing);
    const states = all.data.map((item) => item.state);
    expect(states.includes('missing') && states.some((state) => state !== 'missing')).toBe(true);
    expect(states.findIndex((state) => state !== 'missing')).toBeGreaterThan(states.lastIndexOf('missing'));
    const dates = all.data.filter((item) => item.valid_until !== null).map((item) => item.valid_until as string);
    expect(dates).toEqual([...dates].sort());

    const expired = await answer('?state=expired&perPage=2');
    expect(expired.counts).toEqual(all.counts);
    expect(expired.pagination).toEqual({ total: all.counts.expired, currentPage: 1, perPage: 2, lastPage: Math.max(1, Math.ceil(all.counts.expired / 2)) });
    expect(expired.data.every((item) => item.state === 'expired')).toBe(true);

    const cards = await answer('?kind=card&perPage=100');
    expect(cards.data.every((item) => item.kind === 'card')).toBe(true);
    // A company asks for employees only: vehicles, trailers and cards have none.
    const ofCompany = await answer(`?company_id=${owner.user.company.id}&perPage=100`);
    expect(ofCompany.data.length).toBeGreaterThan(0);
    expect(ofCompany.data.every((item) => item.subject.type === 'employee' && item.company_id === owner.user.company.id)).toBe(true);
    // Page 2 continues page 1.
    const first = await answer('?perPage=3');
    const second = await answer('?perPage=3&page=2');
    expect([...first.data, ...second.data].map((item) => item.key)).toEqual(all.data.slice(0, 6).map((item) => item.key));
  });

  it('gives a page the total it ends at right after a change, while the kept counts catch up', async () => {
    const expired = async () => answer('?state=expired&perPage=100');
    await expect.poll(async () => ((page) => page.pagination.total - page.data.length)(await expired())).toBe(0);
    const before = (await expired()).data.length;
    await insert('r_cards', { type: 'fuel', serial_number: 'CARD-JUST-EXPIRED', expires_at: day(-1) });
    // The first answer that lists it: the page is current, the kept count is not yet.
    let after = await expired();
    for (let tries = 0; after.data.length === before && tries < 50; tries++) after = await expired();
    expect(after.data.length).toBe(before + 1);
    expect(after.pagination.total).toBe(after.data.length);
    expect(after.counts.expired).toBe(after.data.length);
  });

  it('shows each subject type only with its view right, and refuses a member with none of them', async () => {
    const hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    const fleet = await createMember(test.app, owner.token, { permissions: ['transport.view', 'cards.view'] });
    const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    await document(await employee('Hanna'), await documentType('Forklift'), -4);
    const forHr = await answer('?perPage=100', hr.token);
    expect(forHr.data.length).toBeGreaterThan(0);
    expect(new Set(forHr.data.map((item) => item.subject.type))).toEqual(new Set(['employee']));
    const forFleet = await answer('?perPage=100', fleet.token);
    expect(new Set(forFleet.data.map((item) => item.subject.type))).toEqual(new Set(['vehicle', 'card']));
    await expect.poll(async () => (await answer('?perPage=100')).counts.missing).toBe(forHr.counts.missing + forFleet.counts.missing);
    expect((await compliance('', dispatcher.token)).statusCode).toBe(403);
    expect((await call(test.app, 'GET', '/api/compliance')).statusCode).toBe(401);
  });

  it('shows a vehicle’s maintenance due only to a member who may also see repair reports', async () => {
    const truck = await insert('r_transport', { board_names: 'Truck 12', registration_number: 'TR-012' });
    await insert('r_repairs', { transport_id: truck, type: 'maintenance', date: day(-170), next_due_date: day(5), periodicity: 'Every 60,000 km' });
    const fleet = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    const mechanic = await createMember(test.app, owner.token, { permissions: ['transport.view', 'repairs.view'] });
    const kindsFor = async (token: string) =>
      (await answer(`?subject_type=vehicle&perPage=100`, token)).data.filter((item) => item.subject.id === truck).map((item) => item.kind);
    expect(await kindsFor(fleet.token)).not.toContain('maintenance');
    expect((await answer('?kind=maintenance&perPage=100', fleet.token)).data).toEqual([]);
    expect(await kindsFor(mechanic.token)).toContain('maintenance');
    expect(await kindsFor(owner.token)).toContain('maintenance');
  });

  it('never shows another tenant’s obligations, and theirs stay theirs', async () => {
    const licence = await documentType('Their licence', {}, stranger);
    const theirs = await employee('Stranger', {}, stranger);
    const documentId = await insert('r_employee_documents', { document_type_id: licence }, stranger, theirs);
    await insert('r_employee_document_statuses', { status: 1, dateUpTo: day(-3), relevant: true }, stranger, documentId);
    const ours = await answer('?perPage=100&within_days=365');
    expect(ours.data.some((item) => item.subject.id === theirs)).toBe(false);
    const theirAnswer = await answer('?perPage=100', stranger.token);
    expect(theirAnswer.data.filter((item) => item.subject.type === 'employee').map((item) => item.subject.id)).toEqual([theirs]);
    // Their page knows nothing of ours either (their vehicles: none, so no vehicle gaps).
    expect(theirAnswer.data.some((item) => item.subject.type === 'vehicle')).toBe(false);
  });

  it('answers 422 naming a bad or unknown parameter', async () => {
    for (const search of ['?state=soon', '?subject_type=ship', '?kind=visa', '?within_days=0', '?perPage=101', '?page=0', '?company_id=x', '?colour=red']) {
      const response = await compliance(search);
      expect(response.statusCode, search).toBe(422);
      const name = search.slice(1).split('=')[0];
      expect(Object.keys(response.json<{ errors: object }>().errors), search).toEqual([name]);
    }
  });

  it('finds the obligations of given subjects that end before a date, and their gaps (the order check)', async () => {
    const licence = await documentType('Licence CE');
    const driver = await employee('Dora');
    await document(driver, licence, 8);
    const truck = await insert('r_transport', { board_names: 'Truck 09', registration_number: 'TR-009' });
    const model = test.app.engine;
    const before = (until: string) =>
      obligationsOf(
        test.database.pool,
        model,
        tenant,
        [
          { type: 'employee', id: driver },
          { type: 'vehicle', id: truck },
        ],
        until,
      );
    // A trip ending in 5 days: the licence holds; the truck lacks every column.
    const short = await before(day(5));
    expect(short.filter((item) => item.subject.type === 'employee')).toEqual([]);
    expect(short.filter((item) => item.subject.type === 'vehicle').every((item) => item.state === 'missing')).toBe(true);
    // A trip ending in 10 days: the licence ends during it.
    const long = await before(day(10));
    expect(long.filter((item) => item.subject.type === 'employee').map((item) => [item.kind, item.valid_until])).toEqual([['document', day(8)]]);
    // Another tenant's reading of the same ids finds nothing.
    const strangerTenant = await tenantOf(stranger);
    expect(await obligationsOf(test.database.pool, model, strangerTenant, [{ type: 'employee', id: driver }], day(10))).toEqual([]);
    expect(holds({ permissions: [] }, 'employees.view')).toBe(false);
  });
});
