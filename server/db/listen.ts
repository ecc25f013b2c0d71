/**
 * LISTEN on a PostgreSQL server, on a connection of its own (a pooled one would be handed to queries),
 * reconnecting after a drop. Notifications sent while the connection was down are lost, so the caller is
 * told (`onState(false)`) and must not rely on having heard everything until `onState(true)`.
 */
import pg from 'pg';

const RECONNECT_AFTER_MS = 2_000;

export async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    onState(true);
  };

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(() => retry());
    }, RECONNECT_AFTER_MS);
    timer.unref();
  };

  function lost(which: pg.Client) {
    if (client !== which && client !== null) return;
    client = null;
    onState(false);
    void which.end().catch(() => {});
    retry();
  }

  onState(false);
  await connect().catch(() => retry());
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
