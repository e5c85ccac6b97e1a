//! The bytes of a file as text, through the maintained `encoding_rs` crate: a byte-order mark
//! (UTF-8 skipped; UTF-16 decoded), UTF-16 without a mark, the charset the root's `CA` names
//! (GB2312, Shift-JIS, EUC-KR, ...), and for other text that is not UTF-8 the SGF FF\[4\]
//! default, ISO-8859-1. The moves are ASCII in every case; only texts (names, comments) depend
//! on the charset.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

/// A decoded file.
pub(crate) struct Decoded<'a> {
    /// The text.
    pub(crate) text: Cow<'a, str>,
    /// Remarks that are not leniencies (a charset named by `CA`, the FF\[4\] default).
    pub(crate) notes: Vec<String>,
    /// A leniency: the file is not 8-bit text (UTF-16), or its `CA` names no known charset.
    pub(crate) lenient: Option<String>,
}

/// The value of the first `CA[...]` property in the raw bytes, if any (ASCII in every charset
/// SGF files use, UTF-16 aside).
fn charset_label(bytes: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    while let Some(at) = bytes[i..].windows(3).position(|w| w == b"CA[") {
        let start = i + at;
        // Not the tail of a longer identifier (`XCA[`); FF[3] spellings such as `ChAr` are
        // not charsets anyone writes.
        let standalone = start == 0 || !bytes[start - 1].is_ascii_alphabetic();
        let value = start + 3;
        if standalone {
            let end = bytes[value..].iter().position(|&b| b == b']')?;
            return Some(&bytes[value..value + end]);
        }
        i = value;
    }
    None
}

/// A UTF-16 file without a byte-order mark: SGF starts with `(`, so a NUL next to it tells.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let first = bytes
        .iter()
        .position(|&b| b != 0 && !b.is_ascii_whitespace())?;
    if bytes.get(first + 1) == Some(&0) && first % 2 == 0 {
        Some(UTF_16LE)
    } else if first % 2 == 1 && bytes.get(first - 1) == Some(&0) {
        Some(UTF_16BE)
    } else {
        None
    }
}

fn utf16<'a>(bytes: &'a [u8], encoding: &'static Encoding, bom: usize) -> Decoded<'a> {
    let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
    let mut lenient = format!(
        "the file is {} text, not the 8-bit text SGF is made of; decoded",
        encoding.name().to_lowercase()
    );
    if had_errors {
        lenient.push_str(" (with replacement characters for bad sequences)");
    }
    Decoded {
        text,
        notes: Vec::new(),
        lenient: Some(lenient),
    }
}

/// Decodes `bytes` (see the module doc).
pub(crate) fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        if encoding == UTF_8 {
            return decode(&bytes[bom..]);
        }
        return utf16(bytes, encoding, bom);
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        return utf16(bytes, encoding, 0);
    }
    let ascii = bytes.is_ascii();
    let label = charset_label(bytes);
    let label_text = label.map(|l| String::from_utf8_lossy(l).trim().to_owned());
    let named = label.and_then(|l| Encoding::for_label(l.trim_ascii()));
    let mut notes = Vec::new();
    let mut lenient = None;
    let encoding = match (named, &label_text) {
        (Some(e), _) => e,
        (None, Some(l)) => {
            lenient = Some(format!(
                "CA[{l}] names no charset known; the text is read as utf-8, else iso-8859-1"
            ));
            UTF_8
        }
        (None, None) => UTF_8,
    };
    if ascii {
        // Every charset SGF files use agrees on ASCII.
        let text = std::str::from_utf8(bytes)
            .map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Borrowed);
        return Decoded {
            text,
            notes,
            lenient,
        };
    }
    if encoding == UTF_8 || encoding.output_encoding() == UTF_8 {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                return Decoded {
                    text: Cow::Borrowed(text),
                    notes,
                    lenient,
                };
            }
            Err(e) => {
                let why = if named.is_some() {
                    format!("CA[{}] says utf-8, but", label_text.unwrap_or_default())
                } else {
                    "the file names no charset (CA) and".to_owned()
                };
                notes.push(format!(
                    "{why} the text is not utf-8 (first bad byte at offset {}); it was decoded \
                     as iso-8859-1, the sgf default",
                    e.valid_up_to()
                ));
                let (text, _) = WINDOWS_1252.decode_without_bom_handling(bytes);
                return Decoded {
                    text,
                    notes,
                    lenient,
                };
            }
        }
    }
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    let mut note = format!(
        "the text was decoded from {} (CA[{}])",
        encoding.name(),
        label_text.unwrap_or_default()
    );
    if had_errors {
        note.push_str(", with replacement characters for bytes that are not in that charset");
    }
    notes.push(note);
    Decoded {
        text,
        notes,
        lenient,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charsets_named_by_ca_are_decoded() {
        // @sabaki/sgf's tests/sgf/chinese.sgf: GB2312 bytes of 柯洁.
        let d = decode(b"(;CA[GB2312]PB[\xbf\xc2\xbd\xe0];B[aa])");
        assert!(d.text.contains("PB[柯洁]"), "{}", d.text);
        assert!(d.lenient.is_none());
        assert!(d.notes[0].contains("GBK"), "{:?}", d.notes);
        // Shift-JIS, whose second bytes may be `\` (0x5c): 表 is 0x95 0x5c.
        let d = decode(b"(;CA[Shift_JIS]C[\x95\x5c];B[aa])");
        assert!(d.text.contains("C[表]"), "{}", d.text);
    }

    #[test]
    fn utf16_is_decoded_as_a_leniency() {
        let text = "(;CA[UTF-16LE]PB[á];B[aa])";
        let mut bytes = vec![0xff, 0xfe];
        for u in text.encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        let d = decode(&bytes);
        assert_eq!(d.text, text);
        assert!(d.lenient.is_some());
        // And without the mark.
        let d = decode(&bytes[2..]);
        assert_eq!(d.text, text);
    }

    #[test]
    fn text_without_a_charset_that_is_not_utf8_is_iso_8859_1() {
        let d = decode(b"(;PB[J\xf6rg];B[aa])");
        assert_eq!(d.text, "(;PB[Jörg];B[aa])");
        assert!(d.notes[0].contains("offset 6"), "{:?}", d.notes);
        let d = decode(b"(;CA[foo];B[aa])");
        assert!(d.lenient.is_some_and(|l| l.contains("CA[foo]")));
    }
}
