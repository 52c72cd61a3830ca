// Express 5 with its own router (path-to-regexp 8, routes tried in registration order): each route
// registered once as `/photos/:id{.:format}` (optional format). The action: res.send(route key)
// (express' text/html with an ETag).
import http from "node:http";
import express from "express";
import { peerPaths } from "../table.mjs";

export default function create(table) {
  const app = express();
  for (const route of table.routes) {
    const key = route.key;
    const paths = peerPaths(route);
    const path = paths.length === 2 ? `${paths[0]}{.:format}` : paths[0];
    app[route.method.toLowerCase()](path, (req, res) => { res.send(key); });
  }
  return http.createServer(app);
}
