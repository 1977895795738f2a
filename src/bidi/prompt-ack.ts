import WebSocket from 'ws';

/**
 * Makes the client acknowledge every burst of data from the server at once, so no reply waits ~40 ms.
 *
 * Why: Firefox turns Nagle's algorithm off on the sockets it opens but not on the Remote Agent's accepted
 * socket, and its WebSocket writes a message in 32 KiB pieces. A piece smaller than a segment is held back
 * until everything sent before it is acknowledged, and Linux acknowledges a lone segment only when its
 * delayed-ACK timer fires (about 40 ms). So a reply of about 33–90 kB, or an answer written right after an
 * event, arrived 40–50 ms late (seen with tcpdump on loopback). No Firefox pref sets TCP_NODELAY there and
 * Node cannot set TCP_QUICKACK, so the client sends a tiny frame whose segment carries the ACK: an
 * unsolicited pong, which RFC 6455 (5.5.3) allows and which asks for no reply.
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
