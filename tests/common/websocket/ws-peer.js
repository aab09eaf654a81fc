// A real WebSocket server for TestPeer.cxx: the `ws` package (tests/peers),
// on 127.0.0.1 and a port of the kernel's choosing, printed as "ready PORT".
// What it does depends on the request path:
//   /echo       sends every message back as it came (text or binary)
//   /ping       pings with "keepalive?", then sends "pong:" + the pong's data
//   /close      closes at once with 4000 "server says bye"
//   /fragments  sends "fragment" in three frames with a ping between them,
//               then "hé" split inside the é
//   /big        sends a text message of 1 MiB + 1 bytes
// usage: node ws-peer.js NODE_MODULES_DIR
'use strict';
const path = require('path');
const { WebSocketServer } = require(path.join(process.argv[2], 'ws'));

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => {
	process.stdout.write(`ready ${server.address().port}\n`);
});
server.on('connection', (socket, request) => {
	switch (request.url) {
	case '/echo':
		socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
		break;
	case '/ping':
		socket.on('pong', (data) => socket.send('pong:' + data.toString()));
		socket.ping('keepalive?');
		break;
	case '/close':
		socket.close(4000, 'server says bye');
		break;
	case '/fragments':
		socket.send('frag', { fin: false });
		socket.ping('mid');
		socket.send('men', { fin: false });
		socket.send('t', { fin: true });
		socket.send(Buffer.from([0x68, 0xc3]), { binary: false, fin: false });
		socket.send(Buffer.from([0xa9]), { binary: false, fin: true });
		break;
	case '/big':
		socket.send('x'.repeat(1024 * 1024 + 1));
		break;
	default:
		socket.close(1008, 'unknown path');
	}
});
