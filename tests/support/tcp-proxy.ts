import { connect, createServer, type Socket } from 'node:net';

export type ProxyMode = 'open' | 'down' | 'frozen';

/**
 * A TCP proxy in front of PostgreSQL that a test controls: `open` forwards, `down` drops every
 * connection and refuses new ones (a stopped server), `frozen` holds every byte until it opens
 * again (a server that stopped answering, as under SIGSTOP).
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  let mode: ProxyMode = 'open';
  const links = new Set<{ client: Socket; upstream: Socket; held: [Socket, Buffer][] }>();

  const server = createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const link = { client, upstream, held: [] as [Socket, Buffer][] };
    links.add(link);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (mode === 'frozen') link.held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const close = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    set(next: ProxyMode) {
      mode = next;
      if (next === 'down') {
        for (const { client, upstream } of links) {
          client.destroy();
          upstream.destroy();
        }
        links.clear();
      }
      if (next === 'open') {
        for (const link of links) {
          for (const [to, chunk] of link.held) to.write(chunk);
          link.held = [];
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of links) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
};
