/** The session's rights follow a refusal (403) and a save of the member's own record. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { refreshCurrentUser } from '../session/session-actions';
import { createDataProvider } from '../providers/data-provider';
import { ApiError } from '../providers/api-error';
import { refreshRightsAfterRefusal, refreshRightsAfterSave, refreshRightsIfStale } from './rights-refresh';
import { signInForTest, signOutForTest } from './test-session';

vi.mock('../session/session-actions', () => ({ refreshCurrentUser: vi.fn(() => Promise.resolve()) }));
vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

afterEach(() => {
  vi.clearAllMocks();
  signOutForTest();
});

describe("reloading the session's rights", () => {
  it('after a refusal, at most once per interval and only when signed in', () => {
    expect(refreshRightsAfterRefusal(1_000_000)).toBe(false);
    signInForTest();
    expect(refreshRightsAfterRefusal(1_000_000)).toBe(true);
    expect(refreshRightsAfterRefusal(1_005_000)).toBe(false);
    expect(refreshRightsAfterRefusal(1_011_000)).toBe(true);
    expect(refreshCurrentUser).toHaveBeenCalledTimes(2);
  });

  it('as the member moves about, once they are a minute old, and only when signed in', () => {
    expect(refreshRightsIfStale(5_000_000)).toBe(false);
    signInForTest();
    refreshRightsAfterRefusal(5_000_000); // read at this moment
    vi.mocked(refreshCurrentUser).mockClear();
    expect(refreshRightsIfStale(5_030_000)).toBe(false);
    expect(refreshRightsIfStale(5_061_000)).toBe(true);
    expect(refreshRightsIfStale(5_062_000)).toBe(false);
    expect(vi.mocked(refreshCurrentUser).mock.calls).toEqual([[{ quiet: true }]]);
  });

  it('after the signed-in member saved their own member record, not another one', () => {
    signInForTest({ id: 7 });
    expect(refreshRightsAfterSave(resourceByName('users'), { id: 8 })).toBe(false);
    expect(refreshRightsAfterSave(resourceByName('companies'), { id: 7 })).toBe(false);
    expect(refreshRightsAfterSave(resourceByName('users'), { id: 7 })).toBe(true);
    expect(refreshCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('the data provider reports a 403 with its message', async () => {
    const onForbidden = vi.fn();
    const client = {
      request: () => Promise.reject(new ApiError({ status: 403, message: 'You are not permitted to do this', hasServerMessage: true })),
    };
    const provider = createDataProvider(client, { onForbidden });
    await expect(provider.getList({ resource: 'employees' })).rejects.toMatchObject({ status: 403, message: 'You are not permitted to do this' });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});
