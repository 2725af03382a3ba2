// Validate one JSON file against one schema with ajv's JSON Schema 2020-12 build, as a
// JavaScript user of the exported bundles would. Prints "valid" or ajv's errors; exit 0 or 1.
// Usage: NODE_PATH=<folder>/node_modules node ajv_validate.cjs SCHEMA.json DATA.json
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;

const [schemaPath, dataPath] = process.argv.slice(2);
// strict: false only quiets ajv's own style warnings (e.g. "required" without "type": "object");
// it does not relax validation.
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
const valid = validate(JSON.parse(fs.readFileSync(dataPath, "utf8")));
console.log(valid ? "valid" : JSON.stringify(validate.errors));
process.exit(valid ? 0 : 1);
