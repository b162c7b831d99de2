import { mergeAnswers } from './answers';
import type { SaveReply, SavedAnswer } from './types';

/**
 * Keeps a student's answers safe: every change gets the next sequence number, goes to localStorage at once and
 * to the server within `maxWaitMs` (sooner when typing pauses). A send that fails for a passing reason (no
 * connection, a timeout, a busy or failing server) is retried with backoff from `retryMs` up to `maxRetryMs`, and at
 * once when the browser says it is back online; only a definite refusal (time over, already submitted) stops it.
 * The server keeps the highest seq per question, so retries and late replies can never put an older answer over a
 * newer one.
 */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'retrying' | 'closed';

export interface Draft {
  seq: number;
  answers: Record<string, SavedAnswer>;
  /** Questions changed here and not yet confirmed by the server. */
  dirty: number[];
}

export interface DraftStore {
  load(): Draft | null;
  save(draft: Draft): void;
}

/**
 * A failed send: nothing came back (offline, timeout), the server could not save it now (5xx, 429: worth retrying),
 * the answer was malformed (422), or the server refused for good.
 */
export interface SendFailure {
  kind: 'network' | 'busy' | 'invalid' | 'refused';
  message: string;
}

export interface AutosaveOptions {
  send(questionId: number, answer: string, seq: number): Promise<SaveReply>;
  store: DraftStore;
  /** Called after every change of status or answers. */
  onChange(): void;
  /** Every server reply, to correct the countdown. */
  onReply?(reply: SaveReply): void;
  /** The server refused (time over, already submitted): nothing more will be sent. */
  onClosed?(message: string): void;
  /** A save the server rejected as malformed (should not happen from the page's own inputs). */
  onInvalid?(questionId: number, message: string): void;
  debounceMs?: number;
  maxWaitMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
}

export function localDraftStore(key: string, storage: Storage = window.localStorage): DraftStore {
  return {
    load() {
      try {
        const raw = storage.getItem(key);
        return raw ? (JSON.parse(raw) as Draft) : null;
      } catch {
        return null;
      }
    },
    save(draft) {
      try {
        storage.setItem(key, JSON.stringify(draft));
      } catch {
        // storage full or disabled: the server copy still protects the answers
      }
    },
  };
}

export class Autosave {
  answers: Record<string, SavedAnswer> = {};
  private seq = 0;
  private dirty = new Set<number>();
  private inFlight = new Map<number, number>();
  /** Why the last send failed, while it is being retried. */
  private trouble: 'network' | 'busy' | null = null;
  private retryDelay = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstPending = 0;
  private waiters: (() => void)[] = [];
  private readonly opts: Required<Pick<AutosaveOptions, 'debounceMs' | 'maxWaitMs' | 'retryMs' | 'maxRetryMs'>> & AutosaveOptions;

  constructor(opts: AutosaveOptions) {
    this.opts = { debounceMs: 500, maxWaitMs: 1500, retryMs: 3000, maxRetryMs: 30_000, ...opts };
  }

  /** Starts from what the server holds plus anything newer this browser kept (e.g. typed while offline). */
  init(server: Record<string, SavedAnswer>, serverLastSeq: number): void {
    const draft = this.opts.store.load();
    const local = draft?.answers ?? {};
    this.answers = mergeAnswers(server, local);
    this.seq = Math.max(serverLastSeq, draft?.seq ?? 0, ...Object.values(this.answers).map((a) => a.seq));
    for (const [id, entry] of Object.entries(local)) if (!server[id] || entry.seq > server[id].seq) this.dirty.add(Number(id));
    this.persist();
    if (this.dirty.size) this.flush();
  }

  get status(): SaveStatus {
    if (this.closed) return 'closed';
    if (this.trouble && (this.dirty.size || this.inFlight.size)) return this.trouble === 'network' ? 'offline' : 'retrying';
    return this.dirty.size || this.inFlight.size ? 'saving' : 'saved';
  }

  change(questionId: number, answer: string): void {
    if (this.closed) return;
    this.answers = { ...this.answers, [questionId]: { answer, seq: ++this.seq } };
    this.dirty.add(questionId);
    this.persist();
    this.schedule();
    this.opts.onChange();
  }

  /** Sends whatever is pending now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.firstPending = 0;
    if (this.closed) return;
    for (const id of this.dirty) if (!this.inFlight.has(id)) void this.sendOne(id);
    this.opts.onChange();
  }

  /** Flushes and resolves true once the server holds every answer, false while offline or closed. */
  async settle(timeoutMs = 8000): Promise<boolean> {
    if (this.closed) return false;
    this.flush();
    const done = () => !this.dirty.size && !this.inFlight.size;
    if (done()) return true;
    await new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timeout);
        resolve();
      });
    });
    return done() && !this.closed;
  }

  /** The browser came back online: retry at once. */
  online(): void {
    this.trouble = null;
    this.retryDelay = 0;
    this.flush();
  }

  close(): void {
    this.closed = true;
    this.dispose();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake();
  }

  private schedule(delay?: number): void {
    if (delay === undefined && this.trouble && this.timer) return; // a retry is due: typing does not hurry it
    const now = Date.now();
    if (!this.firstPending) this.firstPending = now;
    const wait = delay ?? Math.min(this.opts.debounceMs, Math.max(0, this.firstPending + this.opts.maxWaitMs - now));
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private async sendOne(id: number): Promise<void> {
    const entry = this.answers[id];
    if (!entry) return void this.dirty.delete(id);
    this.inFlight.set(id, entry.seq);
    try {
      const reply = await this.opts.send(id, entry.answer, entry.seq);
      this.trouble = null;
      this.retryDelay = 0;
      const current = this.answers[id];
      if (reply.seq > current.seq) this.answers = { ...this.answers, [id]: { answer: reply.answer, seq: reply.seq } }; // another tab was newer
      if (reply.seq >= this.answers[id].seq) this.dirty.delete(id);
      this.opts.onReply?.(reply);
    } catch (err) {
      const failure = err as SendFailure;
      if (failure.kind === 'network' || failure.kind === 'busy') {
        this.trouble = failure.kind;
        this.schedule(this.nextRetryDelay());
      } else if (failure.kind === 'invalid') {
        this.dirty.delete(id);
        this.opts.onInvalid?.(id, failure.message);
      } else {
        this.closed = true;
        this.opts.onClosed?.(failure.message);
      }
    } finally {
      this.inFlight.delete(id);
      this.persist();
      if (this.dirty.has(id) && !this.trouble && !this.closed && !this.timer) this.schedule(0);
      this.opts.onChange();
      this.wake();
    }
  }

  private wake(): void {
    if (this.dirty.size && !this.closed && !this.trouble) return;
    if (this.inFlight.size) return;
    const waiters = this.waiters.splice(0);
    waiters.forEach((w) => w());
  }

  /** retryMs, then doubling up to maxRetryMs, with ±20% jitter so a classroom does not retry in step. */
  private nextRetryDelay(): number {
    this.retryDelay = this.retryDelay ? Math.min(this.retryDelay * 2, this.opts.maxRetryMs) : this.opts.retryMs;
    return Math.round(this.retryDelay * (0.8 + Math.random() * 0.4));
  }

  private persist(): void {
    this.opts.store.save({ seq: this.seq, answers: this.answers, dirty: [...this.dirty] });
  }
}
