//! Every `--help`, from the top-level one down to each subcommand's, is
//! pinned by a snapshot under `tests/snapshots/help/`. The commands are
//! found by walking the clap definition itself, so a new subcommand without
//! a snapshot fails here until `SNAPSHOTS=overwrite` creates one.

use std::path::PathBuf;

use clap::CommandFactory;

use crate::support::{cmd, root};

#[allow(dead_code)]
#[path = "../src/bin/mcp-elicit/cli.rs"]
mod cli;

fn overwrite() -> bool {
    std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite")
}

/// Every command in the tree, hidden ones included, as its path of names.
fn commands(c: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, clap::Command)>) {
    out.push((path.clone(), c.clone()));
    for sub in c.get_subcommands() {
        let mut p = path.clone();
        p.push(sub.get_name().to_string());
        commands(sub, p, out);
    }
}

fn all() -> Vec<(Vec<String>, clap::Command)> {
    let mut out = Vec::new();
    commands(&cli::Cli::command(), Vec::new(), &mut out);
    out
}

fn snapshot(path: &[String]) -> PathBuf {
    let mut name = vec!["mcp-elicit".to_string()];
    name.extend(path.iter().cloned());
    root()
        .join("tests/snapshots/help")
        .join(format!("{}.stdout", name.join("-")))
}

#[test]
fn help_of_every_command_matches_its_snapshot() {
    let commands = all();
    assert!(commands.len() > 6, "the walk found the subcommands");
    for (path, _) in &commands {
        let file = snapshot(path);
        let shown = format!(
            "mcp-elicit {}--help",
            path.iter().map(|p| format!("{p} ")).collect::<String>()
        );
        if !overwrite() {
            assert!(
                file.exists(),
                "`{shown}` has no snapshot: run `SNAPSHOTS=overwrite cargo test --test integration help` to write {}, then review it and commit it",
                file.display()
            );
        }
        cmd()
            .args(path)
            .arg("--help")
            .env("COLUMNS", "100")
            .assert()
            .success()
            .stdout_eq(snapbox::Data::read_from(&file, None))
            .stderr_eq("");
    }
    // No snapshot outlives its command.
    let wanted: Vec<PathBuf> = commands.iter().map(|(p, _)| snapshot(p)).collect();
    for entry in std::fs::read_dir(root().join("tests/snapshots/help")).unwrap() {
        let file = entry.unwrap().path();
        assert!(
            wanted.contains(&file),
            "{} belongs to no command; delete it",
            file.display()
        );
    }
}

/// What every help carries: examples with real command lines, the exit
/// codes, and one line of help per option.
#[test]
fn help_has_examples_exit_codes_and_one_line_per_option() {
    for (path, c) in all() {
        let name = format!("mcp-elicit {}", path.join(" "));
        let after = c
            .get_after_help()
            .map(|s| s.to_string())
            .unwrap_or_default();
        assert!(
            after.contains("Examples:\n  mcp-elicit"),
            "`{name}` shows no examples"
        );
        assert!(
            after.contains("Exit codes:\n  0  "),
            "`{name}` lists no exit codes"
        );
        for line in after.lines().filter(|l| l.starts_with("  mcp-elicit ")) {
            let sub = line.split_whitespace().nth(1).unwrap_or("");
            assert!(
                path.is_empty() || sub == path[0],
                "`{name}`'s example runs another command: {line}"
            );
        }
        for arg in c.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            let help = arg
                .get_help()
                .map(|s| s.to_string())
                .unwrap_or_else(|| panic!("`{name}`: `{id}` has no help"));
            assert!(
                !help.contains('\n') && !help.ends_with('.'),
                "`{name}`: the help of `{id}` is not one line: {help:?}"
            );
            assert!(
                help.starts_with(|c: char| c.is_uppercase()),
                "`{name}`: the help of `{id}` does not start with a verb: {help:?}"
            );
        }
    }
}
