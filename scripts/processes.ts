import { spawn, type ChildProcess } from 'node:child_process';
import { answersOk, probePort } from '@easel/indexer';

/** Throws one sentence naming the port and its variable when something already listens there. */
export async function assertPortFree(host: string, port: number, variable: string): Promise<void> {
  try {
    await probePort(host, port);
  } catch {
    throw new Error(`Port ${port} on ${host} is already in use; stop what is listening there or set ${variable} to a free port.`);
  }
}

export interface Service {
  name: string;
  child: ChildProcess;
}

/** Starts a long-running child whose output is prefixed with its name. */
export function startService(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Service {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return { name, child };
}

/** Resolves when a step's process exits cleanly; rejects naming the step otherwise. */
export function completion(service: Service): Promise<void> {
  return new Promise((resolve, reject) => {
    service.child.once('error', (error) => reject(new Error(`${service.name} could not start: ${error.message}.`)));
    service.child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${service.name} failed (exit code ${code}); see its output above.`)),
    );
  });
}

/** Polls a URL until it answers 2xx, or fails when the service exits or the time runs out. */
export async function waitForHttp(service: Service, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`The ${service.name} exited during start-up (exit code ${service.child.exitCode}); see its output above.`);
    if (await answersOk(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The ${service.name} did not answer ${url} within ${timeoutMs / 1000} s; see its output above.`);
}

