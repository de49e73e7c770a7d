//! N006 `source-not-static`. Reported by the source readers (`source`):
//! they say what of one part they could not know; the note on several parts
//! is worded here.

rule! {
    SOURCE_NOT_STATIC = "N006" "source-not-static" Note
        summary: "Part of an elicitation found in source code cannot be known without running the server."
        why: "Read from source, an elicitation is checked as the server will send it. A value computed at run time (a schema built in another module, options fetched from an API, a message formatted with variables) is not guessed: it is left out of the checks, and one note per elicitation, at the call that sends it, names the parts that were not checked."
        example: fixture!("N006", "ts", auto);
}

/// The note on several unknown parts of an elicitation, each given by its
/// pointer in the params and whether all of it is unknown (`whole`) or only
/// its keys: the first two named.
#[cfg(feature = "source")]
pub(crate) fn parts(parts: &[(&str, bool)]) -> String {
    let name = |(pointer, whole): (&str, bool)| {
        let path = pointer
            .split('/')
            .skip(1)
            .map(crate::json::pointer_token)
            .collect::<Vec<_>>()
            .join(".");
        match (whole, path.is_empty()) {
            (true, true) => "params".to_string(),
            (true, false) => format!("`{path}`"),
            (false, true) => "keys of the params".to_string(),
            (false, false) => format!("keys of `{path}`"),
        }
    };
    let named: Vec<String> = parts.iter().take(2).map(|p| name(*p)).collect();
    let list = match parts.len() {
        2 => format!("{} and {}", named[0], named[1]),
        3 => format!("{}, {} and {}", named[0], named[1], name(parts[2])),
        n => format!("{}, {} and {} more", named[0], named[1], n - 2),
    };
    format!(
        "this elicitation's {list} are not known statically (computed or spread at run time); they are not checked"
    )
}
