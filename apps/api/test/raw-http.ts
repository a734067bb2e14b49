import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app';

/**
 * Sends `request` to the app over a socket exactly as written (inject rewrites a request line that
 * names the address in full, `GET http://host/… HTTP/1.1`, to its path); the app listens on a port
 * of its own the first time. Answers the reply's head and body as received.
 */
export async function sendRaw(app: App, request: string): Promise<{ head: string; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const answer = await new Promise<string>((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('close', () => done(received));
    socket.on('error', fail);
  });
  const split = answer.indexOf('\r\n\r\n');
  return split === -1
    ? { head: answer, body: '' }
    : { head: answer.slice(0, split), body: answer.slice(split + 4) };
}
