//! The README cannot rot: every code block marked runnable is run from the
//! repository root, with `mcp-elicit` meaning the binary under test.
//!
//! The marker is an HTML comment on the line before the block:
//! `<!-- runnable -->`, or `<!-- runnable exit=N -->` when the block's last
//! command exits with N (every other command must exit 0). In a `console`
//! block, lines starting with `$ ` are commands (a trailing `\` continues
//! one) and the lines after each are its output, stdout and stderr as a
//! terminal shows them; `...` stands for any lines and `[..]` for any text
//! within a line. In an `sh` block every line is a command; `#` starts a
//! comment. `cargo build --example NAME` is not run again: `cargo test`
//! has built the example, and `target/debug/` means where it did.
//! `<!-- file: PATH -->` before a block says the block is that file.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{bin, read, root};

#[derive(Debug)]
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    exit: i32,
    steps: Vec<Step>,
}

#[derive(Debug)]
struct Step {
    command: String,
    /// The output shown after the command (console blocks only).
    output: Option<String>,
}

fn runnable_blocks(readme: &str) -> Vec<Block> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let marker = lines[i].trim();
        if !marker.starts_with("<!-- runnable") {
            i += 1;
            continue;
        }
        let exit = marker
            .split_whitespace()
            .find_map(|w| w.strip_prefix("exit="))
            .map(|n| n.parse().expect("exit=N takes a number"))
            .unwrap_or(0);
        let fence = lines.get(i + 1).copied().unwrap_or("");
        let console = match fence.trim() {
            "```console" => true,
            "```sh" => false,
            other => panic!(
                "README.md:{}: a runnable marker must be followed by a ```console or ```sh block, not {other:?}",
                i + 1
            ),
        };
        let start = i + 2;
        let end = start
            + lines[start..]
                .iter()
                .position(|l| l.trim() == "```")
                .unwrap_or_else(|| panic!("README.md:{}: the block never ends", i + 2));
        let body = &lines[start..end];
        let steps = if console {
            console_steps(body)
        } else {
            body.iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| Step {
                    command: l.to_string(),
                    output: None,
                })
                .collect()
        };
        assert!(!steps.is_empty(), "README.md:{}: no command", i + 2);
        blocks.push(Block {
            line: i + 2,
            exit,
            steps,
        });
        i = end + 1;
    }
    blocks
}

fn console_steps(body: &[&str]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut lines = body.iter().peekable();
    while let Some(line) = lines.next() {
        if let Some(cmd) = line.strip_prefix("$ ") {
            let mut command = cmd.to_string();
            while command.ends_with('\\') {
                command.pop();
                command.push_str(lines.next().map_or("", |l| l.trim_start()));
            }
            steps.push(Step {
                command,
                output: Some(String::new()),
            });
        } else {
            let step = steps.last_mut().expect("a console block starts with `$ `");
            let out = step.output.get_or_insert_with(String::new);
            out.push_str(line);
            out.push('\n');
        }
    }
    steps
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
fn readme_runnable_blocks_run_as_shown() {
    let readme = read(root().join("README.md"));
    let blocks = runnable_blocks(&readme);
    assert!(blocks.len() >= 5, "the README marks its runs as runnable");
    for block in &blocks {
        for (n, step) in block.steps.iter().enumerate() {
            let at = format!("README.md:{}: `{}`", block.line, step.command);
            if let Some(example) = step.command.strip_prefix("cargo build --example ") {
                build_example(example.trim(), &at);
                continue;
            }
            assert!(
                !step.command.starts_with("cargo "),
                "{at}: cargo cannot run inside the tests; leave this block unmarked"
            );
            let (code, output) = run(&step.command);
            let want = if n + 1 == block.steps.len() {
                block.exit
            } else {
                0
            };
            assert_eq!(code, want, "{at} exited {code}; it printed:\n{output}");
            if let Some(shown) = &step.output {
                snapbox::Assert::new()
                    .normalize_paths(false)
                    .try_eq(Some(&at), output.into(), shown.clone().into())
                    .unwrap_or_else(|e| {
                        panic!("{at} prints something else than the README shows:\n{e}")
                    });
            }
        }
    }
}

/// Blocks marked `<!-- file: PATH -->` show that file exactly.
#[test]
fn readme_file_blocks_match_their_files() {
    let readme = read(root().join("README.md"));
    let lines: Vec<&str> = readme.lines().collect();
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
            "README.md:{}: a file marker must be followed by a code block",
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
            "README.md:{}: the block differs from {path}; copy the file into it",
            i + 2
        );
        seen += 1;
    }
    assert!(seen > 0, "the README shows the library example");
}

/// The marker is read the way the README test reads it.
#[test]
fn readme_runnable_markers_are_parsed() {
    let blocks = runnable_blocks(
        "x\n<!-- runnable exit=1 -->\n```console\n$ a \\\n  b\nout\n$ c\n```\n\n<!-- runnable -->\n```sh\nd   # note\n# only a comment\n```\n```sh\nnot marked\n```\n",
    );
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].exit, 1);
    assert_eq!(blocks[0].steps[0].command, "a b");
    assert_eq!(blocks[0].steps[0].output.as_deref(), Some("out\n"));
    assert_eq!(blocks[0].steps[1].output.as_deref(), Some(""));
    assert_eq!(blocks[1].exit, 0);
    assert_eq!(blocks[1].steps.len(), 1);
    assert_eq!(blocks[1].steps[0].command, "d   # note");
}
