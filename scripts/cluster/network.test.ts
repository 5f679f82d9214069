import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type LocalProcess } from '@easel/shared/process';
import { startFaultRelay } from './fault-relay';
import { createNetwork, type PrivateNetwork } from './network';

/**
 * The private network the fault tests put the cluster's parts on: real namespaces, veth pairs and
 * a bridge (root only), an echo server on one host, and the relay that adds latency and loss.
 */
const ECHO_PORT = 7000;
let network: PrivateNetwork;
let echo: LocalProcess;

beforeAll(async () => {
  network = await createNetwork(['a', 'b']);
  const b = network.hosts.get('b')!;
  // An echo server on host b, on its own address only.
  echo = startProcess('ip', ['netns', 'exec', b.netns, process.execPath, '-e',
    `require('node:net').createServer((s) => s.pipe(s)).listen(${ECHO_PORT}, '${b.address}', () => console.log('listening'))`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => echo.stdout!.once('data', resolve));
});

afterAll(async () => {
  echo?.kill('SIGKILL');
  await echo;
  await network?.remove();
});

/** Sends `bytes` to `address` and resolves with what comes back once as many have; rejects after `timeoutMs`. */
function roundTrip(host: string, port: number, bytes: Buffer, timeoutMs = 5_000): Promise<{ echoed: Buffer; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    let length = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, timeoutMs);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length < bytes.length) return;
      clearTimeout(timer);
      socket.end();
      resolve({ echoed: Buffer.concat(chunks), ms: performance.now() - started });
    });
    socket.write(bytes);
  });
}

describe('the private network', () => {
  it('gives each host its own namespace and address, reachable from the test machine', async () => {
    const [a, b] = [network.hosts.get('a')!, network.hosts.get('b')!];
    expect(a.netns).not.toBe(b.netns);
    expect(a.address).not.toBe(b.address);
    const bytes = randomBytes(1000);
    expect((await roundTrip(b.address, ECHO_PORT, bytes)).echoed).toEqual(bytes);
    // Nothing listens on the test machine's own loopback at that port: b's server is on b alone.
    await expect(roundTrip('127.0.0.1', ECHO_PORT, bytes)).rejects.toThrow();
  });

  it('cuts a host off silently when its link goes down, and plugs it back in', async () => {
    await network.isolate('b');
    try {
      // No refusal, no answer: the packets are lost.
      await expect(roundTrip(network.hosts.get('b')!.address, ECHO_PORT, Buffer.from('hello'), 1_000)).rejects.toThrow('no answer in time');
    } finally {
      await network.reconnect('b');
    }
    await expect.poll(async () => (await roundTrip(network.hosts.get('b')!.address, ECHO_PORT, Buffer.from('again'), 1_000).catch(() => undefined))?.echoed.toString()).toBe('again');
  });

  it('relays a stream between hosts with latency and loss added, every byte intact and in order', async () => {
    const b = network.hosts.get('b')!;
    const relay = await startFaultRelay({ host: network.gateway }, { host: b.address, port: ECHO_PORT });
    try {
      const bytes = randomBytes(64 * 1024);
      const clean = await roundTrip(relay.address.split(':')[0]!, Number(relay.address.split(':')[1]), bytes);
      expect(clean.echoed).toEqual(bytes);

      relay.set({ latencyMs: 200, loss: 0.05 });
      const [host, port] = [relay.address.split(':')[0]!, Number(relay.address.split(':')[1])];
      const slow = await roundTrip(host, port, bytes);
      expect(slow.echoed).toEqual(bytes);
      // 200 ms each way at least.
      expect(slow.ms).toBeGreaterThanOrEqual(400);

      // Every chunk lost once: each waits a retransmission timeout more.
      relay.set({ latencyMs: 0, loss: 1 });
      const lossy = await roundTrip(host, port, Buffer.from('x'));
      expect(lossy.echoed.toString()).toBe('x');
      expect(lossy.ms).toBeGreaterThanOrEqual(400);
    } finally {
      await relay.close();
    }
  });

  it('cuts one client off through the relay, holding its bytes until the cut heals, and no other', async () => {
    const relay = await startFaultRelay({ host: network.gateway }, { host: network.hosts.get('b')!.address, port: ECHO_PORT });
    const [host, port] = [relay.address.split(':')[0]!, Number(relay.address.split(':')[1])];
    try {
      // Another host cut off: this machine's connections pass.
      relay.set({ latencyMs: 0, loss: 0, cut: [network.hosts.get('a')!.address] });
      expect((await roundTrip(host, port, Buffer.from('free'))).echoed.toString()).toBe('free');
      // This machine (the gateway's address) cut off: nothing comes back until the cut heals, then all of it, in order.
      relay.set({ latencyMs: 0, loss: 0, cut: [network.gateway] });
      const bytes = randomBytes(64 * 1024);
      const held = roundTrip(host, port, bytes);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      relay.set({ latencyMs: 0, loss: 0 });
      const healed = await held;
      expect(healed.echoed).toEqual(bytes);
      expect(healed.ms).toBeGreaterThanOrEqual(1_000);
    } finally {
      await relay.close();
    }
  });
});
