/**
 * Set-up of the unit layer: Testing Library's `findBy…`/`waitFor` wait up to 10 s instead of 1 s. A lazy
 * chunk or a time-sliced list render can take longer than a second on this 2-core machine under load,
 * and a test should fail for a wrong page, not a busy machine.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
