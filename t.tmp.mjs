const url = 'http://127.0.0.1:3999';
const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' }, body: JSON.stringify({ login: 'bulk.large.owner', password: 'fleetdesk-bulk-2024' }) });
const token = (await login.json()).data.token;
for (const q of process.argv.slice(2)) for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const response = await fetch(`${url}/api/orders?${q}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  console.log(q.padEnd(70), response.status, (performance.now() - started).toFixed(0).padStart(6), 'ms total', body.pagination?.total);
}
