import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './fixture.ts';

export interface RunningCli {
  url: string;
  stdout: string;
  /** Everything printed so far, also after ready. */
  output(): string;
  stop(): Promise<void>;
}

/** `bin/agency-site <args>` as a child process, ready once its stdout matches `ready` (the URL in group 1). */
export async function startCli(options: {
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  ready: RegExp;
  cleanup?: () => void;
}): Promise<RunningCli> {
  const { SMTP_URL: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'bin/agency-site'), ...options.args], {
    env: { ...inherited, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited;
    options.cleanup?.();
  };
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const url = await new Promise<string>((ready, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = options.ready.exec(stdout);
        if (match) ready(match[1]!);
      });
      void exited.then(() => fail(new Error(`agency-site ${options.args[0]} exited: ${stderr}`)));
    });
    return { url, stdout, output: () => stdout, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
