/** `GET /api/transport/all`: picker options of the tenant's vehicles, sorted by board name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { startTestApp, type TestApp } from '../../test-support/test-app';

describe.each(databases)('GET /api/transport/all on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const createVehicle = async (token: string, board: string, registration: string) => {
    const response = await call(test.app, 'POST', '/api/transport/store', { board_names: board, registration_number: registration }, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('answers an empty list when the tenant has no vehicles', async () => {
    const response = await call(test.app, 'GET', '/api/transport/all', undefined, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('answers every vehicle of the tenant as {value, label}, sorted by board name, without other tenants’ vehicles', async () => {
    const zulu = await createVehicle(owner.token, 'Zulu 9', 'ZZ-999');
    const alpha = await createVehicle(owner.token, 'Alpha 1', 'AA-111');
    await createVehicle(stranger.token, 'Bravo 2', 'BB-222');
    const response = await call(test.app, 'GET', '/api/transport/all', undefined, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { value: alpha, label: 'Alpha 1 (AA-111)' },
        { value: zulu, label: 'Zulu 9 (ZZ-999)' },
      ],
    });
  });

  it('requires a signed-in user', async () => {
    const response = await call(test.app, 'GET', '/api/transport/all');
    expect(response.statusCode).toBe(401);
  });
});
