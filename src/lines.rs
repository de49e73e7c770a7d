//! Reading input line by line in bounded memory.

use std::io::BufRead;

/// A line without its break (`\n`, `\r\n`, or any run of them).
pub(crate) fn trim_line(buf: &[u8]) -> &[u8] {
    let mut end = buf.len();
    while end > 0 && matches!(buf[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &buf[..end]
}

/// What one bounded line read returned.
pub enum LineRead {
    Eof,
    Line,
    /// The line was longer than the limit; it was consumed and dropped.
    TooLong(u64),
}

/// Reads one line into `buf` (cleared first), holding at most `max` bytes:
/// the rest of a longer line is read and thrown away.
pub fn read_line_bounded<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<LineRead> {
    buf.clear();
    let mut total: u64 = 0;
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        total += take as u64;
        if !too_long {
            if buf.len() + take > max.saturating_add(2) {
                too_long = true;
                buf.clear();
                buf.shrink_to(4096);
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        reader.consume(take);
        if done {
            break;
        }
    }
    Ok(if total == 0 {
        LineRead::Eof
    } else if too_long {
        LineRead::TooLong(total)
    } else {
        LineRead::Line
    })
}
