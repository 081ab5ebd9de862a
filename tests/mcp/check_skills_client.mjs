// `skillhouse mcp` as the official TypeScript MCP client sees it (npm @modelcontextprotocol/client,
// pinned in tests/mcp/ts/package-lock.json): over stdio, its `SkillsClient` (ext/skills, SEP-2640)
// lists every skill (every page), gets each, reads every file and verifies it against the entry
// as it is designed to (listed, size, sha256 digest, and for SKILL.md the frontmatter); any
// verification error fails. On top of that, checked here by hand: each file's bytes equal the
// file on disk and the entry's size and digest, skills/get equals the listing, a recursive
// resources/directory/read names exactly the listed files, every skill of the catalogue is served
// and `broken-skill` is not. Last, the verification can fail: entries altered here (a digest, a
// size, a frontmatter field, an unlisted path) must each be refused by SkillsClient.
//
// Usage: node check_skills_client.mjs SKILLHOUSE CATALOGUE INDEX_FILE [--min-skills N]
// N defaults to the folders with a SKILL.md under CATALOGUE, `broken-skill` left out.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION_ID, SkillsClient, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const BROKEN = 'broken-skill';

const args = process.argv.slice(2);
const minAt = args.indexOf('--min-skills');
const minSkillsArg = minAt === -1 ? undefined : Number(args.splice(minAt, 2)[1]);
if (args.length !== 3 || (minSkillsArg !== undefined && !Number.isInteger(minSkillsArg))) {
  console.error('usage: check_skills_client.mjs SKILLHOUSE CATALOGUE INDEX_FILE [--min-skills N]');
  process.exit(2);
}
const [skillhouse, catalogue, index] = args;

const failures = [];
function check(condition, what) {
  if (!condition) {
    failures.push(what);
    console.error(`FAIL: ${what}`);
  }
}

/** Every folder under `root` with a SKILL.md, by name (symlinked folders are not followed). */
function skillFolders(root) {
  const found = new Map();
  const walk = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name === 'SKILL.md')) {
      const name = dir.split('/').at(-1);
      if (!found.has(name)) found.set(name, dir);
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) walk(join(dir, e.name));
  };
  walk(root);
  return found;
}

/** The path inside its skill of `uri` (`skill://<name>/<segments>`), decoded. */
function pathIn(skillName, uri) {
  const url = new URL(uri);
  check(decodeURIComponent(url.host) === skillName, `${uri} is inside skill://${skillName}`);
  return url.pathname.split('/').filter(Boolean).map(decodeURIComponent).join('/');
}

const sha256 = (bytes) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** Every file below `uri`, walking resources/directory/read into each sub-folder. */
async function filesBelow(skills, uri) {
  const out = [];
  for (const child of (await skills.readDirectory(uri)).resources) {
    if (child.mimeType === DIRECTORY_MIME_TYPE) out.push(...(await filesBelow(skills, child.uri)));
    else out.push(new URL(child.uri).href);
  }
  return out;
}

/** `read` must throw a SkillVerificationError for `reason`. */
async function refused(skills, entry, ref, reason, what) {
  try {
    await skills.read(entry, ref);
    check(false, `SkillsClient refuses ${what}: it was accepted`);
  } catch (error) {
    check(
      error instanceof SkillVerificationError && error.reason === reason,
      `SkillsClient refuses ${what} with reason "${reason}": got ${error instanceof SkillVerificationError ? `"${error.reason}"` : error}`,
    );
  }
}

const onDisk = skillFolders(catalogue);
const expected = [...onDisk.keys()].filter((name) => name !== BROKEN).sort();
const minSkills = minSkillsArg ?? expected.length;
check(onDisk.has(BROKEN), `the catalogue has the broken skill ${BROKEN} (it must not be served)`);

const started = Date.now();
const transport = new StdioClientTransport({ command: skillhouse, args: ['mcp', catalogue, '--index', index] });
const client = new Client({ name: 'skillhouse-ts-interop', version: '1.0.0' });
let summary;
try {
  await client.connect(transport);
  const skills = new SkillsClient(client);
  const capabilities = client.getServerCapabilities() ?? {};
  check(skills.supported, `the server declares ${SKILLS_EXTENSION_ID}: ${JSON.stringify(capabilities)}`);
  check(skills.directoryRead, 'the server declares directoryRead');

  // Every page; list() throws on any entry the extension's rules refuse.
  const listing = await skills.list();
  check(listing.invalid.length === 0, `no invalid entries: ${JSON.stringify(listing.invalid)}`);
  const served = listing.skills.map((s) => s.frontmatter.name);
  check(served.length >= minSkills, `at least ${minSkills} skills are served: ${served.length} (${served.join(', ')})`);
  check(new Set(served).size === served.length, `each skill is listed once: ${served}`);
  for (const name of expected) check(served.includes(name), `skill ${name} of the catalogue is served`);
  check(!served.includes(BROKEN), `${BROKEN} (with errors) is not served`);

  let files = 0;
  let bytes = 0;
  for (const entry of listing.skills) {
    const name = entry.frontmatter.name;
    const { skill } = await skills.get(entry.uri);
    check(isDeepStrictEqual(skill, entry), `skills/get ${entry.uri} equals its listing`);
    check(entry.resources !== 'dynamic', `${entry.uri} lists its files`);
    if (entry.resources === 'dynamic') continue;
    const folder = onDisk.get(name);
    check(folder !== undefined, `${name} is a folder of the catalogue`);
    for (const resource of entry.resources) {
      let file;
      try {
        file = await skills.read(entry, resource.uri);
      } catch (error) {
        const detail = error instanceof SkillVerificationError ? `verification error (${error.reason})` : 'error';
        check(false, `SkillsClient read ${resource.uri}: ${detail}: ${error.message}`);
        continue;
      }
      check(file.verified, `${resource.uri} was verified (size and digest)`);
      check(file.bytes.byteLength === resource.size, `${resource.uri}: ${file.bytes.byteLength} bytes, listed ${resource.size}`);
      check(sha256(file.bytes) === resource.digest, `${resource.uri}: ${sha256(file.bytes)}, listed ${resource.digest}`);
      if (folder !== undefined) {
        const disk = readFileSync(join(folder, pathIn(name, resource.uri)));
        check(Buffer.from(file.bytes).equals(disk), `${resource.uri} is the file on disk`);
      }
      if (new URL(resource.uri).href === new URL(entry.uri).href) {
        // SkillsClient parsed these bytes (equal to the disk's) and compared them with the entry.
        check(isDeepStrictEqual(file.frontmatter, entry.frontmatter), `${entry.uri}: frontmatter as written`);
      }
      files += 1;
      bytes += file.bytes.byteLength;
    }
    const root = entry.uri.slice(0, -'/SKILL.md'.length);
    const walked = (await filesBelow(skills, root)).sort();
    const listed = entry.resources.map((r) => new URL(r.uri).href).sort();
    check(isDeepStrictEqual(walked, listed), `directory read of ${root} names the listed files: ${walked} vs ${listed}`);
  }

  // The verification can fail: altered entries are refused, before or after reading.
  const sample = listing.skills.find((s) => s.frontmatter.name === 'naming-skills') ?? listing.skills[0];
  if (sample !== undefined && sample.resources !== 'dynamic') {
    const altered = (change) => {
      const copy = structuredClone(sample);
      change(copy);
      return copy;
    };
    const manifest = (s) => s.resources.find((r) => new URL(r.uri).href === new URL(s.uri).href);
    await refused(skills, altered((s) => { manifest(s).digest = `sha256:${'0'.repeat(64)}`; }), undefined, 'digest', 'a wrong digest');
    await refused(skills, altered((s) => { manifest(s).size += 1; }), undefined, 'size', 'a wrong size');
    await refused(skills, altered((s) => { s.frontmatter.description += ' (altered)'; }), undefined, 'frontmatter', 'a different frontmatter');
    await refused(skills, sample, 'references/not-listed.md', 'unlisted', 'a file the entry does not list');
  }
  summary = `skills-client: @modelcontextprotocol/client's SkillsClient verified ${listing.skills.length} skills, ${files} files, ${bytes} bytes (${Date.now() - started} ms); altered entries refused`;
} catch (error) {
  // list() and get() throw on an entry the extension's rules refuse; a transport or JSON-RPC error lands here too.
  check(false, `${error instanceof SkillVerificationError ? `verification error (${error.reason})` : 'error'}: ${error.stack ?? error}`);
} finally {
  await client.close();
}

if (failures.length > 0) {
  console.error(`${failures.length} checks failed`);
  process.exit(1);
}
console.log(summary);
