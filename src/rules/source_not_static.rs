//! N006 `source-not-static`. Reported by the source readers (`source`).

rule! {
    SOURCE_NOT_STATIC = "N006" "source-not-static" Note
        summary: "Part of an elicitation found in source code cannot be known without running the server."
        why: "Read from source, an elicitation is checked as the server will send it. A value computed at run time (a schema built in another module, options fetched from an API, a message formatted with variables) is not guessed: it is left out of the checks, and one note per elicitation, at the call that sends it, names the parts that were not checked."
        example: fixture!("N006", "ts", auto);
}
