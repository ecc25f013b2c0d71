/**
 * Set-up of the unit layer: Testing Library's `findBy…`/`waitFor` wait up to 10 s instead of 1 s. A lazy
 * chunk or a time-sliced list render can take longer than a second on this 2-core machine under load,
 * and a test should fail for a wrong page, not a busy machine.
 */
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetTabToken } from './session/token-storage';

configure({ asyncUtilTimeout: 10_000 });

// Each test is a new tab: the token it signs in with is read from the storage it set up, not kept from the last test.
afterEach(forgetTabToken);
