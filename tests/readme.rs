//! The README and the guide (docs/*.md) cannot rot. Their commands run from
//! the repository root with `mcp-elicit` meaning the binary under test,
//! stdout and stderr together as a terminal shows them.
//!
//! Every ```` ```console ```` block is a trycmd case
//! (`readme_console_blocks_run_as_shown`): `$ ` starts a command, a `? N`
//! line under it is its exit code (0 without one), the lines after are
//! its output, `...` stands for any lines and `[..]` for any text in a
//! line; trycmd drops the last newline, so the block ends with an empty
//! line for the output's final newline.
//!
//! trycmd runs one program with its arguments: no shell, and it turns
//! every `\` a program prints into `/`. The blocks that need more are
//! ```` ```console,ignore ```` (trycmd skips them) with `<!-- runnable -->`
//! on the line before, and are run here through `sh`, read the same way:
//! a pipe or a redirection, a program other than `mcp-elicit` (`head`,
//! `rm`), a path under `target/debug/`, and `cargo build --example NAME`,
//! which is not run again (`cargo test` has built the example;
//! `target/debug/` means where it did). `<!-- file: PATH -->` before a
//! block says the block is that file, checked here too. The few
//! `console,ignore` blocks without the marker show stdout alone, or run
//! against a server: the tests of their command run them.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{bin, read, root};

/// The README and every page of the guide, as (path from the root, text).
fn pages() -> Vec<(String, String)> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    std::iter::once("README.md".to_string())
        .chain(docs)
        .map(|p| {
            let text = read(root().join(&p));
            (p, text)
        })
        .collect()
}

#[test]
fn readme_console_blocks_run_as_shown() {
    let pages = pages();
    let blocks: usize = pages
        .iter()
        .map(|(_, text)| text.lines().filter(|l| *l == "```console").count())
        .sum();
    assert!(blocks >= 9, "only {blocks} console blocks for trycmd");
    // A Markdown case has no `fs.cwd`: trycmd runs it where the tests run.
    assert_eq!(
        std::env::current_dir().unwrap().canonicalize().unwrap(),
        root().canonicalize().unwrap(),
        "the README's commands run from the repository root"
    );
    trycmd::TestCases::new()
        .register_bin("mcp-elicit", trycmd::schema::Bin::Path(bin().into()))
        .env("NO_COLOR", "1")
        // "0" is "not forced" to the `console` crate and NO_COLOR wins in
        // clap's; a case cannot remove a variable.
        .env("CLICOLOR_FORCE", "0")
        .case(root().join("README.md"))
        .case(root().join("docs/*.md"));
}

#[derive(Debug)]
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    steps: Vec<Step>,
}

#[derive(Debug)]
struct Step {
    command: String,
    exit: i32,
    output: String,
}

/// The `console,ignore` blocks of `page` marked `<!-- runnable -->`.
fn shell_blocks(page: &str, readme: &str) -> Vec<Block> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut blocks = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.trim() != "<!-- runnable -->" {
            continue;
        }
        assert_eq!(
            lines.get(i + 1).copied(),
            Some("```console,ignore"),
            "{page}:{}: `<!-- runnable -->` goes before a ```console,ignore block (a plain ```console block is run by trycmd)",
            i + 1
        );
        let body = lines[i + 2..].iter().take_while(|l| **l != "```");
        let mut steps: Vec<Step> = Vec::new();
        for line in body {
            if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step {
                    command: command.to_string(),
                    exit: 0,
                    output: String::new(),
                });
                continue;
            }
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("{page}:{}: the block starts with `$ `", i + 2));
            match line.strip_prefix("? ") {
                Some(code) if step.output.is_empty() => {
                    step.exit = code.parse().expect("`? N` takes a number")
                }
                _ => {
                    step.output.push_str(line);
                    step.output.push('\n');
                }
            }
        }
        assert!(!steps.is_empty(), "{page}:{}: no command", i + 2);
        blocks.push(Block { line: i + 2, steps });
    }
    blocks
}

/// Where `cargo test` put the binary and the examples.
fn build_dir() -> PathBuf {
    Path::new(bin()).parent().unwrap().to_path_buf()
}

/// `cargo test` builds the examples; `cargo test --test integration`
/// does not, so a missing one is built here, the way the README says.
fn build_example(name: &str, at: &str) {
    let built = build_dir().join("examples").join(name);
    if built.exists() {
        return;
    }
    let st = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--example", name])
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(st.success(), "{at} failed");
    assert!(built.exists(), "{at}: {} is not built", built.display());
}

/// Runs one README command as a shell would, stderr merged into stdout.
fn run(command: &str) -> (i32, String) {
    let dir = build_dir();
    let command = command.replace("target/debug/", &format!("{}/", dir.display()));
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dir];
    paths.extend(std::env::split_paths(&path));
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(root())
        .env("PATH", std::env::join_paths(paths).unwrap())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn readme_shell_blocks_run_as_shown() {
    let mut seen = 0;
    for (page, text) in pages() {
        seen += shell_blocks(&page, &text).len();
        run_shell_blocks(&page, &text);
    }
    assert!(seen >= 5, "the README and the guide mark their shell runs");
}

fn run_shell_blocks(page: &str, text: &str) {
    for block in &shell_blocks(page, text) {
        for step in &block.steps {
            let at = format!("{page}:{}: `{}`", block.line, step.command);
            if let Some(example) = step.command.strip_prefix("cargo build --example ") {
                build_example(example.trim(), &at);
                continue;
            }
            assert!(
                !step.command.starts_with("cargo "),
                "{at}: cargo cannot run inside the tests; leave this block unmarked"
            );
            let (code, output) = run(&step.command);
            assert_eq!(code, step.exit, "{at} exited {code}; it printed:\n{output}");
            snapbox::Assert::new()
                .normalize_paths(false)
                .try_eq(Some(&at), output.into(), step.output.clone().into())
                .unwrap_or_else(|e| panic!("{at} prints something else than {page} shows:\n{e}"));
        }
    }
}

/// The README opens with the two commands a newcomer runs from a clone.
/// cargo cannot run inside the tests, so the first, `cargo run -- ARGS`, is
/// run as the binary under test with the same ARGS: it lints the shipped
/// examples and finds errors in some (exit 1), all of which the console
/// block for `mcp-elicit ARGS` shows.
#[test]
fn readme_opens_with_the_newcomer_commands() {
    let readme = read(root().join("README.md"));
    let lines: Vec<&str> = readme.lines().collect();
    assert_eq!(lines[..2], ["# mcp-elicit", ""]);
    // One sentence of what it does, then the two commands.
    let said = lines[2];
    assert!(
        said.ends_with('.') && said.matches(". ").count() == 0,
        "not one sentence: {said}"
    );
    assert_eq!(lines[3..5], ["", "```sh"]);
    let lines = &lines[2..];
    let args = lines[3]
        .strip_prefix("cargo run --quiet -- ")
        .and_then(|l| l.split_once('#'))
        .map(|(args, _)| args.trim())
        .expect("the first command runs the tool from the source");
    assert!(lines[4].starts_with("cargo test --locked "), "{}", lines[4]);
    assert_eq!(lines[5], "```");
    let (code, output) = run(&format!("mcp-elicit {args}"));
    assert_eq!(code, 1, "`{args}` exited {code}; it printed:\n{output}");
    assert!(
        readme.contains(&format!(
            "```console\n$ mcp-elicit {args}\n? 1\n{output}\n```\n"
        )),
        "README.md shows no console block of `mcp-elicit {args}` printing:\n{output}"
    );
}

/// Blocks marked `<!-- file: PATH -->` show that file exactly.
#[test]
fn readme_file_blocks_match_their_files() {
    let mut seen = 0;
    for (page, text) in pages() {
        seen += file_blocks_match(&page, &text);
    }
    assert!(seen > 0, "the guide shows the library example");
}

/// Checks the file blocks of one page; how many there are.
fn file_blocks_match(page: &str, text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let mut seen = 0;
    for (i, l) in lines.iter().enumerate() {
        let Some(path) = l
            .trim()
            .strip_prefix("<!-- file:")
            .and_then(|r| r.strip_suffix("-->"))
        else {
            continue;
        };
        let path = path.trim();
        assert!(
            lines.get(i + 1).is_some_and(|f| f.starts_with("```")),
            "{page}:{}: a file marker must be followed by a code block",
            i + 1
        );
        let body: Vec<&str> = lines[i + 2..]
            .iter()
            .take_while(|l| !l.starts_with("```"))
            .copied()
            .collect();
        let shown = format!("{}\n", body.join("\n"));
        assert_eq!(
            shown,
            read(root().join(path)),
            "{page}:{}: the block differs from {path}; copy the file into it",
            i + 2
        );
        seen += 1;
    }
    seen
}

/// The blocks are read the way the README test reads them.
#[test]
fn readme_shell_blocks_are_parsed() {
    let blocks = shell_blocks(
        "README.md",
        "x\n<!-- runnable -->\n```console,ignore\n$ a | b\n? 1\nout\n? 2\n$ c\n```\n\n```console,ignore\n$ not marked\n```\n",
    );
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].line, 3);
    assert_eq!(blocks[0].steps[0].command, "a | b");
    assert_eq!(blocks[0].steps[0].exit, 1);
    assert_eq!(blocks[0].steps[0].output, "out\n? 2\n");
    assert_eq!(blocks[0].steps[1].exit, 0);
    assert_eq!(blocks[0].steps[1].output, "");
}
