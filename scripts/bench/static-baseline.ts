import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { attribute, startTags } from './html.ts'
import { freePort } from '#tests/setup/free-port.ts'
import { startService, type Service } from './processes.ts'

const NGINX = '/usr/sbin/nginx'
export const NGINX_INSTALL = 'apt-get install -y nginx'
/**
 * One worker, as the app is one Node process: on a 2-CPU machine each server gets about one CPU and the load
 * generator (autocannon, in this process) the other. `auto` would let nginx compete with autocannon.
 */
export const NGINX_WORKERS = 1

/** The installed nginx version (`1.22.1`), or null when nginx is not installed. */
export function nginxVersion(): string | null {
  if (!fs.existsSync(NGINX)) return null
  return spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: nginx\//, '')
}

/** Same-origin files a page makes the browser load: scripts, stylesheets, icons, images (srcset too), module imports. */
function referencedFiles(html: string) {
  const references = new Set<string>()
  for (const tag of startTags(html, 'script', 'link', 'img', 'source', 'video', 'audio')) {
    for (const name of ['src', 'href', 'poster']) references.add(attribute(tag, name) ?? '')
    for (const name of ['srcset', 'imagesrcset']) for (const candidate of (attribute(tag, name) ?? '').split(',')) references.add(candidate.trim().split(/\s+/)[0] ?? '')
    // The modules preloaded once the page has painted.
    for (const file of (attribute(tag, 'data-modulepreload') ?? '').split(' ')) references.add(file)
  }
  // The inline module script imports the route modules by path.
  for (const [, file] of html.matchAll(/"(\/assets\/[^"\s]+)"/g)) references.add(file ?? '')
  return [...references].filter((reference) => reference.startsWith('/') && !reference.startsWith('//')).map((reference) => reference.split(/[?#]/)[0]!)
}

async function save(siteUrl: string, urlPath: string, file: string) {
  const response = await fetch(new URL(urlPath, siteUrl))
  if (!response.ok) {
    console.error(`Static baseline: ${urlPath} answered ${response.status}; not saved.`)
    return
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, new Uint8Array(await response.arrayBuffer()))
}

function nginxConfig(folder: string, root: string, port: number) {
  return `worker_processes ${NGINX_WORKERS};
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  charset utf-8;
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  # As the app's compression middleware: zlib's default level 6, from 1 kB on, the same types (text/html is always included).
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  gzip_types text/css application/javascript application/json image/svg+xml;
  # Node closes no keep-alive connection after a number of requests; nginx would after 1000.
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`
}

/**
 * The pages as the app rendered them, saved with the files they load and served by nginx: what a static
 * site costs on this machine. `folder` must be empty and is made world-readable: nginx started as root
 * serves through unprivileged workers.
 */
export async function serveSavedPages(siteUrl: string, pages: string[], folder: string): Promise<Service> {
  fs.chmodSync(folder, 0o755)
  const root = path.join(folder, 'root')
  for (const page of pages) {
    const html = await (await fetch(new URL(page, siteUrl))).text()
    fs.mkdirSync(path.join(root, page), { recursive: true })
    fs.writeFileSync(path.join(root, page, 'index.html'), html)
    for (const file of referencedFiles(html)) if (!fs.existsSync(path.join(root, file))) await save(siteUrl, file, path.join(root, file))
  }
  const port = await freePort()
  const config = path.join(folder, 'nginx.conf')
  fs.writeFileSync(config, nginxConfig(folder, root, port))
  const url = `http://127.0.0.1:${port}`
  return startService(NGINX, ['-c', config, '-p', folder, '-e', path.join(folder, 'error.log')], { url, readyUrl: `${url}/`, logFile: path.join(folder, 'nginx.out') })
}
