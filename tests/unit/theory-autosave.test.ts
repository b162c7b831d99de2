import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRemaining, joinBlanks, mergeAnswers, splitBlanks, unanswered } from '../../src/custom/theory/answers';
import { Autosave, type Draft, type DraftStore, type SendFailure } from '../../src/custom/theory/autosave';
import type { Question, SaveReply } from '../../src/custom/theory/types';

function memoryStore(initial: Draft | null = null): DraftStore & { draft: Draft | null } {
  const store = { draft: initial, load: () => store.draft, save: (d: Draft) => (store.draft = JSON.parse(JSON.stringify(d))) };
  return store;
}

/** A server that holds the highest seq per question, and can be switched off like a cut network. */
function fakeServer() {
  const held = new Map<number, { answer: string; seq: number }>();
  const server = {
    held,
    online: true,
    /** Replies left to answer with a server error (5xx) before saving again. */
    failing: 0,
    sent: [] as { id: number; answer: string; seq: number }[],
    send: vi.fn(async (id: number, answer: string, seq: number): Promise<SaveReply> => {
      server.sent.push({ id, answer, seq });
      if (!server.online) throw { kind: 'network', message: 'offline' } satisfies SendFailure;
      if (server.failing > 0 && server.failing--) throw { kind: 'busy', message: '系统繁忙，请稍后重试' } satisfies SendFailure;
      const current = held.get(id);
      if (!current || current.seq < seq) held.set(id, { answer, seq });
      const now = held.get(id)!;
      return { question_id: id, seq: now.seq, answer: now.answer, accepted: now.seq === seq, last_seq: seq, remaining: 600 };
    }),
  };
  return server;
}

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every change locally at once and sends it within 1.5 s, each with the next seq', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const saver = new Autosave({ send: server.send, store, onChange: () => {} });
    saver.init({}, 4);
    saver.change(1, 'A');
    saver.change(1, 'B');
    expect(store.draft!.answers[1]).toEqual({ answer: 'B', seq: 6 });
    expect(saver.status).toBe('saving');
    expect(server.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.sent).toEqual([{ id: 1, answer: 'B', seq: 6 }]);
    expect(saver.status).toBe('saved');
    expect(store.draft!.dirty).toEqual([]);
  });

  it('sends while typing goes on, at most 1.5 s after the first unsent change', async () => {
    const server = fakeServer();
    const saver = new Autosave({ send: server.send, store: memoryStore(), onChange: () => {} });
    saver.init({}, 0);
    for (let i = 0; i < 8; i++) {
      saver.change(5, `text ${i}`);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(server.sent.length).toBeGreaterThanOrEqual(1);
    expect(server.sent[0].seq).toBeLessThanOrEqual(6);
  });

  it('goes offline, keeps the answers, and sends them when the network returns', async () => {
    const server = fakeServer();
    server.online = false;
    const store = memoryStore();
    const saver = new Autosave({ send: server.send, store, onChange: () => {}, retryMs: 3000 });
    saver.init({}, 0);
    saver.change(2, 'A C');
    await vi.advanceTimersByTimeAsync(1500);
    expect(saver.status).toBe('offline');
    expect(store.draft).toMatchObject({ answers: { 2: { answer: 'A C', seq: 1 } }, dirty: [2] });
    saver.change(3, '正确');
    server.online = true;
    saver.online();
    await vi.advanceTimersByTimeAsync(10);
    expect(saver.status).toBe('saved');
    expect(server.held.get(2)).toEqual({ answer: 'A C', seq: 1 });
    expect(server.held.get(3)).toEqual({ answer: '正确', seq: 2 });
  });

  it('resumes from the server plus newer answers this browser kept, and sends only those', async () => {
    const server = fakeServer();
    server.held.set(1, { answer: 'A', seq: 3 });
    server.held.set(2, { answer: 'old', seq: 4 });
    const store = memoryStore({ seq: 7, answers: { 1: { answer: 'C', seq: 2 }, 2: { answer: 'new', seq: 7 } }, dirty: [2] });
    const saver = new Autosave({ send: server.send, store, onChange: () => {} });
    saver.init(Object.fromEntries(server.held), 4);
    expect(saver.answers).toEqual({ 1: { answer: 'A', seq: 3 }, 2: { answer: 'new', seq: 7 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(server.sent).toEqual([{ id: 2, answer: 'new', seq: 7 }]);
    saver.change(1, 'D');
    expect(saver.answers[1].seq).toBe(8); // above everything seen
  });

  it('takes the newer answer another tab saved instead of keeping its own older one', async () => {
    const server = fakeServer();
    const saver = new Autosave({ send: server.send, store: memoryStore(), onChange: () => {} });
    saver.init({}, 0);
    server.held.set(9, { answer: 'from the other tab', seq: 50 });
    saver.change(9, 'mine');
    await vi.advanceTimersByTimeAsync(1500);
    expect(saver.answers[9]).toEqual({ answer: 'from the other tab', seq: 50 });
    expect(saver.status).toBe('saved');
  });

  it('keeps going through server errors: says the answers are kept here, retries with growing waits, then saves', async () => {
    const server = fakeServer();
    server.failing = 3;
    const store = memoryStore();
    const closed = vi.fn();
    const saver = new Autosave({ send: server.send, store, onChange: () => {}, onClosed: closed, retryMs: 1000, maxRetryMs: 4000 });
    saver.init({}, 0);
    saver.change(4, '论述');
    await vi.advanceTimersByTimeAsync(600);
    expect(server.sent).toHaveLength(1);
    expect(saver.status).toBe('retrying');
    expect(store.draft).toMatchObject({ answers: { 4: { answer: '论述', seq: 1 } }, dirty: [4] });
    saver.change(4, '论述二'); // the student keeps answering meanwhile
    // Waits of about 1 s, 2 s, 4 s (±20%), and typing does not hurry them: one retry by 1.75 s, none more by 2.85 s.
    await vi.advanceTimersByTimeAsync(1150);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1100);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(8000);
    expect(saver.status).toBe('saved');
    expect(server.held.get(4)).toEqual({ answer: '论述二', seq: 2 });
    expect(closed).not.toHaveBeenCalled();
  });

  it('never waits longer than maxRetryMs between retries while the server stays down', async () => {
    const server = fakeServer();
    server.failing = 1000;
    const saver = new Autosave({ send: server.send, store: memoryStore(), onChange: () => {}, retryMs: 1000, maxRetryMs: 4000 });
    saver.init({}, 0);
    saver.change(1, 'A');
    await vi.advanceTimersByTimeAsync(1500 + 1200 + 2400 + 4800);
    const before = server.sent.length;
    await vi.advanceTimersByTimeAsync(4800 * 3);
    expect(server.sent.length - before).toBeGreaterThanOrEqual(3);
    expect(saver.status).toBe('retrying');
  });

  it('stops when the server refuses (time over) and says why', async () => {
    const closed = vi.fn();
    const saver = new Autosave({
      send: async () => {
        throw { kind: 'refused', message: '考试时间到！' } satisfies SendFailure;
      },
      store: memoryStore(),
      onChange: () => {},
      onClosed: closed,
    });
    saver.init({}, 0);
    saver.change(1, 'A');
    await vi.advanceTimersByTimeAsync(1500);
    expect(closed).toHaveBeenCalledWith('考试时间到！');
    expect(saver.status).toBe('closed');
    expect(await saver.settle(100)).toBe(false);
  });
});

describe('answer helpers', () => {
  const q = (id: number, question = ''): Question => ({ id, type: 4, type_name: '填空题', question, content: [], poins: 1 });

  it('keeps fill blanks in place, with _ for an empty blank before a filled one', () => {
    expect(joinBlanks(['32', '', '8'])).toBe('32 _ 8');
    expect(joinBlanks(['32', ' 1 2 ', ''])).toBe('32 12');
    expect(joinBlanks(['', ''])).toBe('');
    expect(splitBlanks('32 _ 8', 3)).toEqual(['32', '', '8']);
    expect(splitBlanks('', 2)).toEqual(['', '']);
  });

  it('lists unanswered questions by number and merges by seq', () => {
    expect(unanswered([q(1), q(2), q(3)], { 1: { answer: 'A', seq: 1 }, 3: { answer: ' ', seq: 2 } })).toEqual([2, 3]);
    expect(mergeAnswers({ 1: { answer: 'A', seq: 5 } }, { 1: { answer: 'B', seq: 4 }, 2: { answer: 'C', seq: 6 } })).toEqual({ 1: { answer: 'A', seq: 5 }, 2: { answer: 'C', seq: 6 } });
  });

  it('formats the countdown', () => {
    expect(formatRemaining(65)).toBe('01:05');
    expect(formatRemaining(3725)).toBe('1:02:05');
    expect(formatRemaining(-3)).toBe('00:00');
  });
});
