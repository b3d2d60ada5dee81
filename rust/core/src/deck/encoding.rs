//! The text of a deck file from its bytes: UTF-16 by its byte-order mark, else UTF-8, else
//! Windows-1252, the code page older Magic Workstation and MTGO files on Windows were saved in
//! (`Nature’s Lore` with the apostrophe as byte 0x92).

/// The characters Windows-1252 puts at 0x80..=0x9F; the five bytes it leaves undefined map to
/// the C1 controls of the same number, as the WHATWG Encoding Standard's `windows-1252` does.
/// Every other byte is the Latin-1 character of the same number.
const HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// A deck file's text from its bytes (see the module's text). Never fails: a lone surrogate in
/// UTF-16 decodes as U+FFFD, and an odd last byte as the low half of a unit.
pub fn decode_file(bytes: &[u8]) -> String {
    let utf16 = |le: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks(2)
            .map(|c| {
                let pair = [c[0], *c.get(1).unwrap_or(&0)];
                if le {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            })
            .collect();
        String::from_utf16_lossy(&units)
    };
    match bytes {
        [0xFF, 0xFE, ..] => utf16(true),
        [0xFE, 0xFF, ..] => utf16(false),
        _ => match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(_) => bytes.iter().map(|&b| windows_1252(b)).collect(),
        },
    }
}

fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_1252_is_not_latin_1() {
        // 0x92 is the typographic apostrophe, 0x96 the en dash, 0xE9 é (as in Latin-1).
        assert_eq!(decode_file(b"1 Nature\x92s Lore"), "1 Nature\u{2019}s Lore");
        assert_eq!(
            decode_file(b"\x80\x96\xE9\x81"),
            "\u{20AC}\u{2013}\u{E9}\u{81}"
        );
        // Valid UTF-8 stays UTF-8 even where it would also be valid Windows-1252.
        assert_eq!(decode_file("1 Lim-Dûl".as_bytes()), "1 Lim-Dûl");
    }

    #[test]
    fn utf16_by_its_byte_order_mark() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("4 Island".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("4 Island".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode_file(&le), "4 Island");
        assert_eq!(decode_file(&be), "4 Island");
    }
}
