import fs from 'node:fs'
import path from 'node:path'
import { freePort, startService, type Service } from './processes.ts'

const NGINX = '/usr/sbin/nginx'

export function hasNginx() {
  return fs.existsSync(NGINX)
}

/**
 * The pages as the app rendered them, saved as files and served by nginx on
 * loopback: what a static site would cost on this machine. One worker per
 * CPU, gzip on for the same types the app compresses, no access log.
 */
export async function serveSavedPages(siteUrl: string, pages: string[], folder: string): Promise<Service> {
  const root = path.join(folder, 'root')
  // Started as root, nginx serves through unprivileged workers: they must be able to read the files.
  fs.chmodSync(folder, 0o755)
  for (const page of pages) {
    const html = await (await fetch(`${siteUrl}${page}`)).text()
    const file = path.join(root, page, 'index.html')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, html)
  }
  const port = await freePort()
  const config = path.join(folder, 'nginx.conf')
  fs.writeFileSync(
    config,
    `worker_processes auto;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  default_type text/html;
  gzip on;
  gzip_types text/css application/javascript application/json;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  )
  return startService(NGINX, ['-c', config, '-p', folder], `http://127.0.0.1:${port}/`)
}
