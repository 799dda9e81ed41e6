// A plain static file server, as any static host is: GET and HEAD of files
// under a directory, a directory's index.html, 404.html for what is missing.
// No headers beyond Content-Type and Content-Length, no rewriting, no API.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".json": "application/json", ".xml": "application/xml", ".txt": "text/plain; charset=utf-8",
};

export async function serveStatic(root) {
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { "Content-Type": "text/plain" });
      return res.end("method not allowed\n");
    }
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(400);
      return res.end();
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream",
                           "Content-Length": body.length });
      return res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      const body = await readFile(join(root, "404.html")).catch(() => "not found\n");
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(body);
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
