//! E212 `sdk-refuses-field`. Reported by the source readers (`source`),
//! where the server's SDK version refuses a model before sending it.

rule! {
    SDK_REFUSES_FIELD = "E212" "sdk-refuses-field" Error
        summary: "The server's SDK refuses this field's type before sending the elicitation: the call raises and nothing is asked."
        why: "Some SDK versions check a model before they render it. The MCP Python SDK 1.x accepts only `str`, `int`, `float`, `bool`, a list of `str` and `Optional` of these in a model given to `ctx.elicit(schema=...)`; a `Literal`, an `EmailStr`, a `date`, an `Enum` or a nested model raises TypeError when the tool runs, so the person is never asked and the tool fails. Use one of the accepted types (a `str` with a `description` listing the choices, checked when the answer comes back), or move to SDK 2.x, which renders `Literal` as a select and formats as `format`."
        example: fixture!("E212", "py", auto);
}
