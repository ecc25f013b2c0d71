import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { ImportQueue } from './import-queue';

/** A piece of work that runs until `finish` is called, recording when it starts and ends. */
function work(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the import queue', () => {
  it('runs imports one at a time, in the order they came', async () => {
    const queue = new ImportQueue(3);
    const log: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => work(log, name));
    const results = [first, second, third].map((item) => queue.run(item.run));
    await settle();
    expect(log).toEqual(['first starts']);
    first.finish();
    await settle();
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
    second.finish();
    third.finish();
    expect(await Promise.all(results)).toEqual(['first', 'second', 'third']);
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends', 'third starts', 'third ends']);
  });

  it('refuses one more than may wait with 429, and takes new ones once the queue is free', async () => {
    const queue = new ImportQueue(1);
    const log: string[] = [];
    const running = work(log, 'running');
    const waiting = work(log, 'waiting');
    const results = [queue.run(running.run), queue.run(waiting.run)];
    const refused = await queue.run(() => Promise.resolve('refused')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, messageKey: 'import.busy' });
    running.finish();
    waiting.finish();
    await Promise.all(results);
    expect(await queue.run(() => Promise.resolve('later'))).toBe('later');
  });

  it('passes the turn on when an import fails', async () => {
    const queue = new ImportQueue(3);
    const failed = queue.run(() => Promise.reject(new Error('broken file')));
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('broken file');
    expect(await next).toBe('next');
  });
});
