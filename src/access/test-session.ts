/** Test support: a signed-in member in the session store (an administrator unless told otherwise). */
import { sessionStore } from '../session/session-store';
import type { User } from '../session/user';

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    login: 'owner.login',
    name: 'Anna',
    last_name: 'Kowalska',
    email: 'anna@nordic-freight.example',
    phone: null,
    job_position: null,
    avatar: null,
    is_owner: true,
    company: { id: 1, name: 'Nordic Freight' },
    administrator: true,
    active: true,
    permissions: [],
    departments: [],
    ...overrides,
  };
}

/** Signs a member in for a test; a member with `permissions` and no `administrator` is a plain member. */
export function signInForTest(overrides: Partial<User> = {}): User {
  const user = testUser(overrides);
  sessionStore.setState({ status: 'authenticated', user, loading: false });
  return user;
}

export function signOutForTest(): void {
  sessionStore.setState({ status: 'anonymous', user: null, loading: false });
}
