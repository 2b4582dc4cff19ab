//! Messages assembled during const evaluation, and the ones both the const
//! builders and the proc-macro give.
//!
//! `panic!` in a `const fn` accepts a `&str` argument but cannot format
//! integers, so the builders write their messages into a fixed buffer.

use crate::geometry::{distinct_attack_sets, min_bits, square_name, Piece};

/// A message of up to 256 bytes, built in `const fn`s.
///
/// ```
/// use magic_core::Message;
/// let m = Message::new().str("entry ").dec(42).str(" of ").hex(0xff);
/// assert_eq!(m.as_str(), "entry 42 of 0x00000000000000ff");
/// ```
#[derive(Clone, Copy)]
pub struct Message {
    buf: [u8; 256],
    len: usize,
}

impl Message {
    /// An empty message.
    pub const fn new() -> Message {
        Message {
            buf: [0; 256],
            len: 0,
        }
    }

    /// Appends text.
    pub const fn str(mut self, s: &str) -> Message {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < self.buf.len() {
            self.buf[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// A bitboard as `0x` and sixteen hex digits.
    pub const fn hex(mut self, v: u64) -> Message {
        self = self.str("0x");
        let mut shift = 64;
        while shift > 0 && self.len < self.buf.len() {
            shift -= 4;
            self.buf[self.len] = b"0123456789abcdef"[((v >> shift) & 15) as usize];
            self.len += 1;
        }
        self
    }

    /// Appends a number in decimal.
    pub const fn dec(self, v: usize) -> Message {
        self.dec64(v as u64)
    }

    /// Appends a 64-bit number in decimal.
    pub const fn dec64(mut self, mut v: u64) -> Message {
        let mut digits = [0u8; 20];
        let mut n = 0;
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }

    /// The text so far.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => s,
            // Only whole `&str`s and ASCII digits are ever appended; a
            // message cut at 256 bytes in a character ends here instead.
            Err(e) => match core::str::from_utf8(self.buf.split_at(e.valid_up_to()).0) {
                Ok(s) => s,
                Err(_) => "",
            },
        }
    }

    /// Panics with the message; during const evaluation, a compile error.
    pub const fn panic(&self) -> ! {
        panic!("{}", self.as_str())
    }
}

impl Default for Message {
    fn default() -> Self {
        Message::new()
    }
}

impl PartialEq for Message {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Message {}

impl core::fmt::Debug for Message {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::fmt::Display for Message {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Checks the index bits of one square: at least [`min_bits`] (fewer
/// cannot tell the square's attack sets apart), at most the piece's
/// [`max_bits`](Piece::max_bits). The const builders and `magic_tables!`
/// refuse other values with this message.
///
/// ```
/// use magic_core::{check_bits, Piece};
/// assert_eq!(check_bits(Piece::Rook, 0, 12).ok(), Some(12));
/// assert_eq!(
///     check_bits(Piece::Rook, 0, 5).unwrap_err().as_str(),
///     "5 rook bits is out of range for a1: use 6 to 12 (49 distinct attack sets need at least 6)"
/// );
/// ```
pub const fn check_bits(piece: Piece, sq: usize, bits: u64) -> Result<u32, Message> {
    let (min, max) = (min_bits(piece, sq), piece.max_bits());
    if bits >= min as u64 && bits <= max as u64 {
        return Ok(bits as u32);
    }
    Err(Message::new()
        .dec64(bits)
        .str(" ")
        .str(piece.name())
        .str(" bits is out of range for ")
        .str(square_name(sq))
        .str(": use ")
        .dec(min as usize)
        .str(" to ")
        .dec(max as usize)
        .str(" (")
        .dec(distinct_attack_sets(piece, sq) as usize)
        .str(" distinct attack sets need at least ")
        .dec(min as usize)
        .str(")"))
}
