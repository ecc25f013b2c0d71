/**
 * Reading a handover act (issue 13): what changed since the vehicle's previous act, and the act as a PDF
 * in the member's language with its photos; on both databases, per tenant, with the view right.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test-support/members';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { localeText } from '../test-support/locale-text';
import { multipart, PNG } from '../test-support/files';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('handover act changes and PDF on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let truck: number;
  let first: number;
  let second: number;

  const post = (url: string, body: unknown, token = owner.token) => call(test.app, 'POST', url, body, { token });
  const get = (url: string, token = owner.token, language?: string) => call(test.app, 'GET', url, undefined, { token, language });
  const base = () => `/api/transport/${truck}/handover-acts`;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    truck = (await post('/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR001' })).json<{ data: { id: number } }>().data.id;
    const act = async (body: Record<string, unknown>) => {
      const response = await post(`${base()}/store`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: number } }>().data.id;
    };
    first = await act({
      date: '2026-03-01',
      mileage: 250_000,
      fuel_remaining: 400,
      equipment: [{ name: 'Warning triangle', present: true }],
      damages: [{ title: 'Scratch on the left door' }],
      tires: [{ position: 'Front left', tread_depth: 9 }],
    });
    second = await act({
      date: '2026-03-15',
      mileage: 253_420,
      fuel_remaining: 150,
      equipment: [{ name: 'Warning triangle', present: false }],
      damages: [{ title: 'Scratch on the left door' }, { title: 'Broken mirror' }],
      tires: [{ position: 'Front left', tread_depth: 8.5 }],
    });
    const { payload, contentType } = multipart([{ field: 'mileage_photo', fileName: 'odometer.png', content: PNG }]);
    const photo = await test.app.inject({
      method: 'POST',
      url: `${base()}/${second}/photos`,
      headers: { ...CSRF, authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
  });
  afterAll(async () => test?.close());

  it('says what changed since the vehicle’s previous act, and that the first act has none', async () => {
    const changes = await get(`${base()}/${second}/changes`);
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().data).toEqual({
      previous: { id: first, date: '2026-03-01' },
      km_driven: 3420,
      fuel_difference: -250,
      new_damages: [{ title: 'Broken mirror' }],
      equipment_missing: ['Warning triangle'],
      documents_missing: [],
      tread_lost: [{ position: 'Front left', before: 9, after: 8.5, lost: 0.5 }],
    });
    expect((await get(`${base()}/${first}/changes`)).json().data).toMatchObject({ previous: null, new_damages: [] });
  });

  it('serves the act as a PDF that names the vehicle, as a download', async () => {
    const pdf = await get(`${base()}/${second}/pdf`, owner.token, 'uk');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // An ASCII name for old clients, the member's language for the others ("Акт приймання-передачі 2026-03-15 7.pdf").
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; filename="handover-act-2026-03-15-\d+\.pdf"; filename\*=UTF-8''(.+)$/);
    const named = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(pdf.headers['content-disposition']))![1]);
    expect(named).toMatch(new RegExp(`^${localeText('uk', 'handover-acts.titleSingular')} 2026-03-15 \\d+\\.pdf$`));
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    // Read back as text (PDF.js): it names the vehicle and both acts' differences, in Ukrainian.
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Truck 01 (TR001)');
    expect(text).toContain('Broken mirror');
    expect(text).toContain('Зміни з попереднього акта');
    expect(text).toContain('Одометр');
    // Worded as on the act's page: the fuel difference with its sign, "no change" where nothing changed.
    expect(text).toContain(`−250 ${localeText('uk', 'units.l')}`);
    expect(text).toContain(`${localeText('uk', 'handover-acts.changes.documentsMissing')}: ${localeText('uk', 'handover-acts.changes.none')}`);
    // The act's day as Ukrainian writes it, as on the act's page (2026-03-15 is stored).
    expect(text).toContain('15.03.2026');
    expect(text).not.toContain('2026-03-15');
    // The odometer photo is embedded as an image.
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('answers 404 to another tenant and 403 to a member without the transport view right', async () => {
    for (const path of ['changes', 'pdf']) {
      expect((await get(`${base()}/${second}/${path}`, stranger.token)).statusCode).toBe(404);
    }
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    for (const path of ['changes', 'pdf']) {
      expect((await get(`${base()}/${second}/${path}`, member.token)).statusCode).toBe(403);
    }
  });
});
