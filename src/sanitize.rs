//! Makes text a server sent safe to print on a terminal.
//!
//! A server controls the message, titles, descriptions and option labels of
//! an elicitation. Printed raw, escape sequences in them could repaint the
//! screen, fake a prompt, write the clipboard (OSC 52) or hide a link target
//! (OSC 8); bidi overrides and zero-width characters could make text read
//! differently from what it is. Everything that is not ordinary visible text
//! is removed or shown as a visible escape. Joiners, non-joiners and
//! variation selectors are text, not controls: emoji sequences (👨‍👩‍👧) and
//! words in Persian, Hindi or Malayalam need them, so they are kept.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is a character that changes how surrounding text is shown
/// rather than being shown itself: bidi controls, zero-width spaces and other
/// invisible format characters. Joiners (ZWJ, ZWNJ) and variation selectors
/// are not among them: they shape the text around them, see `is_shaping`.
pub fn is_invisible(c: char) -> bool {
    !is_shaping(c)
        && matches!(c,
            '\u{00ad}'                  // soft hyphen
            | '\u{034f}'                // combining grapheme joiner
            | '\u{061c}'                // Arabic letter mark
            | '\u{115f}' | '\u{1160}'   // Hangul fillers
            | '\u{17b4}' | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'   // Mongolian selectors
            | '\u{200b}'..='\u{200f}'   // zero-width, LRM, RLM
            | '\u{202a}'..='\u{202e}'   // bidi embeddings and overrides
            | '\u{2060}'..='\u{206f}'   // word joiner, invisible operators, bidi isolates
            | '\u{3164}'                // Hangul filler
            | '\u{fe00}'..='\u{fe0f}'   // variation selectors
            | '\u{feff}'                // zero-width no-break space
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'   // interlinear annotations
            | '\u{e0000}'..='\u{e007f}' // tags
        )
}

/// Whether `c` is a joiner, non-joiner or variation selector: invisible on
/// its own, but part of how legitimate text is written (emoji ZWJ sequences,
/// `☺️`, Persian and Indic words), so it is kept wherever text is shown.
pub(crate) fn is_shaping(c: char) -> bool {
    matches!(c,
        '\u{200c}' | '\u{200d}'      // zero-width non-joiner, joiner
        | '\u{180b}'..='\u{180d}'    // Mongolian free variation selectors
        | '\u{180f}'
        | '\u{fe00}'..='\u{fe0f}'    // variation selectors
        | '\u{e0100}'..='\u{e01ef}'  // variation selectors supplement
    )
}

/// Text for one line: escape sequences removed, control characters
/// (newlines included) and invisible characters shown as `\u{..}` escapes
/// or a space, so nothing can move the cursor.
pub fn line(text: &str) -> Cow<'_, str> {
    clean(text, false)
}

/// `text` cut after `most` characters, `...` marking the cut; whole when
/// it is no longer. Bounds what a peer wrote before it is shown.
pub fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// Text that may span lines: like [`line()`], but `\n` is kept (and `\r\n`
/// becomes `\n`); tabs become spaces.
pub fn block(text: &str) -> Cow<'_, str> {
    clean(text, true)
}

/// Serialised JSON made safe for a terminal without changing what it
/// means: the control characters JSON leaves raw (DEL, the C1 range, where
/// U+009B is a CSI) and invisible characters (bidi overrides, zero-width
/// characters) become `\uXXXX` escapes. They can only occur inside strings,
/// where an escape is the same character to every JSON reader.
pub fn json(text: &str) -> Cow<'_, str> {
    // Newlines and indentation of pretty JSON stay as they are; a control
    // character inside a string is already escaped.
    let risky = |c: char| (c.is_control() && !matches!(c, '\n' | '\r' | '\t')) || is_invisible(c);
    if !text.chars().any(risky) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if risky(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{u:04x}");
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn needs_cleaning(text: &str, keep_newlines: bool) -> bool {
    text.chars()
        .any(|c| (c.is_control() && !(keep_newlines && c == '\n')) || is_invisible(c))
}

fn clean(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    if !needs_cleaning(text, keep_newlines) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // ESC: drop the whole sequence it starts.
            '\u{1b}' => skip_escape(&mut chars),
            // C1 CSI / OSC / DCS / APC / PM / SOS: same, 8-bit forms.
            '\u{9b}' => skip_csi(&mut chars),
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\n' if keep_newlines => out.push('\n'),
            '\r' if keep_newlines && chars.peek() == Some(&'\n') => {}
            '\t' => out.push(' '),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c if is_invisible(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

fn skip_escape(chars: &mut Chars) {
    match chars.peek().copied() {
        Some('[') => {
            chars.next();
            skip_csi(chars);
        }
        Some(']' | 'P' | 'X' | '^' | '_') => {
            chars.next();
            skip_string(chars);
        }
        // Two-character sequences (ESC 7, ESC c, ESC ( B ...).
        Some('(' | ')' | '*' | '+' | '#' | '%') => {
            chars.next();
            chars.next();
        }
        Some(_) => {
            chars.next();
        }
        None => {}
    }
}

/// CSI: parameters and intermediates, then one final byte in `@`..`~`.
fn skip_csi(chars: &mut Chars) {
    for c in chars.by_ref() {
        if ('@'..='~').contains(&c) {
            break;
        }
        if c.is_control() && c != '\u{1b}' {
            break;
        }
    }
}

/// OSC, DCS and friends: everything up to BEL or ST (ESC \ or U+009C).
fn skip_string(chars: &mut Chars) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => break,
            '\u{1b}' => {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                }
                break;
            }
            _ => {}
        }
    }
}

/// HTML-escapes text for element content and quoted attributes.
pub fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn cut_counts_characters_not_bytes() {
        assert_eq!(super::cut("héllo", 5), "héllo");
        assert_eq!(super::cut("héllo wörld", 5), "héllo...");
        assert_eq!(super::cut("", 0), "");
    }

    #[test]
    fn json_escapes_keep_the_meaning() {
        let v =
            serde_json::json!({"t": "a\u{9b}31m\u{202e}b\u{200b}\u{7f}\u{e0041}c", "n": "x\ny"});
        let text = serde_json::to_string_pretty(&v).unwrap();
        let safe = super::json(&text);
        assert!(
            safe.chars()
                .all(|c| c == '\n' || !c.is_control() && !super::is_invisible(c)),
            "{safe}"
        );
        assert!(
            safe.contains("\\u009b31m\\u202eb\\u200b\\u007f\\udb40\\udc41c"),
            "{safe}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), v);
        assert!(matches!(
            super::json("{\"a\": \"plain\"}"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(line("Your name, please: é ✓"), Cow::Borrowed(_)));
    }

    #[test]
    fn escapes_are_removed() {
        assert_eq!(line("\x1b[2J\x1b[1;1HName"), "Name");
        assert_eq!(
            line("a\x1b]8;;https://evil.example\x07click\x1b]8;;\x07b"),
            "aclickb"
        );
        assert_eq!(line("x\x1b]52;c;ZXZpbA==\x1b\\y"), "xy");
        assert_eq!(line("\u{9b}31mred"), "red");
        assert_eq!(line("a\x1bPq#0;2;0;0;0\x1b\\b"), "ab");
    }

    #[test]
    fn controls_and_invisibles_are_shown() {
        assert_eq!(line("a\rb"), "a\\u{d}b");
        assert_eq!(line("one\ntwo"), "one\\u{a}two");
        assert_eq!(block("one\r\ntwo"), "one\ntwo");
        assert_eq!(line("admin\u{202e}gpj.exe"), "admin\\u{202e}gpj.exe");
        assert_eq!(line("pay\u{200b}pal"), "pay\\u{200b}pal");
        assert_eq!(line("\u{7}bell"), "\\u{7}bell");
    }

    #[test]
    fn joiners_and_variation_selectors_are_kept() {
        for text in [
            "👨\u{200d}👩\u{200d}👧",
            "می\u{200c}خواهم",
            "☺\u{fe0f} ok",
            "邊\u{e0101}",
        ] {
            assert!(matches!(line(text), Cow::Borrowed(_)), "{text}");
            assert!(matches!(block(text), Cow::Borrowed(_)), "{text}");
            assert!(matches!(json(text), Cow::Borrowed(_)), "{text}");
        }
        // What can still mislead is not kept, next to a joiner either.
        assert_eq!(
            line("a\u{200d}\u{202e}b\u{1b}[2Jc\u{85}"),
            "a\u{200d}\\u{202e}bc\\u{85}"
        );
    }
}
