/**
 * JSON parsing that keeps large integers exact. A portable deal number may be as large as
 * 2^64 - 1, beyond the 2^53 a JavaScript number holds exactly, so JSON.parse alone would deal
 * the wrong cards. Before parsing, every integer literal too long to be safe is quoted, so it
 * arrives as a string of digits (BigInt takes it as is); strings in the line are left alone.
 */

const SAFE_DIGITS = 15;

export function parseExact(line) {
  let out = "";
  let inString = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (inString) {
      out += char;
      if (char === "\\") {
        out += line[i + 1] ?? "";
        i += 1;
      } else if (char === '"') {
        inString = false;
      }
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (/[0-9]/.test(char) && !/[0-9.eE+-]/.test(line[i - 1] ?? "")) {
      const digits = /^[0-9]+/.exec(line.slice(i))[0];
      const after = line[i + digits.length] ?? "";
      out += digits.length > SAFE_DIGITS && !/[.eE]/.test(after) ? `"${digits}"` : digits;
      i += digits.length - 1;
    } else {
      out += char;
    }
  }
  return JSON.parse(out);
}
