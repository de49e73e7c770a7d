//! Completions and man pages are generated from the command definition, and
//! the rules reference (docs/rules.md) from the rule table; all are checked
//! in, and these tests fail when the checked-in files drift.
//! `SNAPSHOTS=overwrite cargo test` rewrites them.

use std::path::Path;
use std::process::Command;

use crate::support::{bin, root};

fn overwrite() -> bool {
    std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite")
}

fn check(path: &Path, generated: &[u8]) {
    if overwrite() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, generated).unwrap();
        return;
    }
    let current = std::fs::read(path).unwrap_or_default();
    assert!(
        current == generated,
        "{} is out of date: run `SNAPSHOTS=overwrite cargo test` and commit the result",
        path.display()
    );
}

#[test]
fn completions_are_current() {
    for (shell, file) in [
        ("bash", "mcp-elicit.bash"),
        ("zsh", "_mcp-elicit"),
        ("fish", "mcp-elicit.fish"),
        ("powershell", "_mcp-elicit.ps1"),
        ("elvish", "mcp-elicit.elv"),
    ] {
        let out = Command::new(bin())
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success(), "completions {shell} failed");
        assert!(!out.stdout.is_empty());
        check(&root().join("completions").join(file), &out.stdout);
    }
}

/// What `mcp-elicit ARGS` prints (colour off); it must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(bin())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "mcp-elicit {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

/// docs/rules.md: the table of `lint --list-rules`, then each rule's
/// `lint --explain CODE`.
#[test]
fn rules_reference_is_current() {
    let list = stdout_of(&["lint", "--list-rules"]);
    let mut table = String::new();
    let mut sections = String::new();
    for line in list.lines() {
        let mut words = line.split_whitespace();
        let (Some(code), Some(name), Some(severity)) = (words.next(), words.next(), words.next())
        else {
            panic!("`lint --list-rules` printed `{line}`");
        };
        let summary = line[line.find(severity).unwrap() + severity.len()..].trim();
        let anchor = format!("{}-{name}", code.to_lowercase());
        table.push_str(&format!(
            "| [{code}](#{anchor}) | `{name}` | {severity} | {} |\n",
            summary.replace('|', "\\|")
        ));
        let explained = stdout_of(&["lint", "--explain", code]);
        sections.push_str(&format!(
            "\n## {code} {name}\n\n```text\n{}\n```\n",
            explained.trim_end()
        ));
    }
    let page = format!(
        "# Rules\n\n\
         <!-- Generated from the rule table by tests/generated.rs \
         (`SNAPSHOTS=overwrite cargo test --test integration -- generated`); \
         do not edit. -->\n\n\
         Every finding `mcp-elicit lint` can report: `E` an error, `W` a warning, \
         `N` a note; the first digit is the theme (0 documents, 1 params and the \
         schema root, 2 property shapes, 3 options, 4 defaults and bounds, 5 URL \
         mode, 6 advice, 7 answers and sessions, 8 hosts). `mcp-elicit lint \
         --list-rules` prints the table and `mcp-elicit lint --explain CODE` one \
         rule's section.\n\n\
         | code | name | severity | summary |\n|---|---|---|---|\n{table}{sections}"
    );
    check(&root().join("docs/rules.md"), page.as_bytes());
}

#[test]
fn man_pages_are_current_and_well_formed() {
    let dir = tempfile::tempdir().unwrap();
    let st = Command::new(bin())
        .args(["man", "--dir"])
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(st.success());
    let mut generated: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    generated.sort();
    assert!(generated.contains(&"mcp-elicit.1".to_string()));
    assert!(generated.contains(&"mcp-elicit-lint.1".to_string()));
    let man_dir = root().join("man");
    if overwrite() {
        let _ = std::fs::remove_dir_all(&man_dir);
    }
    for name in &generated {
        check(
            &man_dir.join(name),
            &std::fs::read(dir.path().join(name)).unwrap(),
        );
    }
    let mut checked_in: Vec<String> = std::fs::read_dir(&man_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    checked_in.sort();
    assert_eq!(
        checked_in, generated,
        "man/ has pages no subcommand generates"
    );

    for name in &generated {
        check_roff(&man_dir.join(name));
    }
}

/// What `man` needs of a page, checked without `man`: the title line, the
/// sections in order, only the requests the generator uses (a text line
/// that starts with `.` or `'` would be taken as a request and vanish),
/// and every font change returned to roman on its line.
fn check_roff(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (page, section) = name.rsplit_once('.').unwrap();
    let mut sections = Vec::new();
    let mut title = None;
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        if let Some(request) = line.strip_prefix('.').or_else(|| line.strip_prefix('\'')) {
            let word = request.split_whitespace().next().unwrap_or("");
            assert!(
                [
                    "TH", "SH", "SS", "TP", "IP", "RS", "RE", "br", "PP", "ie", "el"
                ]
                .contains(&word),
                "{at}: `{line}` is not a request the page uses: text that starts with . or ' vanishes"
            );
            match word {
                "TH" => title = Some(request.to_string()),
                "SH" => sections.push(request[2..].trim().to_string()),
                _ => {}
            }
        }
        let mut open = false;
        let mut rest = line;
        while let Some(at_font) = rest.find("\\f") {
            let font = rest[at_font + 2..].chars().next().unwrap_or(' ');
            assert!(
                "BIRP".contains(font),
                "{at}: unknown font \\f{font} in `{line}`"
            );
            open = font == 'B' || font == 'I';
            rest = &rest[at_font + 3..];
        }
        assert!(!open, "{at}: a bold or italic run is not closed: `{line}`");
    }
    let title = title.unwrap_or_else(|| panic!("{}: no .TH line", path.display()));
    assert!(
        title.starts_with(&format!("TH {page} {section} ")),
        "{}: the title is `{title}`",
        path.display()
    );
    let at = |s: &str| sections.iter().position(|x| x == s);
    for s in ["NAME", "SYNOPSIS", "DESCRIPTION"] {
        assert!(
            at(s).is_some(),
            "{}: no {s} section in {sections:?}",
            path.display()
        );
    }
    assert!(
        at("NAME") < at("SYNOPSIS") && at("SYNOPSIS") < at("DESCRIPTION"),
        "{}: sections out of order: {sections:?}",
        path.display()
    );
    let name_line = text
        .lines()
        .skip_while(|l| *l != ".SH NAME")
        .nth(1)
        .unwrap_or_default();
    assert!(
        name_line.starts_with(&page.replace('-', "\\-")) && name_line.contains(" \\- "),
        "{}: the NAME line `{name_line}` is not `page \\- summary` (apropos reads it)",
        path.display()
    );
}
