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
            after.contains("Exit codes:\n  0 "),
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

/// Shell words of one command, enough for the examples: single and double
/// quotes, no escapes.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (_, c) => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// Every example in every help is a command line the parser accepts, and
/// the files it names in this repository exist.
#[test]
fn help_examples_parse_and_name_real_files() {
    let mut checked = 0;
    for (path, c) in all() {
        let after = c
            .get_after_help()
            .map(|s| s.to_string())
            .unwrap_or_default();
        let Some(examples) = after.split("Examples:\n").nth(1) else {
            continue;
        };
        let examples = examples.split("\n\n").next().unwrap_or("");
        let joined = examples.replace("\\\n", " ");
        for line in joined.lines() {
            let Some(segment) = line
                .split('|')
                .map(str::trim)
                .find(|s| s.starts_with("mcp-elicit"))
            else {
                continue;
            };
            let mut args = Vec::new();
            let mut it = words(segment).into_iter();
            while let Some(w) = it.next() {
                if w == "<" || w == ">" {
                    it.next();
                } else {
                    args.push(w);
                }
            }
            let name = format!("`mcp-elicit {}`'s example `{line}`", path.join(" "));
            if let Err(e) = cli::Cli::command().try_get_matches_from(&args)
                && e.kind() != clap::error::ErrorKind::DisplayHelp
            {
                panic!("{name} does not parse:\n{e}");
            }
            for a in &args {
                if a.starts_with("examples/") || a.starts_with("tests/") {
                    assert!(
                        root().join(a).exists(),
                        "{name} names {a}, which does not exist"
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} examples found");
}

/// `-h` is options, examples and exit codes, short enough to read at once
/// (options grouped under headings); `--help` adds what the command does.
#[test]
fn short_help_is_short_and_long_help_says_more() {
    for (path, c) in all() {
        let name = format!("mcp-elicit {}", path.join(" "));
        let short = cmd()
            .args(&path)
            .arg("-h")
            .env("COLUMNS", "100")
            .output()
            .unwrap();
        let short = String::from_utf8(short.stdout).unwrap();
        assert!(
            short.lines().count() <= 70,
            "`{name} -h` is {} lines",
            short.lines().count()
        );
        if let Some(long) = c.get_after_long_help() {
            let prose = long.to_string();
            let prose = prose.split("Examples:").next().unwrap().trim();
            assert!(!short.contains(prose), "`{name} -h` shows the long text");
            assert!(!prose.is_empty(), "`{name}` has an empty long text");
        }
    }
}

/// clap's own checks of the definition: ids that conflicts, requirements
/// and groups name exist, defaults are possible values, and so on.
#[test]
fn the_command_definition_is_consistent() {
    cli::Cli::command().debug_assert();
}

/// Enumerated options keep their values, so help and completions list
/// them.
#[test]
fn enumerated_options_list_their_values() {
    let cmd = cli::Cli::command();
    let values = |sub: &str, arg: &str| -> Vec<String> {
        let sub = cmd.find_subcommand(sub).expect(sub);
        let arg = sub.get_arguments().find(|a| a.get_id() == arg).expect(arg);
        arg.get_possible_values()
            .iter()
            .map(|v| v.get_name().to_string())
            .collect()
    };
    assert_eq!(
        values("lint", "spec"),
        ["2025-06-18", "2025-11-25", "2026-07-28", "latest", "draft"]
    );
    assert_eq!(values("lint", "fail_on"), ["error", "warning", "note"]);
    assert_eq!(values("replay", "fail_on"), ["error", "warning", "note"]);
    for sub in ["lint", "replay"] {
        assert_eq!(
            values(sub, "format"),
            ["concise", "full", "json", "sarif", "github", "hosts"]
        );
    }
    for sub in ["answer", "call", "generate"] {
        assert_eq!(values(sub, "spec").len(), 5, "{sub}");
    }
}
