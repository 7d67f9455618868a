/**
 * Sends raw bytes to a server over a plain TCP socket (node:http would
 * refuse or repair most of what the fuzzer sends) and collects whatever
 * comes back until the server closes, the budget runs out, or the request is
 * deliberately cut off.
 */
import { connect } from 'node:net';
import type { HostileRequest } from './hostile-requests.ts';

export interface RawExchange {
  /** Every byte the server sent. */
  received: Buffer;
  /** Status codes of every response in `received` (pipelined requests get several). */
  statuses: number[];
  /** The budget ran out with the connection still open (a held keep-alive or event stream). */
  timedOut: boolean;
  /** The connection could not be made at all: the server is gone. */
  refused: boolean;
}

/** How long a stalled connection is held open without a byte before it is dropped. */
const STALL_MS = 300;

export function sendRaw(port: number, request: HostileRequest, budgetMs: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    let refused = false;
    const socket = connect({ port, host: '127.0.0.1' });
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, budgetMs);
    socket.on('connect', () => {
      void deliver(socket, request).catch(() => socket.destroy());
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // An event stream never ends by itself: once it has answered, it has answered.
      if (/text\/event-stream/i.test(chunk.toString('latin1'))) socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') refused = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks);
      const statuses = [...received.toString('latin1').matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)].map((match) => Number(match[1]));
      resolve({ received, statuses, timedOut, refused });
    });
  });
}

async function deliver(socket: import('node:net').Socket, request: HostileRequest): Promise<void> {
  // A request that asks to close is answered and closed by the server; any other is followed by a
  // half-close from this side (which a server may answer or simply close on), so no connection idles.
  const finish = () => {
    if (!asksToClose(request) && !socket.destroyed) socket.end();
  };
  if (request.delivery === 'whole') {
    socket.write(request.bytes);
    finish();
    return;
  }
  if (request.delivery === 'abort' || request.delivery === 'stall') {
    socket.write(request.bytes.subarray(0, request.abortAfter));
    await pause(request.delivery === 'stall' ? STALL_MS : 2);
    socket.destroy();
    return;
  }
  // Trickled: in at most 30 small pieces with pauses, as a slow or hostile client sends.
  const piece = Math.max(16, Math.ceil(request.bytes.length / 30));
  for (let offset = 0; offset < request.bytes.length && !socket.destroyed; offset += piece) {
    socket.write(request.bytes.subarray(offset, offset + piece));
    await pause(1);
  }
  finish();
}

function asksToClose(request: HostileRequest): boolean {
  return /\r\nConnection:[^\r]*close/i.test(request.bytes.toString('latin1'));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
