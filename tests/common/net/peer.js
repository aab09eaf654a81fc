// The real peers HttpClient and ByteStream are tested against, in one
// process: an HTTP server, the same over TLS with a self-signed certificate
// made by `openssl req` at start, a forward and CONNECT proxy, and TCP and
// TLS echo servers. Prints one line when all listen:
//   ready http=P https=P proxy=P echo=P tlsecho=P ca=FILE
// and exits when its standard input closes (the test ended, or died).
// Servers listen on 127.0.0.1 only; the proxy reaches "localhost" over IPv4.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const https = require('https');
const net = require('net');
const os = require('os');
const path = require('path');
const tls = require('tls');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osprey-net-peer-'));
const key = path.join(dir, 'key.pem'), cert = path.join(dir, 'cert.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
  '-keyout', key, '-out', cert, '-subj', '/CN=localhost',
  '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
const tlsOptions = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };

// What went through the proxy, for the tests to ask (GET /proxy-log).
const proxied = [];

function handle(req, res) {
  const url = new URL(req.url, 'http://x');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    if (url.pathname === '/echo' || url.pathname.startsWith('/bot')) {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Reply', 'Yes');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body,
        tls: !!req.socket.encrypted }));
    } else if (url.pathname.startsWith('/status/')) {
      const retry = url.searchParams.get('retry');
      if (retry) res.setHeader('Retry-After', retry);
      res.statusCode = Number(url.pathname.slice(8));
      res.end('status ' + res.statusCode);
    } else if (url.pathname === '/slow') {
      // never answers; the client's timeout has to end it
    } else if (url.pathname.startsWith('/bytes/')) {
      const n = Number(url.pathname.slice(7));
      res.setHeader('Content-Length', n);
      res.end(Buffer.alloc(n, 'x'));
    } else if (url.pathname.startsWith('/stream/')) {
      // no Content-Length: the size shows only while reading
      let left = Number(url.pathname.slice(8));
      const chunk = Buffer.alloc(16384, 'y');
      const more = () => {
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!res.write(chunk.subarray(0, n))) return res.once('drain', more);
        }
        res.end();
      };
      more();
    } else if (url.pathname === '/proxy-log') {
      res.end(JSON.stringify(proxied));
    } else {
      res.statusCode = 404;
      res.end('no such path');
    }
  });
}

const plain = http.createServer(handle);
const secure = https.createServer(tlsOptions, handle);

const proxy = http.createServer((req, res) => {
  // forward proxy: the request line holds an absolute URL
  proxied.push({ kind: 'forward', target: req.url });
  const out = http.request(req.url, { method: req.method, headers: req.headers, family: 4 }, (up) => {
    res.writeHead(up.statusCode, { ...up.headers, via: '1.1 osprey-test-proxy' });
    up.pipe(res);
  });
  out.on('error', () => { res.statusCode = 502; res.end(); });
  req.pipe(out);
});
proxy.on('connect', (req, client, head) => {
  proxied.push({ kind: 'connect', target: req.url });
  const [host, port] = req.url.split(':');
  const up = net.connect({ port: Number(port), host, family: 4 }, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    up.write(head);
    up.pipe(client);
    client.pipe(up);
  });
  up.on('error', () => client.destroy());
  client.on('error', () => up.destroy());
});

const echo = net.createServer((s) => { s.on('error', () => {}); s.pipe(s); });
const tlsEcho = tls.createServer(tlsOptions, (s) => { s.on('error', () => {}); s.pipe(s); });

const servers = { http: plain, https: secure, proxy, echo, tlsecho: tlsEcho };
Promise.all(Object.values(servers).map((s) => new Promise((ok) => s.listen(0, '127.0.0.1', ok))))
  .then(() => {
    const ports = Object.entries(servers).map(([name, s]) => `${name}=${s.address().port}`);
    process.stdout.write(`ready ${ports.join(' ')} ca=${cert}\n`);
  });

function quit() {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', quit);
process.stdin.on('error', quit);
process.stdin.resume();
process.on('SIGTERM', quit);
