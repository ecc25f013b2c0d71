// What /login downloads in JavaScript, gzip-compressed: the entry chunks that index.html loads (the app's
// entry and the boot module, src/boot/) and their static imports, plus the login page's lazy chunk and its static imports (read from dist/.vite/manifest.json; run `npx vite build` first).
// Budget (issue 11): at most 150 KB. Exits 1 above it, so CI can call it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const budgetBytes = 150 * 1024;
const distDir = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', distDir), 'utf8'));
const loginPage = 'src/pages/auth/login-page.tsx';

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (!entryKeys.includes('index.html') || !manifest[loginPage]) {
  console.error(`manifest lacks the entry or ${loginPage}`);
  process.exit(2);
}

const files = new Set();
for (const key of entryKeys) collect(key);
collect(loginPage);

/** A chunk and, recursively, its static imports (dynamic imports load later, on demand). */
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

let total = 0;
const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(new URL(file, distDir));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return { file, raw: bytes.length, gzip };
  });
for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(row.raw / 1024).toFixed(1).padStart(7)} KB raw  ${row.file}`);
console.log(`/login JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetBytes / 1024} KB)`);
process.exit(total <= budgetBytes ? 0 : 1);
