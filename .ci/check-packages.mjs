// CI: the packages as a user gets them, after `pnpm build`. Packs every package with pnpm (what
// `changeset publish` publishes: workspace versions rewritten, publishConfig applied), lints each
// tarball with publint and attw (ESM-only profile), installs the tarballs into a new npm project in
// a temporary folder (nothing but the tarballs and the npm registry), then type-checks every
// TypeScript example of README.md and of each package's README there, against the published
// .d.ts files (--lib es2022 --types node, without skipLibCheck), and runs each one.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("..", import.meta.url));
const packagesFolder = join(repository, "packages");
// Private packages (the agent CLIs' end-to-end tests) are never published.
const packageNames = readdirSync(packagesFolder)
  .filter((name) => !JSON.parse(readFileSync(join(packagesFolder, name, "package.json"), "utf8")).private)
  .sort();
const work = mkdtempSync(join(tmpdir(), "interlingua-packages-"));
const tarballs = join(work, "tarballs");
const project = join(work, "project");

/** Runs a command, its output shown, and fails the check when it fails. */
function run(command, args, cwd) {
  console.log(`$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd, stdio: "inherit" });
}

/** The bodies of a Markdown file's fenced `ts` blocks. */
function typescriptBlocks(markdownPath) {
  const markdown = readFileSync(markdownPath, "utf8");
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

try {
  for (const name of packageNames)
    run("npx", ["-y", "pnpm@10.34.8", "pack", "--pack-destination", tarballs], join(packagesFolder, name));
  const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
  if (packed.length !== packageNames.length)
    throw new Error(`packed ${packed.length} of ${packageNames.length}`);

  for (const tarball of packed) {
    run("npx", ["publint", "run", tarball, "--strict"], repository);
    run("npx", ["attw", tarball, "--profile", "esm-only"], repository);
    const manifest = JSON.parse(
      execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
    );
    const { exports, dependencies, peerDependencies, optionalDependencies } = manifest;
    if (/@interlingua\/source/.test(JSON.stringify(exports)))
      throw new Error(`${tarball}: the published exports still name the @interlingua/source condition`);
    if (/workspace:/.test(JSON.stringify([dependencies, peerDependencies, optionalDependencies])))
      throw new Error(`${tarball}: the published dependencies still name workspace: versions`);
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
    for (const required of ["package/LICENSE", "package/README.md"])
      if (!files.includes(required)) throw new Error(`${tarball}: no ${required}`);
  }

  // A new project, as a user makes one: npm, the tarballs, a type checker and a TypeScript runner.
  run("mkdir", ["-p", project], work);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "user-project", type: "module" })}\n`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    `${JSON.stringify({
      compilerOptions: {
        target: "es2022",
        lib: ["es2022"],
        types: ["node"],
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      include: ["*.ts"],
    })}\n`,
  );
  run(
    "npm",
    ["install", "--no-audit", "--no-fund", ...packed, "typescript@5.9.3", "@types/node@20", "tsx@4"],
    project,
  );

  const examples = [];
  const readmes = ["README.md", ...packageNames.map((name) => join("packages", name, "README.md"))];
  for (const readme of readmes)
    for (const [index, block] of typescriptBlocks(join(repository, readme)).entries()) {
      const file = `${readme.replaceAll("/", "-").replace(/\.md$/, "")}-${index + 1}.ts`;
      writeFileSync(join(project, file), block);
      examples.push(file);
    }
  if (examples.length < readmes.length)
    throw new Error(`only ${examples.length} examples in ${readmes.length} READMEs`);
  run("npx", ["tsc", "-p", "tsconfig.json"], project);

  // A module with a default `fetch` is a Workers-style gateway: a request without a key gets 401.
  writeFileSync(
    join(project, "run-example.mjs"),
    `import { pathToFileURL } from "node:url";
const module = await import(pathToFileURL(process.argv[2]).href);
if (typeof module.default?.fetch === "function") {
  const answer = await module.default.fetch(
    new Request("http://gateway.test/v1/messages", {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 8, messages: [{ role: "user", content: "Hi" }] }),
    }),
    { GATEWAY_KEY: "gateway-key", ANTHROPIC_API_KEY: "upstream-key" },
  );
  const body = await answer.json();
  if (answer.status !== 401 || body.error?.type !== "authentication_error")
    throw new Error("the gateway example answered " + answer.status + " " + JSON.stringify(body));
  console.log("answered a request without a key with 401 in the messages shape");
}
`,
  );
  for (const example of examples) run("node", ["--import", "tsx", "run-example.mjs", example], project);
  console.log(`${packed.length} packages: publint and attw clean; ${examples.length} README examples ran`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
