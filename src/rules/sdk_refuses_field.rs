//! E212 `sdk-refuses-field`. Reported by the source readers (`source`),
//! where the server's SDK version refuses a model before sending it; they
//! say which field and what to write instead, its words are here.

rule! {
    SDK_REFUSES_FIELD = "E212" "sdk-refuses-field" Error
        summary: "The server's SDK refuses this field's type before sending the elicitation: the call raises and nothing is asked."
        why: "Some SDK versions check a model before they render it. The MCP Python SDK 1.x accepts only `str`, `int`, `float`, `bool`, a list of `str` and `Optional` of these in a model given to `ctx.elicit(schema=...)`; a `Literal`, an `EmailStr`, a `date`, an `Enum` or a nested model raises TypeError when the tool runs, so the person is never asked and the tool fails. Use one of the accepted types (a `str` with a `description` listing the choices, checked when the answer comes back), or move to SDK 2.x, which renders `Literal` as a select and formats as `format`."
        example: fixture!("E212", "py", auto);
}

/// What to write instead of a refused field.
#[cfg(feature = "source")]
pub(crate) enum Instead<'a> {
    /// A set or list of something else: a list of `str`.
    ListOfStr,
    /// A model of the same file: its fields, each in its own place.
    OwnPlaces(&'a str),
    /// Anything else: a `str`, checked when the answer comes back.
    Str,
}

/// The MCP Python SDK 1.x refuses `field: written`.
#[cfg(feature = "source")]
pub(crate) fn python_sdk1(field: &str, written: &str, instead: Instead<'_>) -> String {
    let instead = match instead {
        Instead::ListOfStr => format!("write `{field}: list[str]`"),
        Instead::OwnPlaces(head) => {
            format!("give the fields of `{head}` their own places in this model")
        }
        Instead::Str => format!("write `{field}: str` and check the answer"),
    };
    format!(
        "the MCP Python SDK 1.x (`mcp.server.fastmcp`) refuses `{field}: {written}` before sending: ctx.elicit() raises TypeError and nothing is asked; a field must be str, int, float, bool, a list of str, or Optional of these ({instead}, or move to SDK 2.x)"
    )
}

/// FastMCP refuses `field`, an array whose items offer no options.
#[cfg(feature = "source")]
pub(crate) fn fastmcp_array(field: &str, written: Option<&str>) -> String {
    let what = match written {
        Some(w) => format!("`{w}`"),
        None => format!("the array `{field}`"),
    };
    format!(
        "FastMCP refuses {what} before sending: arrays are allowed only when their items are options (a multi-select), so ctx.elicit() raises TypeError and nothing is asked; give the choices (`list[Literal[\"a\", \"b\"]]`, or `[[\"a\", \"b\"]]`), or ask for one `str`"
    )
}

/// FastMCP 4 refuses `ctx.elicit()` without a response type.
#[cfg(feature = "source")]
pub(crate) fn fastmcp_no_response_type() -> String {
    "the project pins FastMCP 4, whose ctx.elicit() requires a response_type: `None` (or none given) raises TypeError and nothing is asked; pass `bool` for a confirmation, or the type of the answer".to_string()
}
