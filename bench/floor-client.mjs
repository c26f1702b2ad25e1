// The floor for eval-throughput on this machine: a bare node:http client (keep-alive, no SDK, no database) making the
// same calls to the same fake provider at the same concurrency, in its own process as the server is. Two rounds: the
// first in a new process (cold), then again (warm). Prints {"coldMs":…,"warmMs":…}.
//   node floor-client.mjs <openai base url> <calls> <concurrency>
import http from 'node:http';

const [baseUrl, calls, concurrency] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const url = new URL(`${baseUrl}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const body = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a concise assistant.' },
    { role: 'user', content: 'Say hello.' },
  ],
});

function call() {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: 'Bearer sk-floor' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`status ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function round() {
  let left = calls;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await call();
    }),
  );
  return performance.now() - started;
}

const coldMs = await round();
const warmMs = await round();
console.log(JSON.stringify({ coldMs, warmMs }));
agent.destroy();
