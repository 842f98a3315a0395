import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderReply, RenderRequest } from './image-renderer';

// docs/architecture.md#upload-budget: the shop's side of the renderer process. One process, started at the first
// picture and again after it ends; the requests it has not answered when it ends are refused as too slow.

// Beside this module: the source file in development and tests (Node strips its types), the compiled one in
// dist/server.
const rendererFile = import.meta.url.endsWith('.ts') ? './image-renderer.ts' : './image-renderer.js';
/** Past the renderer's own timeouts (decode and each encode), a picture still not back means a stuck process. */
const STUCK_AFTER_MS = 60_000;

type Pending = {
  resolve: (reply: RenderReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/** The process and the requests it has not answered yet. */
interface Renderer {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

let renderer: Renderer | undefined;
let nextId = 1;

function settleAll(pending: Map<number, Pending>, error: Error) {
  for (const [id, request] of pending) {
    clearTimeout(request.timer);
    request.reject(error);
    pending.delete(id);
  }
}

// An idle renderer keeps neither the shop's process nor a test run alive.
function idle(child: ChildProcess) {
  child.unref();
  child.channel?.unref();
}

function busy(child: ChildProcess) {
  child.ref();
  child.channel?.ref();
}

function started(): Renderer {
  if (renderer?.child.connected) return renderer;
  const child = fork(fileURLToPath(new URL(rendererFile, import.meta.url)), [], {
    // Not the parent's flags (a test runner's loaders, an inspector): plain Node runs the renderer.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const own: Renderer = { child, pending: new Map() };
  child.on('message', (reply: RenderReply) => {
    const request = own.pending.get(reply.id);
    if (!request) return;
    own.pending.delete(reply.id);
    clearTimeout(request.timer);
    request.resolve(reply);
    if (own.pending.size === 0) idle(child);
  });
  child.on('exit', () => {
    if (renderer === own) renderer = undefined;
    settleAll(own.pending, new Error('the image renderer ended'));
  });
  child.on('error', (error) => settleAll(own.pending, error));
  renderer = own;
  return own;
}

/** Renders one picture in the renderer process. Rejects when the process ends or is stuck. */
export function renderInRenderer(request: Omit<RenderRequest, 'id'>): Promise<RenderReply> {
  const { child, pending } = started();
  const id = nextId++;
  return new Promise<RenderReply>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the image renderer is stuck'));
      child.kill('SIGKILL');
    }, STUCK_AFTER_MS);
    pending.set(id, { resolve, reject, timer });
    busy(child);
    child.send({ ...request, id } satisfies RenderRequest);
  });
}

/** The renderer's process id while it runs. */
export function rendererProcessId(): number | undefined {
  return renderer?.child.connected ? renderer.child.pid : undefined;
}

/** Ends the renderer process (it starts again at the next picture). */
export function stopRenderer(): void {
  renderer?.child.kill();
  renderer = undefined;
}
