//! JSON with source positions.
//!
//! Every finding points at the key or value it is about, so the linter needs a
//! JSON tree that remembers where each value came from. `serde_json::Value`
//! forgets that, so this module has its own small, borrowing parser. It keeps
//! duplicate keys (readers disagree on which one wins, so the linter reports
//! them), keeps numbers as their source text (`1e400` and `-0` are not
//! silently rounded), bounds nesting depth instead of recursing without limit,
//! and turns byte offsets into 1-based line and character columns only when
//! something is reported.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

/// Deepest nesting accepted. Elicitation documents are a handful of levels
/// deep; the bound keeps hostile input from exhausting the stack.
pub(crate) const MAX_DEPTH: usize = 128;

/// A byte range in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// A JSON value with the span it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Node<'a> {
    pub value: NodeValue<'a>,
    pub span: Span,
}

/// One `"key": value` pair of an object, in source order.
#[derive(Debug, Clone, PartialEq)]
pub struct Member<'a> {
    pub key: Cow<'a, str>,
    pub key_span: Span,
    pub value: Node<'a>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue<'a> {
    Null,
    Bool(bool),
    /// The number exactly as written.
    Number(Cow<'a, str>),
    String(Cow<'a, str>),
    Array(Vec<Node<'a>>),
    Object(Vec<Member<'a>>),
}

impl<'a> Node<'a> {
    /// The members of an object, or `None` for any other value.
    pub(crate) fn as_object(&self) -> Option<&[Member<'a>]> {
        match &self.value {
            NodeValue::Object(m) => Some(m),
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&[Node<'a>]> {
        match &self.value {
            NodeValue::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::String(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self.value {
            NodeValue::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number as a finite `f64`; `None` for non-numbers and for numbers
    /// too large for `f64` (`1e400`).
    pub(crate) fn as_f64(&self) -> Option<f64> {
        match &self.value {
            NodeValue::Number(n) => n.parse::<f64>().ok().filter(|f| f.is_finite()),
            _ => None,
        }
    }

    /// The number as a non-negative integer count (`3`, `3.0`), if it is one.
    pub(crate) fn as_count(&self) -> Option<u64> {
        let f = self.as_f64()?;
        (f >= 0.0 && f.fract() == 0.0 && f <= u64::MAX as f64).then_some(f as u64)
    }

    pub(crate) fn is_number(&self) -> bool {
        matches!(self.value, NodeValue::Number(_))
    }

    /// The last member named `key` (the one most readers keep).
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.member(key).map(|m| &m.value)
    }

    /// The last member named `key`, with its key span.
    pub(crate) fn member(&self, key: &str) -> Option<&Member<'a>> {
        self.as_object()?.iter().rev().find(|m| m.key == key)
    }

    /// A short name of the value's JSON type, for messages.
    pub(crate) fn type_name(&self) -> &'static str {
        match self.value {
            NodeValue::Null => "null",
            NodeValue::Bool(_) => "a boolean",
            NodeValue::Number(_) => "a number",
            NodeValue::String(_) => "a string",
            NodeValue::Array(_) => "an array",
            NodeValue::Object(_) => "an object",
        }
    }

    /// The node for a value held in memory, with no text behind it.
    /// Spans count the keys and values in the order `serde_json` writes
    /// them instead of bytes, so findings sort as they would in the text
    /// and a span still contains the spans inside it; they cannot be turned
    /// into lines. Numbers keep the digits `serde_json` writes. Refused when
    /// nested deeper than [`MAX_DEPTH`], as text would be.
    pub(crate) fn from_value(value: &serde_json::Value) -> Result<Node<'static>, SyntaxError> {
        fn build(
            v: &serde_json::Value,
            depth: usize,
            next: &mut usize,
        ) -> Result<Node<'static>, SyntaxError> {
            use serde_json::Value as J;
            if depth > MAX_DEPTH && (v.is_array() || v.is_object()) {
                return Err(SyntaxError {
                    message: format!(
                        "nesting deeper than {MAX_DEPTH} levels; no elicitation document is this deep"
                    ),
                    offset: 0,
                    trailing: false,
                });
            }
            let start = *next;
            *next += 1;
            let value = match v {
                J::Null => NodeValue::Null,
                J::Bool(b) => NodeValue::Bool(*b),
                J::Number(n) => NodeValue::Number(Cow::Owned(n.to_string())),
                J::String(s) => NodeValue::String(Cow::Owned(s.clone())),
                J::Array(a) => NodeValue::Array(
                    a.iter()
                        .map(|x| build(x, depth + 1, next))
                        .collect::<Result<_, _>>()?,
                ),
                J::Object(m) => {
                    let mut members = Vec::with_capacity(m.len());
                    for (k, x) in m {
                        let key_span = Span::new(*next, *next + 1);
                        *next += 1;
                        members.push(Member {
                            key: Cow::Owned(k.clone()),
                            key_span,
                            value: build(x, depth + 1, next)?,
                        });
                    }
                    NodeValue::Object(members)
                }
            };
            Ok(Node {
                value,
                span: Span::new(start, *next),
            })
        }
        build(value, 1, &mut 0)
    }

    /// Converts to a `serde_json::Value` (the last of duplicate keys wins).
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.value {
            NodeValue::Null => J::Null,
            NodeValue::Bool(b) => J::Bool(*b),
            NodeValue::Number(n) => serde_json::from_str::<serde_json::Number>(n)
                .map(J::Number)
                .unwrap_or(J::Null),
            NodeValue::String(s) => J::String(s.to_string()),
            NodeValue::Array(a) => J::Array(a.iter().map(Node::to_value).collect()),
            NodeValue::Object(m) => {
                let mut map = serde_json::Map::with_capacity(m.len());
                for member in m {
                    map.insert(member.key.to_string(), member.value.to_value());
                }
                J::Object(map)
            }
        }
    }
}

/// What a text read whole turned out to be.
#[derive(Debug)]
pub(crate) enum Parsed<'a> {
    /// One JSON document.
    Document(Node<'a>),
    /// One JSON value per line (JSONL): a complete value, a line break and
    /// more text after it. Read it line by line.
    Lines,
    /// Not JSON.
    Invalid(SyntaxError),
}

/// Parses `src` as one document, or tells it is JSONL, in one pass.
pub(crate) fn parse_or_lines(src: &str) -> Parsed<'_> {
    match parse(src) {
        Ok(node) => Parsed::Document(node),
        Err(e) if e.trailing && src[..e.offset.min(src.len())].contains('\n') => Parsed::Lines,
        Err(e) => Parsed::Invalid(e),
    }
}

/// Why a text is not JSON, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    /// Byte offset of the offending character.
    pub offset: usize,
    /// A whole value was read and more text follows it: the text may be
    /// JSONL, one value per line.
    pub trailing: bool,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// What is said of text that is not UTF-8.
pub(crate) const NOT_UTF8: &str = "invalid UTF-8: JSON text must be UTF-8 encoded";

/// Checks that `bytes` is UTF-8, naming the offset of the first bad byte.
pub fn utf8(bytes: &[u8]) -> Result<&str, SyntaxError> {
    std::str::from_utf8(bytes).map_err(|e| SyntaxError {
        message: NOT_UTF8.into(),
        offset: e.valid_up_to(),
        trailing: false,
    })
}

/// Parses one JSON text. A leading byte order mark is skipped (spans still
/// count it, so positions match the file).
pub fn parse(src: &str) -> Result<Node<'_>, SyntaxError> {
    let mut p = Parser {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        depth: 0,
    };
    if src.starts_with('\u{feff}') {
        p.pos = 3;
    }
    p.skip_ws();
    let node = p.value()?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(SyntaxError {
            trailing: true,
            ..p.err("unexpected text after the JSON value")
        });
    }
    Ok(node)
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, message: &str) -> SyntaxError {
        SyntaxError {
            message: message.to_string(),
            offset: self.pos,
            trailing: false,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Result<Node<'a>, SyntaxError> {
        let start = self.pos;
        let value = match self.peek() {
            None => return Err(self.err("unexpected end of input, expected a value")),
            Some(b'{') => self.object()?,
            Some(b'[') => self.array()?,
            Some(b'"') => NodeValue::String(self.string()?),
            Some(b't') => self.literal("true", NodeValue::Bool(true))?,
            Some(b'f') => self.literal("false", NodeValue::Bool(false))?,
            Some(b'n') => self.literal("null", NodeValue::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(_) => return Err(self.err(&format!("expected a value, found {}", self.found()))),
        };
        Ok(Node {
            value,
            span: Span::new(start, self.pos),
        })
    }

    /// Describes the character at the current position, for messages.
    fn found(&self) -> String {
        match self.src[self.pos..].chars().next() {
            None => "end of input".into(),
            Some(c) if c.is_control() || c == '\u{feff}' => format!("U+{:04X}", c as u32),
            Some(c) => format!("`{c}`"),
        }
    }

    fn literal(&mut self, word: &str, value: NodeValue<'a>) -> Result<NodeValue<'a>, SyntaxError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.err(&format!("expected `{word}`, found {}", self.found())))
        }
    }

    fn enter(&mut self) -> Result<(), SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(&format!(
                "nesting deeper than {MAX_DEPTH} levels; no elicitation document is this deep"
            )));
        }
        Ok(())
    }

    fn object(&mut self) -> Result<NodeValue<'a>, SyntaxError> {
        self.enter()?;
        self.pos += 1;
        let mut members = Vec::with_capacity(8);
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(NodeValue::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.err(&format!(
                    "expected a string key in double quotes, found {}",
                    self.found()
                )));
            }
            let key_start = self.pos;
            let key = self.string()?;
            let key_span = Span::new(key_start, self.pos);
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.err(&format!(
                    "expected `:` after the key, found {}",
                    self.found()
                )));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value()?;
            members.push(Member {
                key,
                key_span,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(b'}') {
                        return Err(self.err("trailing comma before `}`"));
                    }
                }
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    return Err(self.err(&format!(
                        "expected `,` or `}}` after an object member, found {}",
                        self.found()
                    )));
                }
            }
        }
        self.depth -= 1;
        Ok(NodeValue::Object(members))
    }

    fn array(&mut self) -> Result<NodeValue<'a>, SyntaxError> {
        self.enter()?;
        self.pos += 1;
        let mut items = Vec::with_capacity(4);
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(NodeValue::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(b']') {
                        return Err(self.err("trailing comma before `]`"));
                    }
                }
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    return Err(self.err(&format!(
                        "expected `,` or `]` after an array item, found {}",
                        self.found()
                    )));
                }
            }
        }
        self.depth -= 1;
        Ok(NodeValue::Array(items))
    }

    fn number(&mut self) -> Result<NodeValue<'a>, SyntaxError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit after the decimal point"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit in the exponent"));
            }
            self.digits();
        }
        Ok(NodeValue::Number(Cow::Borrowed(&self.src[start..self.pos])))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    /// Reads a string starting at the opening quote. Borrows from the source
    /// unless the string has escapes.
    fn string(&mut self) -> Result<Cow<'a, str>, SyntaxError> {
        self.pos += 1;
        let start = self.pos;
        // Fast path: no escapes.
        loop {
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    let s = &self.src[start..self.pos];
                    self.pos += 1;
                    return Ok(Cow::Borrowed(s));
                }
                Some(b'\\') => break,
                Some(b) if b < 0x20 => {
                    return Err(self.err(&format!(
                        "control character U+{b:04X} in a string; write it as an escape like \\n or \\u{b:04x}"
                    )));
                }
                Some(_) => self.pos += 1,
            }
        }
        let mut out = String::with_capacity(self.pos - start + 16);
        out.push_str(&self.src[start..self.pos]);
        loop {
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let c = self.unicode_escape()?;
                            out.push(c);
                            continue;
                        }
                        _ => return Err(self.err("invalid escape in a string")),
                    };
                    self.pos += 1;
                    out.push(c);
                }
                Some(b) if b < 0x20 => {
                    return Err(self.err(&format!(
                        "control character U+{b:04X} in a string; write it as an escape like \\n or \\u{b:04x}"
                    )));
                }
                Some(_) => {
                    // Copy a run of plain characters at once.
                    let run = self.pos;
                    while let Some(b) = self.peek() {
                        if b == b'"' || b == b'\\' || b < 0x20 {
                            break;
                        }
                        self.pos += 1;
                    }
                    out.push_str(&self.src[run..self.pos]);
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let digits = self
            .bytes
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.err("incomplete \\u escape"))?;
        let mut v = 0u32;
        for &d in digits {
            let n = (d as char)
                .to_digit(16)
                .ok_or_else(|| self.err("invalid hex digit in a \\u escape"))?;
            v = v * 16 + n;
        }
        self.pos += 4;
        Ok(v)
    }

    fn unicode_escape(&mut self) -> Result<char, SyntaxError> {
        let at = self.pos;
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            if self.bytes[self.pos..].starts_with(b"\\u") {
                self.pos += 2;
                let lo = self.hex4()?;
                if (0xDC00..0xE000).contains(&lo) {
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    return char::from_u32(c).ok_or_else(|| self.err("invalid surrogate pair"));
                }
            }
            return Err(SyntaxError {
                message: "unpaired surrogate in a \\u escape".into(),
                offset: at,
                trailing: false,
            });
        }
        char::from_u32(hi).ok_or_else(|| SyntaxError {
            message: "unpaired surrogate in a \\u escape".into(),
            offset: at,
            trailing: false,
        })
    }
}

/// Turns byte offsets into 1-based line and character column. Built once per
/// document, and only when something in it is reported.
pub struct LineIndex<'a> {
    src: &'a str,
    /// Byte offset where each line starts.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(src: &'a str) -> Self {
        let mut starts = vec![0];
        let bytes = src.as_bytes();
        let mut i = 0;
        while let Some(off) = memchr2(b'\n', b'\r', &bytes[i..]) {
            let at = i + off;
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                starts.push(at + 2);
                i = at + 2;
            } else {
                starts.push(at + 1);
                i = at + 1;
            }
            if i >= bytes.len() {
                break;
            }
        }
        LineIndex { src, starts }
    }

    /// 1-based line and column in characters (a BOM is not counted).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let mut text = self.src.get(start..offset).unwrap_or_else(|| {
            // An offset inside a multi-byte character (invalid UTF-8 reports)
            // counts as the character it starts.
            let mut end = offset;
            while !self.src.is_char_boundary(end) {
                end -= 1;
            }
            &self.src[start..end]
        });
        if line == 0 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        (line + 1, text.chars().count() + 1)
    }

    /// The text of a 1-based line, without its line break.
    pub(crate) fn line_text(&self, line: usize) -> &'a str {
        let Some(&start) = self.starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self.starts.get(line).copied().unwrap_or(self.src.len());
        let text = self.src[start..end].trim_end_matches(['\n', '\r']);
        if line == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        }
    }
}

fn memchr2(a: u8, b: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&x| x == a || x == b)
}

/// Appends `key` to a JSON pointer (RFC 6901 escaping).
pub(crate) fn pointer_push(pointer: &str, key: &str) -> String {
    let mut out = String::with_capacity(pointer.len() + key.len() + 1);
    out.push_str(pointer);
    out.push('/');
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// One token of a JSON pointer as the key it names (RFC 6901 unescaping,
/// the inverse of [`pointer_push`]).
pub(crate) fn pointer_token(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// The items of a list with a string `value`, each with its index and
/// whether an earlier item has the same value: a scan of the earlier items
/// while the list is short (the usual case, no allocation), a hash set once
/// it is long, so a list of a million stays linear.
pub(crate) fn repeats<'a>(
    items: &'a [Node<'a>],
    value: impl Fn(&'a Node<'a>) -> Option<&'a str>,
) -> impl Iterator<Item = (usize, &'a Node<'a>, &'a str, bool)> {
    const SCAN: usize = 32;
    let mut set: Option<HashSet<&str>> = None;
    items.iter().enumerate().filter_map(move |(i, item)| {
        let s = value(item)?;
        let repeated = if i < SCAN {
            items[..i].iter().any(|p| value(p) == Some(s))
        } else {
            let set = set.get_or_insert_with(|| items[..i].iter().filter_map(&value).collect());
            !set.insert(s)
        };
        Some((i, item, s, repeated))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_in_memory_becomes_a_node_with_the_same_meaning() {
        let v = serde_json::json!({"a": [1, -0.5, "x\u{7}", null, true], "b": {"c": 1e3}});
        let n = Node::from_value(&v).unwrap();
        assert_eq!(n.to_value(), v);
        assert_eq!(
            n.get("a").unwrap().as_array().unwrap()[1].as_f64(),
            Some(-0.5)
        );
        let text = v.to_string();
        assert_eq!(parse(&text).unwrap().to_value(), n.to_value());
        // Spans keep the text's order and nesting.
        let a = n.get("a").unwrap();
        let b = n.member("b").unwrap();
        assert!(a.span.end <= b.key_span.start);
        assert!(n.span.start < a.span.start && b.value.span.end <= n.span.end);
    }

    #[test]
    fn a_value_in_memory_is_bounded_as_text_is() {
        let mut v = serde_json::json!(1);
        for _ in 0..MAX_DEPTH {
            v = serde_json::json!([v]);
        }
        assert!(Node::from_value(&v).is_ok());
        let v = serde_json::json!([v]);
        let e = Node::from_value(&v).unwrap_err();
        assert!(e.message.contains("deeper than"), "{e}");
        assert!(parse(&v.to_string()).is_err());
    }

    #[test]
    fn positions_are_characters_and_lines() {
        let src = "{\n  \"é\": [1, true],\r\n  \"b\": \"x\"\n}";
        let node = parse(src).unwrap();
        let idx = LineIndex::new(src);
        let b = node.member("b").unwrap();
        assert_eq!(idx.line_col(b.key_span.start), (3, 3));
        let e = node.get("é").unwrap().as_array().unwrap();
        assert_eq!(idx.line_col(e[1].span.start), (2, 12));
    }

    #[test]
    fn bom_is_skipped_and_not_counted() {
        let src = "\u{feff}{\"a\":1}";
        let node = parse(src).unwrap();
        let idx = LineIndex::new(src);
        assert_eq!(
            idx.line_col(node.member("a").unwrap().key_span.start),
            (1, 2)
        );
    }

    #[test]
    fn errors_carry_offsets() {
        let e = parse("{\"a\": tru}").unwrap_err();
        assert_eq!(e.offset, 6);
        let e = parse("[1,]").unwrap_err();
        assert!(e.message.contains("trailing comma"));
        let e = parse("{} x").unwrap_err();
        assert_eq!(e.offset, 3);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = "[".repeat(100_000);
        let e = parse(&src).unwrap_err();
        assert!(e.message.contains("nesting"));
    }

    #[test]
    fn escapes_and_numbers() {
        let n = parse(r#"{"a":"x\u00e9\ud83d\ude00\n","n":-0,"big":1e400}"#).unwrap();
        assert_eq!(n.get("a").unwrap().as_str(), Some("xé😀\n"));
        assert_eq!(n.get("n").unwrap().value, NodeValue::Number("-0".into()));
        assert_eq!(n.get("big").unwrap().as_f64(), None);
        assert!(parse(r#""\ud800""#).is_err());
    }

    #[test]
    fn duplicate_keys_are_kept_and_last_wins() {
        let n = parse(r#"{"type":"string","type":"number"}"#).unwrap();
        assert_eq!(n.as_object().unwrap().len(), 2);
        assert_eq!(n.get("type").unwrap().as_str(), Some("number"));
    }

    #[test]
    fn pointers_escape() {
        assert_eq!(pointer_push("/a", "b/c~d"), "/a/b~1c~0d");
        assert_eq!(pointer_token("b~1c~0d"), "b/c~d");
        assert_eq!(pointer_token("~01"), "~1");
    }
}
