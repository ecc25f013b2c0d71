/**
 * `npm run seed:demo`: a ready demo tenant for a newcomer (demo-tenant.ts), made through the real API (the app
 * built in-process with the configuration of `npm start`: DATA_DIR or DATABASE_URL). Prints the login and
 * password. Idempotent: a second run finds the tenant and says so.
 */
import { startSeedApp } from './app';
import { DEMO_LOGIN, DEMO_PASSWORD, seedDemoTenant } from './demo-tenant';

async function main() {
  const seed = await startSeedApp();
  try {
    const outcome = await seedDemoTenant(seed);
    if (outcome === 'taken') process.exitCode = 1;
    else printCredentials(seed.config.appUrl);
  } finally {
    await seed.close();
  }
}

/** Where `npm start` serves the app with the same configuration (APP_URL, else localhost and PORT). */
function printCredentials(appUrl: string) {
  console.log('');
  console.log(`Sign in at ${appUrl}/login (after \`npm start\`) with`);
  console.log(`  login:    ${DEMO_LOGIN}`);
  console.log(`  password: ${DEMO_PASSWORD}`);
  console.log("(the account's administrator). To see the access rights at work, sign in as a member with");
  console.log("their job's preset: anna.dispatch.demo, markus.fleet.demo or olena.hr.demo, password member-demo-2024.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
