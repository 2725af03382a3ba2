// Validate YAML files with the YAML language server as an editor does: the server runs over the
// Language Server Protocol on stdio, each file is opened, and the diagnostics the server publishes
// for it are printed, one JSON line per file: {"file": ..., "diagnostics": [{"line", "message"}]}.
// Each file names its schema itself (a "# yaml-language-server: $schema=..." first line).
// Exit 0 when no file has a diagnostic, 1 when one has, 2 when the server could not be driven.
// Usage: NODE_PATH=<folder>/node_modules node yaml_language_server_validate.cjs FILE.yaml...
"use strict";
const childProcess = require("child_process");
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

// The JSON-RPC library the server itself is built on, found next to the server.
const serverPackage = require.resolve("yaml-language-server/package.json");
const rpc = require(require.resolve("vscode-jsonrpc/node", { paths: [path.dirname(serverPackage)] }));

// Validation only; the schema store would fetch its catalogue from the network, so it is off.
const SETTINGS = {
  validate: true,
  hover: false,
  completion: false,
  format: { enable: false },
  schemaStore: { enable: false },
  kubernetesCRDStore: { enable: false },
};
// The server gives up on nothing by itself; this bounds a run that would otherwise hang.
const GIVE_UP_AFTER_MS = 120000;

async function main(files) {
  const server = childProcess.spawn(
    process.execPath,
    [path.join(path.dirname(serverPackage), "bin", "yaml-language-server"), "--stdio"],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  const uris = files.map((file) => pathToFileURL(path.resolve(file)).href);
  const published = new Map();
  let allPublished;
  const done = new Promise((resolve) => (allPublished = resolve));
  connection.onNotification("textDocument/publishDiagnostics", ({ uri, diagnostics }) => {
    if (uris.includes(uri) && !published.has(uri)) published.set(uri, diagnostics);
    if (published.size === uris.length) allPublished();
  });
  // The server asks for its settings (the "yaml" section; the others stay at their defaults).
  connection.onRequest("workspace/configuration", ({ items }) =>
    items.map((item) => (item.section === "yaml" ? SETTINGS : null)),
  );
  connection.onRequest(() => null);
  connection.listen();

  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: null,
    locale: "en",
    capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: {} } },
  });
  connection.sendNotification("initialized", {});
  // A code lens request is answered only once the settings pulled at "initialized" are applied,
  // so no file is opened (and validated) before the schema store is switched off.
  await connection.sendRequest("textDocument/codeLens", { textDocument: { uri: uris[0] } });
  files.forEach((file, index) => {
    const text = fs.readFileSync(file, "utf8");
    connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: uris[index], languageId: "yaml", version: 1, text },
    });
  });
  const timer = setTimeout(() => {
    console.error(`no diagnostics from the server after ${GIVE_UP_AFTER_MS} ms`);
    process.exit(2);
  }, GIVE_UP_AFTER_MS);
  await done;
  clearTimeout(timer);
  await connection.sendRequest("shutdown");
  connection.sendNotification("exit");

  let clean = true;
  files.forEach((file, index) => {
    const diagnostics = published.get(uris[index]).map((d) => ({ line: d.range.start.line + 1, message: d.message }));
    clean = clean && diagnostics.length === 0;
    console.log(JSON.stringify({ file, diagnostics }));
  });
  return clean ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
