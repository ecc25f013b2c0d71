/**
 * `npm test`'s OpenAPI step: writes the document `GET /api/openapi.json` answers to .test-data/openapi.json
 * (the app built in-process on a throwaway embedded database, no port) and lints it with Redocly's
 * recommended rules (redocly.yaml; the paths SPEC §7 fixes that the linter finds ambiguous are in
 * .redocly.lint-ignore.yaml). Exits non-zero when the linter finds an error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './openapi-document';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// The path redocly.yaml's `apis` names (and the ignore file's entries are keyed by).
const DOCUMENT = path.join(ROOT, '.test-data', 'openapi.json');

async function main() {
  const document = await openApiDocument();
  await fs.mkdir(path.dirname(DOCUMENT), { recursive: true });
  await fs.writeFile(DOCUMENT, `${JSON.stringify(document, null, 2)}\n`);
  const redocly = path.join(ROOT, 'node_modules', '.bin', 'redocly');
  const linted = spawnSync(redocly, ['lint', '--format=stylish', '--max-problems=50'], {
    cwd: ROOT,
    stdio: 'inherit',
    // No usage report or update check from a test run.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (linted.error) throw linted.error;
  process.exitCode = linted.status ?? 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
