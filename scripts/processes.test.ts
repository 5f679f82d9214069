import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree } from './processes';

describe('assertPortFree', () => {
  it('passes for a free port and names the variable for a busy one', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(assertPortFree('127.0.0.1', port, 'SEARCH_PORT')).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use; stop what is listening there or set SEARCH_PORT to a free port.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await expect(assertPortFree('127.0.0.1', port, 'SEARCH_PORT')).resolves.toBeUndefined();
  });
});
