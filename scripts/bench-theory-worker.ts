// One process of simulated students for scripts/bench-theory.ts: gets {base, seconds, questions, tokens} over IPC,
// autosaves every 2 s per student over keep-alive HTTP, answers with latencies and each student's newest answers.
import http from 'node:http';

interface Job { base: string; seconds: number; questions: { id: number; type: number }[]; tokens: string[] }

const CHOICES: Record<number, string[]> = { 1: ['A', 'B', 'C', 'D'], 2: ['A', 'A B', 'B C D', 'F'], 3: ['正确', '错误'] };
const answerFor = (type: number, seq: number) => (CHOICES[type] ? CHOICES[type][seq % CHOICES[type].length] : type === 4 ? `${seq} ${seq + 1}` : `第${seq}次修改的答案`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function post(base: string, name: string, form: Record<string, string | number>, token: string): Promise<{ code: number; message: string }> {
  const body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  return new Promise((resolve) => {
    const req = http.request(`${base}/${name}`, { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch {
          resolve({ code: -1, message: `HTTP ${res.statusCode}` });
        }
      });
    });
    req.on('error', (err) => resolve({ code: -1, message: err.message }));
    req.end(body);
  });
}

async function run(job: Job) {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let late = 0;
  const latest: [number, number, { answer: string; seq: number }][] = [];
  const stopAt = Date.now() + job.seconds * 1000;

  async function save(token: string, cid: number, answer: string, seq: number) {
    const t0 = performance.now();
    const reply = await post(job.base, 'theory/test', { logid: 5, cid, answer, seq }, token);
    latencies.push(performance.now() - t0);
    if (reply.code !== 200) failures.set(reply.message, (failures.get(reply.message) ?? 0) + 1);
  }

  async function student(token: string, index: number) {
    const mine = new Map<number, { answer: string; seq: number }>();
    let seq = 0;
    await new Promise((r) => setTimeout(r, Math.random() * 2000)); // spread the students over the 2 s period
    while (Date.now() < stopAt) {
      const next = Date.now() + 2000;
      const q = job.questions[Math.floor(Math.random() * job.questions.length)];
      const answer = answerFor(q.type, ++seq);
      const previous = mine.get(q.id);
      mine.set(q.id, { answer, seq });
      await save(token, q.id, answer, seq);
      if (previous && seq % 10 === 0) {
        late++;
        await save(token, q.id, previous.answer, previous.seq); // arrives after the newer answer: must not win
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    for (const [qid, want] of mine) latest.push([index, qid, want]);
  }

  await Promise.all(job.tokens.map((token, i) => student(token, i)));
  process.send!({ latencies, failures: [...failures], late, latest });
}

// A failed run exits non-zero so the parent reports it instead of waiting for a reply.
process.once('message', (job: Job) => {
  run(job).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
