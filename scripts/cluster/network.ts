import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One "host": a network namespace with an address of its own on the network's bridge. */
export interface Host {
  name: string;
  /** The namespace its processes run in (`ip netns exec <netns> …`). */
  netns: string;
  address: string;
  /** The host's end of its cable in this machine's namespace: down, the host is cut off. */
  link: string;
}

export interface PrivateNetwork {
  hosts: Map<string, Host>;
  /** This machine's own address on the bridge, from which the tests reach every host. */
  gateway: string;
  /** The network's addresses, as CIDR (`10.a.b.0/24`). */
  cidr: string;
  /** Cuts `host` off the network, as a pulled cable or a dead switch port would: its packets are lost, silently. */
  isolate(host: string): Promise<void>;
  /** Plugs it back in. */
  reconnect(host: string): Promise<void>;
  /** Removes every namespace, link and the bridge it made. */
  remove(): Promise<void>;
}

/**
 * A private network of `names` hosts on one bridge, each a Linux network namespace with a veth
 * pair (`ip netns`, `ip link`; needs root), on a /24 of 10.0.0.0/8 that nothing on this machine
 * uses. Its names carry a random tag, so several can exist at once and nothing else is touched.
 * Partitions take a host's link down: the kernel here has no netem and no packet filter
 * actions, so latency and loss between two hosts come from a relay (fault-relay.ts) instead.
 */
export async function createNetwork(names: string[]): Promise<PrivateNetwork> {
  if (names.length > 250) throw new Error('A private network holds at most 250 hosts.');
  const tag = randomBytes(3).toString('hex');
  const subnet = await unusedSubnet();
  const bridge = `ezbr${tag}`;
  const gateway = `${subnet}.1`;
  const hosts = new Map<string, Host>();
  const remove = async () => {
    for (const host of hosts.values()) await ip('netns', 'del', host.netns).catch(() => {});
    await ip('link', 'del', bridge).catch(() => {});
  };
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    await ip('addr', 'add', `${gateway}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    for (const [i, name] of names.entries()) {
      const host: Host = { name, netns: `easel-${tag}-${name}`, address: `${subnet}.${i + 2}`, link: `ez${tag}h${i}` };
      hosts.set(name, host);
      await ip('netns', 'add', host.netns);
      await ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.netns);
      await ip('link', 'set', host.link, 'master', bridge, 'up');
      await ip('-n', host.netns, 'link', 'set', 'lo', 'up');
      await ip('-n', host.netns, 'addr', 'add', `${host.address}/24`, 'dev', 'eth0');
      await ip('-n', host.netns, 'link', 'set', 'eth0', 'up');
    }
  } catch (error) {
    await remove();
    throw error;
  }
  const hostNamed = (name: string) => {
    const host = hosts.get(name);
    if (!host) throw new Error(`No host "${name}" on this network.`);
    return host;
  };
  return {
    hosts,
    gateway,
    cidr: `${subnet}.0/24`,
    isolate: (name) => ip('link', 'set', hostNamed(name).link, 'down'),
    reconnect: (name) => ip('link', 'set', hostNamed(name).link, 'up'),
    remove,
  };
}

async function ip(...args: string[]): Promise<void> {
  try {
    await run('ip', args);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`ip ${args.join(' ')} failed: ${stderr || (error as Error).message}`);
  }
}

/** `10.a.b`: a /24 that no address or route of this machine's namespace falls in. */
async function unusedSubnet(): Promise<string> {
  const { stdout } = await run('ip', ['-4', 'route', 'show', 'table', 'all']);
  const { stdout: addresses } = await run('ip', ['-4', '-o', 'addr', 'show']);
  const taken = `${stdout}\n${addresses}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const subnet = `10.${randomInt(64, 128)}.${randomInt(0, 256)}`;
    if (!taken.includes(`${subnet}.`) && !taken.includes(`10.0.0.0/8`)) return subnet;
  }
  throw new Error('No free /24 in 10.64.0.0/10 for a private network.');
}
