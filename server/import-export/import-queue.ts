/**
 * Imports take turns in a server process: one runs, a few wait, more are refused with 429 `import.busy`. An import
 * holds its file, its table of up to 100,000 rows and a database transaction for as long as it runs (seconds to
 * minutes); several at once multiplied the memory (three large workbooks took a server from 0.3 to 2.9 GB) and, on
 * the embedded database, queued every other request behind each of them in turn.
 */
import { HttpError } from '../http-error';

export class ImportQueue {
  private running = false;
  private readonly waiting: Array<() => void> = [];

  /** @param maxWaiting imports that may wait for their turn; one more is refused. */
  constructor(readonly maxWaiting = 3) {}

  /** Runs `work` when its turn comes; a 429 when too many are waiting already. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw new HttpError(429, 'import.busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next one waiting, so no newcomer slips in between.
      if (next) next();
      else this.running = false;
    }
  }
}
