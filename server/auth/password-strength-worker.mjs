/**
 * The password strength estimator (zxcvbn-ts) in a worker thread: building its dictionaries takes ~1 s and
 * ~60 MB, and one check 10–300 ms of CPU, which on the main thread would stall every other request.
 * Plain JavaScript so it runs the same under `node --import tsx`, vitest and any build, without a loader.
 *
 * Dictionaries: the common passwords and words, English, and the languages of the app that zxcvbn-ts has
 * (German, Spanish, Italian). Levenshtein matching is off: it made one check take 0.4–2.5 s, and the
 * common-password list with its l33t and reversed variants already catches the usual near-misses.
 *
 * Message in: `{ id, password, userInputs }`. Message out: `{ id, score, warning, personal }` where `warning` is
 * zxcvbn's untranslated warning key (e.g. `common`) and `personal` says whether a part of the password was
 * found among the user inputs (name, login, e-mail).
 */
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import * as it from '@zxcvbn-ts/language-it';

// German and Italian name their lists without a language suffix (`commonWords`): suffix them, or one would
// replace the other.
const suffixed = (suffix, dictionary) => Object.fromEntries(Object.entries(dictionary).map(([name, words]) => [`${name}-${suffix}`, words]));

const estimator = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary, ...suffixed('de', de.dictionary), ...es.dictionary, ...suffixed('it', it.dictionary) },
  useLevenshteinDistance: false,
});

parentPort?.on('message', ({ id, password, userInputs }) => {
  try {
    const result = estimator.check(password, userInputs);
    parentPort?.postMessage({
      id,
      score: result.score,
      warning: result.feedback.warning,
      personal: result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs'),
    });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error?.message ?? error) });
  }
});
