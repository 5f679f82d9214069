import net from 'node:net';

export interface Faults {
  /** One-way delay added to every chunk, each way. */
  latencyMs: number;
  /** The share of chunks (0 to 1) lost once on the way and sent again. */
  loss: number;
  /**
   * Client addresses cut off (partitioned): their connections' bytes, both ways, and their ends
   * go nowhere until the cut heals, then arrive in order, as TCP's retransmissions would.
   */
  cut?: readonly string[];
}

export interface FaultRelay {
  /** `host:port` to connect to instead of the target. */
  address: string;
  /** Changes the faults for every connection, open or new. */
  set(faults: Faults): void;
  /** Closes the relay and every connection through it. */
  close(): Promise<void>;
}

/**
 * TCP's retransmission timeout on Linux is at least 200 ms and grows with the round trip; a
 * lost segment reaches its peer this much after the one sent just after it would have.
 */
const retransmissionMs = (latencyMs: number) => Math.max(200, 4 * latencyMs);
/** How often held bytes look whether their cut has healed. */
const CUT_POLL_MS = 50;

/**
 * A TCP relay placed between two hosts, listening on `listen` and connecting each client on to
 * `target`: the link between them with `faults` added. Each chunk is held `latencyMs` each way;
 * a lost one (share `loss`) is held a retransmission timeout longer, and the ones behind it wait
 * for it, as TCP delivers them in order. So the processes on either side see what a slow, lossy
 * network does to a TCP stream (late bytes, stalls), never corrupted or reordered data.
 */
export async function startFaultRelay(listen: { host: string }, target: { host: string; port: number }, faults: Faults = { latencyMs: 0, loss: 0 }): Promise<FaultRelay> {
  let current = faults;
  const sockets = new Set<net.Socket>();
  /** Sends `from`'s bytes to `to` with the faults, in order; `client` is the address of the connection's client. */
  const pipe = (from: net.Socket, to: net.Socket, client: string) => {
    let lastDelivery = 0;
    const isCut = () => current.cut?.includes(client) ?? false;
    /** Bytes held while the client is cut off, in order. */
    const held: Buffer[] = [];
    const deliver = (chunk: Buffer) => {
      const { latencyMs, loss } = current;
      if (latencyMs === 0 && loss === 0 && lastDelivery <= Date.now()) return void to.write(chunk);
      const lost = Math.random() < loss;
      const at = Math.max(lastDelivery, Date.now() + latencyMs + (lost ? retransmissionMs(latencyMs) : 0));
      lastDelivery = at;
      setTimeout(() => to.write(chunk), at - Date.now());
    };
    const release = () => {
      if (isCut()) return void setTimeout(release, CUT_POLL_MS);
      for (const chunk of held.splice(0)) deliver(chunk);
    };
    from.on('data', (chunk: Buffer) => {
      if (held.length === 0 && !isCut()) return deliver(chunk);
      if (held.push(chunk) === 1) release();
    });
    // An end or a reset passes on once the bytes before it have, and never across a cut.
    const after = (then: () => void) => {
      if (held.length > 0 || isCut()) return void setTimeout(() => after(then), CUT_POLL_MS);
      setTimeout(then, Math.max(0, lastDelivery - Date.now()));
    };
    from.on('end', () => after(() => to.end()));
    from.on('error', () => after(() => to.destroy()));
    from.on('close', () => after(() => to.destroy()));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    const address = client.remoteAddress ?? '';
    pipe(client, upstream, address);
    pipe(upstream, client, address);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: listen.host, port: 0 }, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `${listen.host}:${port}`,
    set: (faults) => {
      current = faults;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
