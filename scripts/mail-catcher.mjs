// Development mail: an SMTP server that keeps every message as an .eml file, and a small web page
// listing them, so verification and password links can be followed without a real mail service.
import { createServer as createHttpServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const header = (raw, name) => raw.match(new RegExp(`^${name}:\\s*(.*)$`, 'mi'))?.[1]?.trim() ?? '';

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.server ?? server).address().port)); // SMTPServer wraps a net.Server
  });
}

export async function startMailCatcher({ dir, freePorts = false }) {
  mkdirSync(dir, { recursive: true });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${Date.now()}-${session.id}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await listen(smtp, freePorts ? 0 : 1025).catch(() => listen(smtp, 0));

  const viewer = createHttpServer((req, res) => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
    const wanted = decodeURIComponent((req.url ?? '/').slice(1));
    if (wanted && files.includes(wanted)) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(readFileSync(path.join(dir, wanted)));
    }
    const rows = files
      .map((file) => {
        const raw = readFileSync(path.join(dir, file), 'utf8');
        return `<tr><td>${escapeHtml(header(raw, 'Date'))}</td><td>${escapeHtml(header(raw, 'To'))}</td><td><a href="/${encodeURIComponent(file)}">${escapeHtml(header(raw, 'Subject') || file)}</a></td></tr>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Mail catcher</title><h1>Mail sent by the platform (${files.length})</h1><table><tr><th>Date</th><th>To</th><th>Subject</th></tr>${rows}</table>`);
  });
  const viewerPort = await listen(viewer, freePorts ? 0 : 1080).catch(() => listen(viewer, 0));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    viewerUrl: `http://127.0.0.1:${viewerPort}`,
    stop: () => Promise.all([new Promise((resolve) => smtp.close(resolve)), new Promise((resolve) => viewer.close(resolve))]),
  };
}
