import WebSocket from 'ws';

/**
 * Makes the client acknowledge every burst of data from the server at once, so that no reply waits
 * for Linux's delayed ACK.
 *
 * Why: Firefox turns Nagle's algorithm off on the sockets it opens (nsSocketTransport) but not on the
 * Remote Agent's accepted socket, and its WebSocket writes a message in 32 KiB pieces. A piece smaller
 * than a segment is held back until everything sent before it is acknowledged, and Linux acknowledges
 * a lone segment only when its delayed-ACK timer fires, about 40 ms later. tcpdump on loopback showed
 * a 60,000-character reply as 32,768 bytes, our ACK 44 ms later, then the other 27,375 bytes. So every
 * reply of about 33–90 kB (a snapshot's JSON of an ordinary page) took ~48 ms instead of ~4, and so
 * did an answer written right after an event (a console message, a network event): larger replies fill
 * segments, which Linux acknowledges at once. No Firefox pref sets TCP_NODELAY there and Node cannot
 * set TCP_QUICKACK, so the client sends a tiny frame whose segment carries the ACK: an unsolicited
 * pong, which RFC 6455 (5.5.3) allows and which asks for no reply. tests/e2e/reply-latency.test.ts
 * fails without it; `npm run bench:latency` shows every reply size.
 */
export function acknowledgePromptly(ws: WebSocket): void {
  ws.once('upgrade', (response) => {
    let acknowledged = false;
    response.socket.on('data', () => {
      if (acknowledged || ws.readyState !== WebSocket.OPEN) return;
      acknowledged = true;
      ws.pong();
      // One pong per turn of the event loop: the chunks read together need one ACK.
      setImmediate(() => (acknowledged = false));
    });
  });
}
